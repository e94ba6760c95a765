package io.kairos.engine;

/**
 * One command to the engine. Gateways keep their own instance (owned by the gateway thread), fill
 * it and hand it to {@link CommandPublisher#publish(EngineCommand)}, which copies it into a
 * preallocated ring slot; the slot is then owned by the partition's journal and matcher threads.
 *
 * <p>Fields by type:
 * <ul>
 *   <li>{@link CommandType#NEW_ORDER}: session, clOrdId, instrumentId, side, orderType, timeInForce,
 *       price (limit only), quantity; optionally minQty and maxFloor.</li>
 *   <li>{@link CommandType#CANCEL}: session, clOrdId, origClOrdId or orderId, instrumentId, side.</li>
 *   <li>{@link CommandType#REPLACE}: as cancel, plus the new price and quantity (total order quantity); orderType
 *       and timeInForce, when set, must be the order's (a replace cannot change them).</li>
 *   <li>{@link CommandType#ORDER_STATUS}: session, clOrdId (may be empty), origClOrdId or orderId, instrumentId.</li>
 *   <li>{@link CommandType#MASS_CANCEL}: session, clOrdId (the request id), instrumentId or
 *       {@link #ALL_INSTRUMENTS}.</li>
 *   <li>{@link CommandType#TRADING_STATUS}: tradingAction, instrumentId or {@link #ALL_INSTRUMENTS}, clOrdId saying
 *       who asked (the schedule, or an operator); session 0 (no session is answered).</li>
 *   <li>{@link CommandType#DISCONNECT}: session, clOrdId naming the operator; always {@link #byOperator}.</li>
 * </ul>
 * An operator's command ({@link #byOperator}: a halt, a kill switch's mass cancel, a disconnect) names the operator in
 * clOrdId; a kill switch's mass cancel is answered to nobody (its cancels go to the orders' owners).
 * {@code correlationId} is opaque to the engine and echoed on every event the command causes.
 */
public final class EngineCommand
{
    public static final int ALL_INSTRUMENTS = -1;

    /** A fresh command that nothing writes (private): what {@link #reset()} copies. Read by any thread. */
    private static final EngineCommand EMPTY = new EngineCommand();

    public CommandType type;
    public int sessionId;
    public long correlationId;
    public final AsciiId clOrdId = new AsciiId();
    public final AsciiId origClOrdId = new AsciiId();
    public long orderId;
    public int instrumentId;
    public Side side;
    public OrderType orderType;
    public TimeInForce timeInForce;
    public long price;
    public long quantity;
    /**
     * New orders: the least quantity the order must trade on entry (FIX MinQty 110), or 0: when less than this can
     * trade at once, the order expires without trading; what is left after entry rests without a minimum.
     */
    public long minQty;
    /**
     * New orders: the most of the order shown on the book at once (FIX MaxFloor 111), or 0 for all of it: an iceberg.
     * Each shown part, once filled, is replaced by the next from the hidden rest, with a new time priority.
     */
    public long maxFloor;
    /** {@link CommandType#TRADING_STATUS}: what is asked of the instrument's (or every instrument's) book. */
    public TradingAction tradingAction;
    /**
     * {@link CommandType#TRADING_STATUS} with {@link TradingAction#OPEN}: the trading day it opens, as yyyymmdd (0 for
     * none). A book that opens a later day than the one it last opened, without a close between (the venue was down at
     * the close), expires that day's DAY orders first.
     */
    public int tradingDate;
    /** Epoch ns when the gateway read the request from the socket (FIX 5979). */
    public long gatewayInNs;
    /** Epoch ns when the command entered the engine's ring (FIX 21002); stamped by the publisher. */
    public long engineInNs;
    /** Set by the publisher on copy when a field did not fit (e.g. ClOrdID too long). */
    public RejectReason preReject = RejectReason.NONE;
    /**
     * The client says it may have sent this request before (FIX PossDupFlag 43=Y): a new order whose
     * ClOrdID the session already used is answered with that order's status, not rejected as a duplicate.
     */
    public boolean possDup;
    /**
     * An operator asked for this command on the management port (kill switch, halt, disconnect), not a session or
     * the schedule: clOrdId holds the operator's name. Journalled, so the record says who asked and when.
     */
    public boolean byOperator;

    /** Whether this command goes to every partition: a mass cancel or a trading status of all instruments. */
    public boolean reachesEveryPartition()
    {
        return instrumentId == ALL_INSTRUMENTS &&
            (type == CommandType.MASS_CANCEL || type == CommandType.TRADING_STATUS);
    }

    /** Back to a fresh command's state: a copy of {@link #EMPTY}, so that the field list is written once (copyFrom). */
    public EngineCommand reset()
    {
        copyFrom(EMPTY);
        return this;
    }

    public void copyFrom(final EngineCommand other)
    {
        type = other.type;
        sessionId = other.sessionId;
        correlationId = other.correlationId;
        clOrdId.set(other.clOrdId);
        origClOrdId.set(other.origClOrdId);
        orderId = other.orderId;
        instrumentId = other.instrumentId;
        side = other.side;
        orderType = other.orderType;
        timeInForce = other.timeInForce;
        price = other.price;
        quantity = other.quantity;
        minQty = other.minQty;
        maxFloor = other.maxFloor;
        tradingAction = other.tradingAction;
        tradingDate = other.tradingDate;
        gatewayInNs = other.gatewayInNs;
        engineInNs = other.engineInNs;
        preReject = other.preReject;
        possDup = other.possDup;
        byOperator = other.byOperator;
    }

    /** Fluent helper for a new order (tests, benchmarks, demo flow); does not allocate. */
    public EngineCommand newOrder(
        final int session, final CharSequence clOrd, final int instrument, final Side orderSide,
        final OrderType type, final TimeInForce tif, final long limitPrice, final long qty)
    {
        reset();
        this.type = CommandType.NEW_ORDER;
        sessionId = session;
        setClOrdId(clOrd);
        instrumentId = instrument;
        side = orderSide;
        orderType = type;
        timeInForce = tif;
        price = limitPrice;
        quantity = qty;
        return this;
    }

    /** Fluent helper for a cancel by OrigClOrdID; does not allocate. */
    public EngineCommand cancel(
        final int session, final CharSequence clOrd, final CharSequence origClOrd, final int instrument,
        final Side orderSide)
    {
        reset();
        type = CommandType.CANCEL;
        sessionId = session;
        setClOrdId(clOrd);
        if (!origClOrdId.set(origClOrd))
        {
            preReject = RejectReason.CL_ORD_ID_TOO_LONG;
        }
        instrumentId = instrument;
        side = orderSide;
        return this;
    }

    /** Fluent helper for a cancel/replace by OrigClOrdID; does not allocate. */
    public EngineCommand replace(
        final int session, final CharSequence clOrd, final CharSequence origClOrd, final int instrument,
        final Side orderSide, final long newPrice, final long newQuantity)
    {
        cancel(session, clOrd, origClOrd, instrument, orderSide);
        type = CommandType.REPLACE;
        price = newPrice;
        quantity = newQuantity;
        return this;
    }

    /** Fluent helper for an order status request by OrigClOrdID; does not allocate. */
    public EngineCommand orderStatus(final int session, final CharSequence origClOrd, final int instrument)
    {
        cancel(session, "", origClOrd, instrument, null);
        type = CommandType.ORDER_STATUS;
        return this;
    }

    /** Fluent helper for a mass cancel of the session's orders, in one instrument or {@link #ALL_INSTRUMENTS}. */
    public EngineCommand massCancel(final int session, final CharSequence requestId, final int instrument)
    {
        reset();
        type = CommandType.MASS_CANCEL;
        sessionId = session;
        setClOrdId(requestId);
        instrumentId = instrument;
        return this;
    }

    /**
     * Fluent helper for a trading action on one instrument or {@link #ALL_INSTRUMENTS}, {@code requestedBy} recorded
     * in the ClOrdID field (who asked: the journal keeps it); does not allocate.
     */
    public EngineCommand tradingAction(final int instrument, final TradingAction action,
        final CharSequence requestedBy)
    {
        reset();
        type = CommandType.TRADING_STATUS;
        instrumentId = instrument;
        tradingAction = action;
        setClOrdId(requestedBy);
        return this;
    }

    /**
     * Fluent helper for an operator's kill switch on one session: a mass cancel of all its orders in every
     * instrument, answered to nobody (the owner gets each order's cancel), {@code operator} recorded as who asked.
     */
    public EngineCommand operatorCancelAll(final int session, final CharSequence operator)
    {
        massCancel(session, operator, ALL_INSTRUMENTS);
        byOperator = true;
        return this;
    }

    /** Fluent helper for an operator's halt, resume or other trading action, {@code operator} recorded as who asked. */
    public EngineCommand operatorTradingAction(final int instrument, final TradingAction action,
        final CharSequence operator)
    {
        tradingAction(instrument, action, operator);
        byOperator = true;
        return this;
    }

    /** Fluent helper for the record of an operator's disconnect of {@code session}. */
    public EngineCommand operatorDisconnect(final int session, final CharSequence operator)
    {
        reset();
        type = CommandType.DISCONNECT;
        sessionId = session;
        setClOrdId(operator);
        instrumentId = ALL_INSTRUMENTS;
        byOperator = true;
        return this;
    }

    private void setClOrdId(final CharSequence value)
    {
        if (!clOrdId.set(value))
        {
            preReject = RejectReason.CL_ORD_ID_TOO_LONG;
        }
    }
}
