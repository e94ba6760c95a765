package io.kairos.engine;

/**
 * An order-by-order (L3) change of one instrument's book, for market data. The instance is
 * reused: listeners must copy what they keep before returning.
 *
 * <ul>
 *   <li>{@link Type#ADD}: order {@code orderId} rests at {@code price} with {@code quantity}, at the back of its
 *   level.</li>
 *   <li>{@link Type#MODIFY_KEEP_PRIORITY}: its quantity is reduced to {@code quantity}, same price, same place.</li>
 *   <li>{@link Type#MODIFY_LOSE_PRIORITY}: it now rests at {@code price} with {@code quantity}, at the back of that
 *   level.</li>
 *   <li>{@link Type#DELETE}: it left the book (cancelled, expired or replaced away); price and quantity are its last
 *   values.</li>
 *   <li>{@link Type#EXECUTE}: resting order {@code orderId} traded {@code tradeQuantity} at {@code price} against
 *       {@code aggressorOrderId}; {@code quantity} is what still rests (0 = it left the book; no DELETE follows).</li>
 *   <li>{@link Type#STATUS}: the book's trading status is now {@code tradingStatus} (no order: orderId 0). At a
 *   close, the DELETEs of the expired DAY orders come first.</li>
 * </ul>
 * {@code sequence} counts book events per instrument from 1, without gaps, across restarts of the
 * same journal; {@code recovered} marks the ADDs emitted at start-up to describe a recovered book
 * (they do not advance the sequence: they carry the instrument's last sequence).
 */
public final class BookEvent
{
    public enum Type
    {
        ADD,
        MODIFY_KEEP_PRIORITY,
        MODIFY_LOSE_PRIORITY,
        DELETE,
        EXECUTE,
        STATUS
    }

    /** A fresh event that nothing writes (private): what {@link #reset()} copies. Read by every matcher thread. */
    private static final BookEvent EMPTY = new BookEvent();

    public Type type;
    public int instrumentId;
    public long sequence;
    public long orderId;
    public Side side;
    public long price;
    public long quantity;
    public long tradeQuantity;
    public long aggressorOrderId;
    public Side aggressorSide;
    /** For EXECUTE: the trade's id, which is the ExecID of the resting order's report (the aggressor's is another). */
    public long execId;
    /** For {@link Type#STATUS}: the book's trading status from now on. */
    public TradingStatus tradingStatus;
    public boolean recovered;
    public long engineInNs;
    public long matchStartNs;
    public long engineOutNs;

    /** Back to a fresh event's state: a copy of {@link #EMPTY}, so that the field list is written once (copyFrom). */
    void reset()
    {
        copyFrom(EMPTY);
    }

    /** Copies every field; for consumers that queue events to another thread. */
    public void copyFrom(final BookEvent o)
    {
        type = o.type;
        instrumentId = o.instrumentId;
        sequence = o.sequence;
        orderId = o.orderId;
        side = o.side;
        price = o.price;
        quantity = o.quantity;
        tradeQuantity = o.tradeQuantity;
        aggressorOrderId = o.aggressorOrderId;
        aggressorSide = o.aggressorSide;
        execId = o.execId;
        tradingStatus = o.tradingStatus;
        recovered = o.recovered;
        engineInNs = o.engineInNs;
        matchStartNs = o.matchStartNs;
        engineOutNs = o.engineOutNs;
    }
}
