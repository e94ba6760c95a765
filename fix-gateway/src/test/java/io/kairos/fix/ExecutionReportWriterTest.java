package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Consumer;

import io.kairos.engine.CommandType;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrdStatus;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.RejectReason;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.Test;

/**
 * The writer reuses one ExecutionReport encoder and clears only the fields a report may leave out: whatever report
 * came before, each encodes exactly as it does on a fresh writer (every kind of report after every other).
 */
class ExecutionReportWriterTest
{
    private static final ReferenceData REFERENCE_DATA =
        new ReferenceData(List.of(new Instrument("AAPL", 0, 0, Prices.parse("0.01"), 1, Prices.parse("190"), 0)), 1);

    private static final List<Consumer<QueuedExecution>> REPORTS = List.of(
        e -> report(e, ExecType.NEW, OrdStatus.NEW),
        e ->
        {
            report(e, ExecType.TRADE, OrdStatus.PARTIALLY_FILLED);
            e.event.lastPx = Prices.parse("190.01");
            e.event.lastQty = 3;
            e.event.cumQty = 3;
        },
        e ->
        {
            report(e, ExecType.REJECTED, OrdStatus.REJECTED);
            e.event.orderId = 0;
            e.event.rejectReason = RejectReason.DUPLICATE_CL_ORD_ID;
        },
        e ->
        {
            report(e, ExecType.REJECTED, OrdStatus.REJECTED);
            e.event.orderType = null;
            e.event.timeInForce = null;
            e.gatewayReject = GatewayReject.UNSUPPORTED_ORDER_TYPE;
        },
        e ->
        {
            report(e, ExecType.CANCELED, OrdStatus.CANCELED);
            e.event.cause = CommandType.CANCEL;
            e.event.origClOrdId.set("C-0");
            e.event.orderType = OrderType.MARKET;
        },
        e ->
        {
            report(e, ExecType.ORDER_STATUS, OrdStatus.NEW);
            e.event.cause = CommandType.ORDER_STATUS;
            e.event.clOrdId.clear();
            e.event.origClOrdId.set("S-1");
        },
        e ->
        {
            report(e, ExecType.REPLACED, OrdStatus.NEW);
            e.event.cause = CommandType.REPLACE;
            e.event.origClOrdId.set("R-0");
            e.event.recovered = true;
        },
        e ->
        {
            report(e, ExecType.NEW, OrdStatus.NEW);
            e.event.instrumentId = 7;
            e.unknownSymbol.set("NOPE");
        });

    @Test
    void shouldEncodeEveryReportAsAFreshWriterDoesWhateverCameBefore()
    {
        final ExecutionReportWriter reused = writer();
        for (int before = 0; before < REPORTS.size(); before++)
        {
            for (int report = 0; report < REPORTS.size(); report++)
            {
                reused.encodeExecutionReport(execution(REPORTS.get(before)));
                final String afterAnother = reused.encodeExecutionReport(execution(REPORTS.get(report))).toString();
                final String fresh = writer().encodeExecutionReport(execution(REPORTS.get(report))).toString();
                assertEquals(fresh, afterAnother, "report " + report + " after report " + before);
            }
        }
    }

    private static ExecutionReportWriter writer()
    {
        return new ExecutionReportWriter(REFERENCE_DATA, 1,
            new OrderEntryLatency(new SimpleMeterRegistry(), new SystemEpochNanoClock()));
    }

    private static QueuedExecution execution(final Consumer<QueuedExecution> report)
    {
        final QueuedExecution execution = new QueuedExecution();
        report.accept(execution);
        return execution;
    }

    private static void report(final QueuedExecution e, final ExecType execType, final OrdStatus ordStatus)
    {
        final ExecutionEvent event = e.event;
        event.kind = ExecutionEvent.Kind.EXECUTION_REPORT;
        event.cause = CommandType.NEW_ORDER;
        event.execType = execType;
        event.ordStatus = ordStatus;
        event.orderId = 4_097;
        event.execId = 8_193;
        event.clOrdId.set("C-1");
        event.instrumentId = 0;
        event.side = Side.SELL;
        event.orderType = OrderType.LIMIT;
        event.timeInForce = TimeInForce.IOC;
        event.price = Prices.parse("190.02");
        event.orderQty = 10;
        event.leavesQty = 10;
        event.transactTimeNs = 1_764_000_000_000_000_001L;
        event.gatewayInNs = 11;
        event.engineInNs = 12;
        event.engineOutNs = 13;
        e.responseInNs = 14;
    }
}
