package io.kairos.engine;

/**
 * A resting (or in-flight) order: a pooled, intrusive node that sits in its price level's FIFO
 * list and in its session's list. Owned by the partition's matcher thread.
 */
final class Order
{
    /** A fresh node that nothing writes or links: what {@link #clear()} copies. Read by every matcher thread. */
    private static final Order EMPTY = new Order();

    long orderId;
    int sessionId;
    final AsciiId clOrdId = new AsciiId();
    long clOrdKey;
    int instrumentId;
    Side side;
    OrderType orderType;
    TimeInForce timeInForce;
    long price;
    long orderQty;
    long cumQty;
    long leavesQty;
    /** The most shown on the book at once (FIX MaxFloor), or 0: all of {@link #leavesQty} is shown. */
    long maxFloor;
    /** What the book shows of {@link #leavesQty}: all of it, or an iceberg's current part (at most maxFloor). */
    long shownQty;
    /** Sum of fill price × fill quantity, for AvgPx: the low (unsigned) word of a 128-bit {@link WideNotional}. */
    long notional;
    /** The high word of the same sum; 0 unless it passed 2^64. */
    long notionalHigh;
    /** Null while the order is live; its final state once it is finished (kept for status requests). */
    OrdStatus finalStatus;

    PriceLevel level;
    Order prev;
    Order next;
    Order sessionPrev;
    Order sessionNext;

    long avgPx()
    {
        return cumQty == 0 ? 0 : WideNotional.roundedQuotient(notionalHigh, notional, cumQty);
    }

    OrdStatus ordStatus()
    {
        if (finalStatus != null)
        {
            return finalStatus;
        }
        if (leavesQty == 0 && cumQty > 0)
        {
            return OrdStatus.FILLED;
        }
        return cumQty > 0 ? OrdStatus.PARTIALLY_FILLED : OrdStatus.NEW;
    }

    boolean isIceberg()
    {
        return maxFloor != 0;
    }

    /** What may trade against this order now: the shown part (an iceberg shows its next part once this one is gone). */
    long tradableQty()
    {
        return maxFloor == 0 ? leavesQty : shownQty;
    }

    /** Shows the next part of an iceberg (all of the rest when less than MaxFloor is left); all of any other order. */
    void showNextPart()
    {
        shownQty = maxFloor == 0 ? leavesQty : Math.min(maxFloor, leavesQty);
    }

    void fill(final long quantity, final long atPrice)
    {
        cumQty += quantity;
        leavesQty -= quantity;
        shownQty -= quantity;
        notionalHigh = WideNotional.addHigh(notionalHigh, notional, quantity, atPrice);
        notional = WideNotional.addLow(notional, quantity, atPrice);
    }

    /** Copies everything but the book and session links (a finished order's retained copy). */
    void copyStateFrom(final Order other)
    {
        orderId = other.orderId;
        sessionId = other.sessionId;
        clOrdId.set(other.clOrdId);
        clOrdKey = other.clOrdKey;
        instrumentId = other.instrumentId;
        side = other.side;
        orderType = other.orderType;
        timeInForce = other.timeInForce;
        price = other.price;
        orderQty = other.orderQty;
        cumQty = other.cumQty;
        leavesQty = other.leavesQty;
        maxFloor = other.maxFloor;
        shownQty = other.shownQty;
        notional = other.notional;
        notionalHigh = other.notionalHigh;
        finalStatus = other.finalStatus;
    }

    /** Back to a fresh node's state (state copied from {@link #EMPTY}, so its field list is written once), unlinked. */
    void clear()
    {
        copyStateFrom(EMPTY);
        level = null;
        prev = null;
        next = null;
        sessionPrev = null;
        sessionNext = null;
    }
}
