package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.MsgTypes;
import org.junit.jupiter.api.Test;

/**
 * The venue's negative answers counted by reason, from real frames handed to the lean client's adapters and to
 * {@link RejectReasons} as the sessions hand them, with explicit receive times.
 */
class RejectReasonsTest
{
    private final Frames frames = new Frames();

    private static RejectCounts.Reason reason(final String text, final long count)
    {
        return new RejectCounts.Reason(text, count);
    }

    @Test
    void shouldGroupReasonsWhoseTextsDifferOnlyInTheirDigits()
    {
        final RejectReasons reasons = new RejectReasons(MeasureWindow.always());
        reasons.onReject(RejectReasons.BUSINESS_REJECT,
            frames.index('j', "45=17|372=D|380=99|58=Throttle limit exceeded (150 in 1000ms)|"), 0);
        reasons.onReject(RejectReasons.BUSINESS_REJECT,
            frames.index('j', "45=18|372=D|380=99|58=Throttle limit exceeded (7 in 250ms)|"), 0);
        reasons.onReject(RejectReasons.BUSINESS_REJECT,
            frames.index('j', "45=19|372=D|380=3|58=Throttle limit exceeded (150 in 1000ms)|"), 0);
        reasons.onReject(RejectReasons.SESSION_REJECT,
            frames.index('3', "45=20|371=44|373=5|58=Value is incorrect for tag 44|"), 0);
        reasons.onReject(RejectReasons.LOGOUT, frames.index('5', ""), 0);

        assertEquals(List.of(
            reason("BusinessMessageReject 380=99: Throttle limit exceeded (# in #ms)", 2),
            reason("BusinessMessageReject 380=3: Throttle limit exceeded (# in #ms)", 1),
            reason("Reject 373=5: Value is incorrect for tag #", 1),
            reason("Logout", 1)), reasons.counts().reasons());
        assertEquals(5, reasons.counts().total());
    }

    @Test
    void shouldCountRejectedOrdersAndCancelRejectsThroughTheOrderEntryAdapterKnownClOrdIdOrNot()
    {
        final RejectReasons reasons = new RejectReasons(MeasureWindow.always());
        final RequestLog log = new RequestLog(16);
        final LeanOrderEntryAdapter adapter = new LeanOrderEntryAdapter(new ClOrdIds("T-"), log,
            List.of(log.newRestingOrders(16)), new LatencyRecorder(), new CountDownLatch(1), reasons);

        adapter.onAppMessage(null, (byte)MsgTypes.EXECUTION_REPORT, frames.index('8',
            "37=NONE|11=X-1|17=E1|150=8|39=8|55=AAPL|54=1|151=0|14=0|6=0|103=99|58=Price 190.25 outside band|"), 1);
        adapter.onAppMessage(null, (byte)MsgTypes.EXECUTION_REPORT, frames.index('8',
            "37=NONE|11=X-2|17=E2|150=8|39=8|55=AAPL|54=1|151=0|14=0|6=0|103=99|58=Price 17 outside band|"), 1);
        adapter.onAppMessage(null, (byte)MsgTypes.ORDER_CANCEL_REJECT, frames.index('9',
            "37=NONE|11=X-3|41=X-1|39=8|434=1|102=1|58=Unknown order|"), 1);
        adapter.onAppMessage(null, (byte)MsgTypes.EXECUTION_REPORT, frames.index('8',
            "37=O1|11=X-4|17=E3|150=0|39=0|55=AAPL|54=1|151=100|14=0|6=0|"), 1);

        assertEquals(List.of(reason("ExecutionReport rejected 103=99: Price #.# outside band", 1),
            reason("ExecutionReport rejected 103=99: Price # outside band", 1),
            reason("OrderCancelReject 102=1: Unknown order", 1)), reasons.counts().reasons());
        assertEquals(4, adapter.unknownResponses(), "none of the ClOrdIDs is the run's");
    }

    @Test
    void shouldCountTheFirstThirtyTwoReasonsApartAndTheRestAsOther()
    {
        final RejectReasons reasons = new RejectReasons(MeasureWindow.always());
        for (int i = 0; i < 40; i++)
        {
            final String distinct = "" + (char)('a' + i % 26) + (char)('a' + i / 26);
            reasons.onReject(RejectReasons.BUSINESS_REJECT, frames.index('j', "45=1|380=0|58=reason " + distinct +
                "|"), 0);
        }
        reasons.onReject(RejectReasons.BUSINESS_REJECT, frames.index('j', "45=1|380=0|58=reason aa|"), 0);

        final RejectCounts counts = reasons.counts();
        assertEquals(RejectReasons.MAX_REASONS, counts.reasons().size());
        assertEquals(reason("BusinessMessageReject 380=0: reason aa", 2), counts.reasons().get(0),
            "a known reason still counts on its own once the table is full");
        assertEquals(40 - RejectReasons.MAX_REASONS, counts.other());
        assertEquals(41, counts.total());
    }

    @Test
    void shouldCountOnlyAnswersReceivedFromTheStartOfTheMeasuredPartOn()
    {
        final MeasureWindow window = new MeasureWindow();
        final RejectReasons reasons = new RejectReasons(window);
        final FixFieldIndex throttle = frames.index('j', "45=1|380=99|58=Throttle limit exceeded (150 in 1000ms)|");
        reasons.onReject(RejectReasons.BUSINESS_REJECT, throttle, 500);
        window.open(1_000);
        reasons.onReject(RejectReasons.BUSINESS_REJECT, throttle, 999);
        reasons.onReject(RejectReasons.BUSINESS_REJECT, throttle, 1_000);
        window.close(2_000);
        reasons.onReject(RejectReasons.BUSINESS_REJECT, throttle, 2_500);

        assertEquals(List.of(reason("BusinessMessageReject 380=99: Throttle limit exceeded (# in #ms)", 2)),
            reasons.counts().reasons(), "the answers to the last measured requests come after the last send");
    }

    @Test
    void shouldAllocateNothingForAReasonSeenBefore()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final RejectReasons reasons = new RejectReasons(MeasureWindow.always());
        final FixFieldIndex throttle = frames.index('j', "45=1|380=99|58=Throttle limit exceeded (150 in 1000ms)|");
        final int calls = 100_000;
        for (int i = 0; i < calls; i++)
        {
            reasons.onReject(RejectReasons.BUSINESS_REJECT, throttle, 0);
        }
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++)
        {
            reasons.onReject(RejectReasons.BUSINESS_REJECT, throttle, 0);
        }
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertTrue(allocated < calls / 10, allocated + " B for " + calls + " rejects of a known reason");
        assertEquals(2L * calls, reasons.counts().total());
    }
}
