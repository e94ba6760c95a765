package io.kairos.engine;

/**
 * An execution-side event addressed to the session that sent the command, as the matcher thread
 * produced it. The instance is reused: listeners must copy what they keep before returning.
 *
 * <p>{@link Kind#EXECUTION_REPORT} maps to FIX 35=8, {@link Kind#CANCEL_REJECT} to 35=9
 * ({@code cxlRejResponseTo} says whether it answers a cancel or a replace) and
 * {@link Kind#MASS_CANCEL_REPORT} to 35=r: one per partition the mass cancel reached, with
 * {@code affectedOrders} for that partition (the publisher told the gateway how many to expect).
 * Prices are fixed-point ({@link Prices}); time stamps are epoch nanoseconds.
 */
public final class ExecutionEvent
{
    public enum Kind
    {
        EXECUTION_REPORT,
        CANCEL_REJECT,
        MASS_CANCEL_REPORT
    }

    /** A fresh event that nothing writes (private): what {@link #reset()} copies. Read by every matcher thread. */
    private static final ExecutionEvent EMPTY = new ExecutionEvent();

    public Kind kind = Kind.EXECUTION_REPORT;
    public int sessionId;
    public long correlationId;
    /** The command this event answers; a fill of a resting order answers nothing ({@code null}). */
    public CommandType cause;
    public ExecType execType;
    public OrdStatus ordStatus;
    public RejectReason rejectReason = RejectReason.NONE;
    public int partition;
    /** Engine order id (FIX 37), unique across partitions; 0 when the order was never accepted. */
    public long orderId;
    /** Execution id (FIX 17), unique across partitions. */
    public long execId;
    public final AsciiId clOrdId = new AsciiId();
    public final AsciiId origClOrdId = new AsciiId();
    public int instrumentId;
    public Side side;
    public OrderType orderType;
    public TimeInForce timeInForce;
    public long price;
    public long orderQty;
    public long cumQty;
    public long leavesQty;
    /** Average fill price, fixed-point, rounded half up; 0 without fills. */
    public long avgPx;
    public long lastPx;
    public long lastQty;
    /** The other side's order id for a trade, 0 otherwise. */
    public long contraOrderId;
    /** For {@link Kind#CANCEL_REJECT}: {@link CommandType#CANCEL} or {@link CommandType#REPLACE}. */
    public CommandType cxlRejResponseTo;
    /** For {@link Kind#MASS_CANCEL_REPORT}: orders cancelled in this partition. */
    public int affectedOrders;
    public long transactTimeNs;
    public long gatewayInNs;
    public long engineInNs;
    public long matchStartNs;
    public long engineOutNs;
    /** Index of the journal record of the command that produced the event; 0 when the journal is off. */
    public long journalIndex;
    /**
     * Re-emitted during start-up recovery because the listener had not delivered it before the restart
     * ({@link EngineEventListener#needsRedelivery}); it may have reached its session once already.
     */
    public boolean recovered;

    /** Back to a fresh event's state: a copy of {@link #EMPTY}, so that the field list is written once (copyFrom). */
    void reset()
    {
        copyFrom(EMPTY);
    }

    /** Copies every field; for consumers that queue events to another thread. */
    public void copyFrom(final ExecutionEvent o)
    {
        kind = o.kind;
        sessionId = o.sessionId;
        correlationId = o.correlationId;
        cause = o.cause;
        execType = o.execType;
        ordStatus = o.ordStatus;
        rejectReason = o.rejectReason;
        partition = o.partition;
        orderId = o.orderId;
        execId = o.execId;
        clOrdId.set(o.clOrdId);
        origClOrdId.set(o.origClOrdId);
        instrumentId = o.instrumentId;
        side = o.side;
        orderType = o.orderType;
        timeInForce = o.timeInForce;
        price = o.price;
        orderQty = o.orderQty;
        cumQty = o.cumQty;
        leavesQty = o.leavesQty;
        avgPx = o.avgPx;
        lastPx = o.lastPx;
        lastQty = o.lastQty;
        contraOrderId = o.contraOrderId;
        cxlRejResponseTo = o.cxlRejResponseTo;
        affectedOrders = o.affectedOrders;
        transactTimeNs = o.transactTimeNs;
        gatewayInNs = o.gatewayInNs;
        engineInNs = o.engineInNs;
        matchStartNs = o.matchStartNs;
        engineOutNs = o.engineOutNs;
        journalIndex = o.journalIndex;
        recovered = o.recovered;
    }
}
