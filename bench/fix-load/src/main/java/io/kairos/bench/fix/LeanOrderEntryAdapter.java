package io.kairos.bench.fix;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.agrona.DirectBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.MsgTypes;

/**
 * Decodes the lean order-entry sessions' ExecutionReports (8) and OrderCancelRejects (9) in place and does what
 * {@link OrderEntryApplication} does for the QuickFIX/J client, field for field: finds the request by its ClOrdID
 * ({@link ClOrdIds}, no allocation), records the first response's latency, counts rejects (OrdStatus 8 or a cancel
 * reject) and keeps the session's {@link RestingOrders} current (open when OrdStatus is 0/1/5 and LeavesQty is above
 * zero). Every rejected ExecutionReport (ExecType or OrdStatus 8) and every OrderCancelReject, known ClOrdID or not,
 * is also counted by reason ({@link RejectReasons}). Called on the receiver thread; shares with the sender thread
 * only thread-safe state ({@link RequestLog}, {@link RestingOrders}, the recorder); its counters are read after the
 * receiver thread is joined.
 */
final class LeanOrderEntryAdapter implements LeanSession.Handler
{
    private final ClOrdIds clOrdIds;
    private final RequestLog log;
    private final List<RestingOrders> restingBySession;
    private final LatencyRecorder recorder;
    private final CountDownLatch loggedOn;
    private final RejectReasons rejectReasons;
    private long responses;
    private long rejects;
    private long unknownResponses;

    LeanOrderEntryAdapter(final ClOrdIds clOrdIds, final RequestLog log, final List<RestingOrders> restingBySession,
        final LatencyRecorder recorder, final CountDownLatch loggedOn, final RejectReasons rejectReasons)
    {
        this.rejectReasons = rejectReasons;
        this.clOrdIds = clOrdIds;
        this.log = log;
        this.restingBySession = restingBySession;
        this.recorder = recorder;
        this.loggedOn = loggedOn;
    }

    public void onLogon(final LeanSession session)
    {
        loggedOn.countDown();
    }

    public void onAppMessage(final LeanSession session, final byte msgType, final FixFieldIndex fields,
        final long receivedNs)
    {
        final boolean executionReport = msgType == MsgTypes.EXECUTION_REPORT;
        if (!executionReport && msgType != MsgTypes.ORDER_CANCEL_REJECT)
        {
            return;
        }
        final int ordStatus = fields.firstByte(FixTags.ORD_STATUS);
        if (!executionReport)
        {
            rejectReasons.onReject(RejectReasons.CANCEL_REJECT, fields, receivedNs);
        }
        else if (ordStatus == '8' || fields.firstByte(FixTags.EXEC_TYPE) == '8')
        {
            rejectReasons.onReject(RejectReasons.ORDER_REJECT, fields, receivedNs);
        }
        final int clOrdId = fields.find(FixTags.CL_ORD_ID);
        final int index =
            clOrdId < 0 ? -1 : clOrdIds.index(fields.buffer(), fields.start(clOrdId), fields.end(clOrdId));
        if (!OrderAnswers.isSent(log, index))
        {
            unknownResponses++;
            return;
        }
        responses++;
        if (OrderAnswers.onAnswer(log, recorder, restingBySession.get(session.index()), index, executionReport,
            ordStatus, hasLeaves(fields), receivedNs))
        {
            rejects++;
        }
    }

    /** LeavesQty (151) above zero: any non-zero digit; absent counts as open, as the QuickFIX/J client reads it. */
    private static boolean hasLeaves(final FixFieldIndex fields)
    {
        final int field = fields.find(FixTags.LEAVES_QTY);
        if (field < 0)
        {
            return true;
        }
        final DirectBuffer bytes = fields.buffer();
        for (int i = fields.start(field); i < fields.end(field); i++)
        {
            final byte b = bytes.getByte(i);
            if (b >= '1' && b <= '9')
            {
                return true;
            }
        }
        return false;
    }

    long responses()
    {
        return responses;
    }

    long rejects()
    {
        return rejects;
    }

    long unknownResponses()
    {
        return unknownResponses;
    }
}
