package io.kairos.fix;

import static io.kairos.fix.Requests.BUY;
import static io.kairos.fix.Requests.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.CommandType;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.testsupport.Await;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderEntryLatencyTest
{
    private static final List<String> HOPS = List.of("gateway-in-to-engine-in", "engine-in-to-engine-out",
        "engine-out-to-gateway-response-in", "gateway-response-in-to-gateway-out");

    @TempDir
    Path dir;

    @Test
    void shouldSampleEachRequestOnceAtItsAcknowledgementAndNotItsFills() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"));
            QfjClient seller = fixture.client(1, dir.resolve("store")).startAndLogon();
            QfjClient buyer = fixture.client(2, dir.resolve("store")).startAndLogon())
        {
            QfjClient.trade(seller, Requests.limit("S1", SELL, "AAPL", 2, 100),
                buyer, Requests.limit("B1", BUY, "AAPL", 2, 100));
            buyer.place(Requests.limit("B2", BUY, "AAPL", 1, 95));
            buyer.send(Requests.cancel("B3", "B2", BUY, "AAPL"));
            buyer.expectReport('4');

            // 6 reports, 4 of them acknowledgements (3 New, 1 Canceled); the sample follows the send
            final Timer doorToDoor = fixture.registry.get(OrderEntryLatency.DOOR_TO_DOOR).timer();
            Await.until("4 door-to-door samples", () -> doorToDoor.count() == 4);
            assertTrue(doorToDoor.max(TimeUnit.NANOSECONDS) > 0, "a positive latency");
            for (final String hop : HOPS)
            {
                final Timer timer = fixture.registry.get(OrderEntryLatency.HOP).tag("hop", hop).timer();
                assertEquals(4, timer.count(), hop);
            }
            assertEquals(4, doorToDoor.count(), "no later sample");
        }
    }

    @Test
    void shouldTakeOnlyTheFirstAnswerToARequestAsItsAcknowledgement()
    {
        assertTrue(OrderEntryLatency.isAcknowledgement(report(ExecType.NEW, CommandType.NEW_ORDER)));
        assertTrue(OrderEntryLatency.isAcknowledgement(report(ExecType.REJECTED, CommandType.NEW_ORDER)));
        assertTrue(OrderEntryLatency.isAcknowledgement(report(ExecType.REPLACED, CommandType.REPLACE)));
        assertTrue(OrderEntryLatency.isAcknowledgement(report(ExecType.ORDER_STATUS, CommandType.ORDER_STATUS)));
        assertTrue(OrderEntryLatency.isAcknowledgement(report(ExecType.CANCELED, CommandType.CANCEL)));
        assertFalse(OrderEntryLatency.isAcknowledgement(report(ExecType.TRADE, CommandType.NEW_ORDER)));
        assertFalse(OrderEntryLatency.isAcknowledgement(report(ExecType.TRADE, null)));
        assertFalse(OrderEntryLatency.isAcknowledgement(report(ExecType.EXPIRED, CommandType.NEW_ORDER)));
        assertFalse(OrderEntryLatency.isAcknowledgement(report(ExecType.CANCELED, CommandType.NEW_ORDER)),
            "a resting order cancelled by self-trade prevention");
        final ExecutionEvent cancelReject = new ExecutionEvent();
        cancelReject.kind = ExecutionEvent.Kind.CANCEL_REJECT;
        assertTrue(OrderEntryLatency.isAcknowledgement(cancelReject));
    }

    private static ExecutionEvent report(final ExecType execType, final CommandType cause)
    {
        final ExecutionEvent event = new ExecutionEvent();
        event.kind = ExecutionEvent.Kind.EXECUTION_REPORT;
        event.execType = execType;
        event.cause = cause;
        return event;
    }
}
