package io.kairos.fix;

import java.util.concurrent.TimeUnit;

import io.kairos.engine.CommandType;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.RejectReason;
import io.kairos.engine.Side;
import io.kairos.fix.codecs.builder.ExecutionReportEncoder;
import io.kairos.fix.codecs.builder.HeaderEncoder;
import io.kairos.fix.codecs.builder.OrderCancelRejectEncoder;
import io.kairos.fix.codecs.builder.OrderMassCancelReportEncoder;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Encodes what the engine (or the gateway itself) answered into ExecutionReport (35=8),
 * OrderCancelReject (35=9) and OrderMassCancelReport (35=r), each with the latency stamps 5979
 * RequestTime, 21002 TrdRegTSTimeIn, 21003 TrdRegTSTimeOut and 7765 ResponseIn (epoch ns), and sends it
 * on the session; Artio adds the header with a nanosecond SendingTime. Preallocated encoders and id
 * buffers: allocation-free. Owned by the library thread.
 */
final class ExecutionReportWriter
{
    private static final byte[] NONE = {'N', 'O', 'N', 'E'};
    private static final byte[] LOCAL_EXEC_ID_PREFIX = {'G', 'W'};
    private static final byte[] MASS_CANCEL_ID_PREFIX = {'M', 'C'};
    private static final int MAX_ID_LENGTH = 24;
    /** Symbol (55) of a mass cancel that named no instrument; the encoder requires the Instrument component. */
    private static final String NOT_APPLICABLE = "[N/A]";

    private final ExecutionReportEncoder executionReport = new ExecutionReportEncoder();
    private final OrderCancelRejectEncoder cancelReject = new OrderCancelRejectEncoder();
    private final OrderMassCancelReportEncoder massCancelReport = new OrderMassCancelReportEncoder();
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder(EpochFractionFormat.NANOSECONDS);
    private final byte[] orderIdBytes = new byte[MAX_ID_LENGTH];
    private final MutableAsciiBuffer orderIdBuffer = new MutableAsciiBuffer(orderIdBytes);
    private final byte[] execIdBytes = new byte[MAX_ID_LENGTH];
    private final MutableAsciiBuffer execIdBuffer = new MutableAsciiBuffer(execIdBytes);
    private final ReferenceData referenceData;
    private final OrderEntryLatency latency;
    private long nextLocalExecId;

    /**
     * @param firstLocalExecId first number of the gateway's own ExecIDs ("GW" + number); e.g. the launch time in ns
     * @param latency          samples every report handed to Artio (the one place all sends pass)
     */
    ExecutionReportWriter(final ReferenceData referenceData, final long firstLocalExecId,
        final OrderEntryLatency latency)
    {
        this.referenceData = referenceData;
        this.latency = latency;
        nextLocalExecId = firstLocalExecId;
    }

    /**
     * Sends the ExecutionReport, OrderCancelReject or (aggregated) OrderMassCancelReport of {@code execution}.
     * @return Artio's send position (negative: back-pressured).
     */
    long send(final Session session, final QueuedExecution execution)
    {
        final long position = switch (execution.event.kind)
        {
            case CANCEL_REJECT -> sendCancelReject(session, execution);
            case MASS_CANCEL_REPORT -> sendMassCancelReport(session, execution);
            default -> sendExecutionReport(session, execution);
        };
        if (position >= 0)
        {
            latency.onSent(execution);
        }
        return position;
    }

    private long sendExecutionReport(final Session session, final QueuedExecution execution)
    {
        return session.trySend(encodeExecutionReport(execution));
    }

    /**
     * Sends a drop copy of the ExecutionReport of {@code execution} on {@code dropCopy}: the same report, with
     * CopyMsgIndicator (797) = Y and DeliverToCompID (128) = {@code copyOf}, the order-entry session it was sent
     * to. Not sampled for latency (the original was). Allocation-free.
     * @return Artio's send position (negative: back-pressured).
     */
    long sendCopy(final Session dropCopy, final QueuedExecution execution, final String copyOf)
    {
        final ExecutionReportEncoder report = encodeExecutionReport(execution);
        report.copyMsgIndicator(true);
        report.header().deliverToCompID(copyOf);
        final long position = dropCopy.trySend(report);
        report.resetCopyMsgIndicator();
        return position;
    }

    /** Fills the ExecutionReport encoder with the report of {@code execution}; package-private for tests. */
    ExecutionReportEncoder encodeExecutionReport(final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        final ExecutionReportEncoder report = executionReport;
        resetFieldsNotAlwaysSet(report);
        report.orderID(orderIdBytes, 0, formatOrderId(event.orderId));
        report.execID(execIdBytes, 0, formatExecId(execution));
        if (!event.clOrdId.isEmpty())
        {
            report.clOrdID(event.clOrdId);
        }
        else if (event.cause == CommandType.ORDER_STATUS && !event.origClOrdId.isEmpty())
        {
            report.clOrdID(event.origClOrdId);
        }
        if (!event.origClOrdId.isEmpty() && (event.cause == CommandType.CANCEL || event.cause == CommandType.REPLACE))
        {
            report.origClOrdID(event.origClOrdId);
        }
        report.execType(event.execType.fixCode());
        report.ordStatus(event.ordStatus.fixCode());
        report.side(sideCode(event.side));
        writeSymbol(execution);
        if (event.orderType != null)
        {
            report.ordType(event.orderType.fixCode());
        }
        if (event.timeInForce != null)
        {
            report.timeInForce(event.timeInForce.fixCode());
        }
        if (event.orderType == OrderType.LIMIT && event.price > 0)
        {
            report.price(event.price, Prices.DECIMALS);
        }
        report.orderQtyData().orderQty(event.orderQty, 0);
        report.cumQty(event.cumQty, 0);
        report.leavesQty(event.leavesQty, 0);
        report.avgPx(event.avgPx, Prices.DECIMALS);
        if (event.execType == ExecType.TRADE)
        {
            report.lastPx(event.lastPx, Prices.DECIMALS);
            report.lastQty(event.lastQty, 0);
        }
        writeRejectReason(execution);
        report.transactTime(transactTime.buffer(), 0, encodeTransactTime(execution));
        report.requestTime(event.gatewayInNs)
            .trdRegTSTimeIn(event.engineInNs)
            .trdRegTSTimeOut(event.engineOutNs)
            .responseIn(execution.responseInNs);
        possResend(report.header(), event);
        return report;
    }

    /**
     * Clears what the previous report may have set and this one may leave out; every other field is written on
     * every report. The encoder's {@code reset()} clears the header and all ~150 fields and components of FIX 4.4's
     * ExecutionReport, a cost that shows in the hot thread's profile at high rates. Whichever field
     * {@link #encodeExecutionReport} sets only sometimes must be cleared here:
     * {@code ExecutionReportWriterTest} encodes every kind of report after every other and compares each with what
     * a fresh writer encodes.
     */
    private static void resetFieldsNotAlwaysSet(final ExecutionReportEncoder report)
    {
        report.header().reset();
        report.resetClOrdID();
        report.resetOrigClOrdID();
        report.resetOrdType();
        report.resetTimeInForce();
        report.resetPrice();
        report.resetLastPx();
        report.resetLastQty();
        report.resetOrdRejReason();
        report.resetText();
    }

    private void writeSymbol(final QueuedExecution execution)
    {
        final Instrument instrument = referenceData.byId(execution.event.instrumentId);
        if (instrument != null && execution.unknownSymbol.isEmpty())
        {
            executionReport.instrument().symbol(instrument.symbol());
        }
        else
        {
            executionReport.instrument().symbol(execution.unknownSymbol);
        }
    }

    private void writeRejectReason(final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        if (execution.gatewayReject != null)
        {
            executionReport.ordRejReason(99).text(execution.gatewayReject.text());
        }
        else if (event.rejectReason != RejectReason.NONE)
        {
            if (event.execType == ExecType.REJECTED)
            {
                executionReport.ordRejReason(event.rejectReason.ordRejReason());
            }
            executionReport.text(event.rejectReason.text());
        }
    }

    private long sendCancelReject(final Session session, final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        final OrderCancelRejectEncoder reject = cancelReject;
        reject.reset();
        reject.orderID(orderIdBytes, 0, formatOrderId(event.orderId));
        reject.clOrdID(event.clOrdId);
        reject.origClOrdID(event.origClOrdId);
        reject.ordStatus(event.ordStatus == null ? '8' : event.ordStatus.fixCode());
        reject.cxlRejResponseTo(event.cxlRejResponseTo == CommandType.REPLACE ? '2' : '1');
        if (execution.gatewayReject != null)
        {
            reject.cxlRejReason(99).text(execution.gatewayReject.text());
        }
        else
        {
            reject.cxlRejReason(event.rejectReason.cxlRejReason());
            if (event.rejectReason != RejectReason.NONE)
            {
                reject.text(event.rejectReason.text());
            }
        }
        reject.transactTime(transactTime.buffer(), 0, encodeTransactTime(execution));
        reject.requestTime(event.gatewayInNs)
            .trdRegTSTimeIn(event.engineInNs)
            .trdRegTSTimeOut(event.engineOutNs)
            .responseIn(execution.responseInNs);
        possResend(reject.header(), execution.event);
        return session.trySend(reject);
    }

    private long sendMassCancelReport(final Session session, final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        final OrderMassCancelReportEncoder report = massCancelReport;
        report.reset();
        report.clOrdID(event.clOrdId);
        report.orderID(orderIdBytes, 0, formatPrefixed(orderIdBuffer, MASS_CANCEL_ID_PREFIX, event.correlationId));
        report.massCancelRequestType(execution.massCancelRequestType);
        final Instrument instrument = referenceData.byId(event.instrumentId);
        if (instrument != null)
        {
            report.instrument().symbol(instrument.symbol());
        }
        else
        {
            report.instrument().symbol(execution.unknownSymbol.isEmpty() ? NOT_APPLICABLE : execution.unknownSymbol);
        }
        if (execution.massCancelRejectReason != 0)
        {
            report.massCancelResponse('0');
            report.massCancelRejectReason(execIdBytes, 0,
                execIdBuffer.putCharAscii(0, execution.massCancelRejectReason));
        }
        else
        {
            report.massCancelResponse(execution.massCancelRequestType);
            report.totalAffectedOrders(event.affectedOrders);
        }
        if (execution.gatewayReject != null)
        {
            report.text(execution.gatewayReject.text());
        }
        else if (event.rejectReason != RejectReason.NONE)
        {
            report.text(event.rejectReason.text());
        }
        report.requestTime(event.gatewayInNs)
            .trdRegTSTimeIn(event.engineInNs)
            .trdRegTSTimeOut(event.engineOutNs)
            .responseIn(execution.responseInNs);
        return session.trySend(report);
    }

    /** FIX 37: the engine order id in decimal, "NONE" when the engine never accepted the order. */
    private int formatOrderId(final long orderId)
    {
        if (orderId == 0)
        {
            System.arraycopy(NONE, 0, orderIdBytes, 0, NONE.length);
            return NONE.length;
        }
        return orderIdBuffer.putLongAscii(0, orderId);
    }

    /**
     * FIX 17: the engine's execution id, or "GW" + a gateway number for reports the gateway made itself (numbered at
     * their first encoding, so that a drop copy has the same ExecID).
     */
    private int formatExecId(final QueuedExecution execution)
    {
        final long execId = execution.event.execId;
        if (execId != 0)
        {
            return execIdBuffer.putLongAscii(0, execId);
        }
        if (execution.localExecId == 0)
        {
            execution.localExecId = nextLocalExecId++;
        }
        return formatPrefixed(execIdBuffer, LOCAL_EXEC_ID_PREFIX, execution.localExecId);
    }

    private static int formatPrefixed(final MutableAsciiBuffer buffer, final byte[] prefix, final long number)
    {
        buffer.putBytes(0, prefix);
        return prefix.length + buffer.putLongAscii(prefix.length, number);
    }

    /** Encodes TransactTime (60) into {@link #transactTime}: the engine's, else ResponseIn. @return its length */
    private int encodeTransactTime(final QueuedExecution execution)
    {
        final long transactTimeNs =
            execution.event.transactTimeNs != 0 ? execution.event.transactTimeNs : execution.responseInNs;
        return transactTime.encodeFrom(transactTimeNs, TimeUnit.NANOSECONDS);
    }

    private static char sideCode(final Side side)
    {
        return side == null ? Side.BUY.fixCode() : side.fixCode();
    }

    /** A report re-emitted after a restart may have reached the client before: PossResend (97) = Y says so. */
    private static void possResend(final HeaderEncoder header, final ExecutionEvent event)
    {
        if (event.recovered)
        {
            header.possResend(true);
        }
        else
        {
            header.resetPossResend();
        }
    }
}
