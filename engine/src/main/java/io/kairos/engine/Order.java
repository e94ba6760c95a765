package io.kairos.engine;

/**
 * A resting (or in-flight) order: a pooled, intrusive node that sits in its price level's FIFO
 * list and in its session's list. Owned by the partition's matcher thread.
 */
final class Order
{
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

    void fill(final long quantity, final long atPrice)
    {
        cumQty += quantity;
        leavesQty -= quantity;
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
        notional = other.notional;
        notionalHigh = other.notionalHigh;
        finalStatus = other.finalStatus;
    }

    void clear()
    {
        orderId = 0;
        sessionId = 0;
        clOrdId.clear();
        clOrdKey = 0;
        instrumentId = 0;
        side = null;
        orderType = null;
        timeInForce = null;
        price = 0;
        orderQty = 0;
        cumQty = 0;
        leavesQty = 0;
        notional = 0;
        notionalHigh = 0;
        finalStatus = null;
        level = null;
        prev = null;
        next = null;
        sessionPrev = null;
        sessionNext = null;
    }
}
