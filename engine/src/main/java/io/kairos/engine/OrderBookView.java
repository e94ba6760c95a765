package io.kairos.engine;

/**
 * Read-only queries on one instrument's live book, for a caller of {@link MatchingCore}: on the thread that
 * owns the matcher, between commands (the book changes under any other thread). Levels are counted from the
 * best price (0 = best). Allocation-free.
 */
public interface OrderBookView
{
    /** What {@link #bestPrice} answers for an empty side. */
    long NO_PRICE = Long.MIN_VALUE;

    Instrument instrument();

    /** The best price of {@code side} in price units, or {@link #NO_PRICE} when the side is empty. */
    long bestPrice(Side side);

    /** Resting quantity at {@code price} on {@code side}; 0 when there is no level there. */
    long quantityAt(Side side, long price);

    int levelCount(Side side);

    long levelPrice(Side side, int fromBest);

    long levelQuantity(Side side, int fromBest);

    int levelOrderCount(Side side, int fromBest);

    /** Visits the orders of one level in time priority; returns how many it visited. */
    int forEachOrder(Side side, int fromBest, RestingOrderVisitor visitor);

    /** One resting order, as {@link #forEachOrder} shows it. */
    @FunctionalInterface
    interface RestingOrderVisitor
    {
        void onOrder(long orderId, int sessionId, long price, long leavesQty);
    }
}
