package io.kairos.l3;

/**
 * The order-by-order book of one instrument, as maintained by its {@link L3BookSet}: read-only
 * views of price levels (aggregated quantity and order count), top-N depth, and allocation-free
 * snapshot iteration in L2 (levels) and L3 (orders, FIFO within a level) form. Depth 0 is the best
 * level of a side. Not thread-safe: read it on the thread that feeds its set.
 */
public final class L3Book
{
    /** Returned by price accessors for a depth that has no level. */
    public static final long NO_PRICE = Long.MIN_VALUE;

    private final int instrumentId;
    private final BookSide bids;
    private final BookSide asks;
    private final LevelNodes levels;
    private final OrderTable orders;
    private final int[] orderCounts;

    L3Book(final int instrumentId, final BookSide bids, final BookSide asks, final LevelNodes levels,
        final OrderTable orders,
        final int[] orderCounts)
    {
        this.instrumentId = instrumentId;
        this.bids = bids;
        this.asks = asks;
        this.levels = levels;
        this.orders = orders;
        this.orderCounts = orderCounts;
    }

    public int instrumentId()
    {
        return instrumentId;
    }

    /** Orders resting on both sides. */
    public int orderCount()
    {
        return orderCounts[instrumentId];
    }

    public int levelCount(final int side)
    {
        return side(side).count();
    }

    /** @return the price at this depth or {@link #NO_PRICE}. */
    public long price(final int side, final int depth)
    {
        final int level = side(side).levelAtDepth(depth);
        return level == LevelNodes.NONE ? NO_PRICE : levels.price(level);
    }

    /** @return the aggregated quantity at this depth, 0 when there is no level. */
    public long quantity(final int side, final int depth)
    {
        return quantityOf(side(side).levelAtDepth(depth));
    }

    /** @return the number of orders at this depth, 0 when there is no level. */
    public int orderCount(final int side, final int depth)
    {
        return orderCountOf(side(side).levelAtDepth(depth));
    }

    /** @return the depth (0 = best) of the level at this price, or -1. */
    public int depthOf(final int side, final long price)
    {
        return side(side).depthOf(price);
    }

    /** @return the aggregated quantity resting at this price, 0 when none. */
    public long quantityAt(final int side, final long price)
    {
        return quantityOf(side(side).levelAt(price));
    }

    /** @return the number of orders resting at this price, 0 when none. */
    public int orderCountAt(final int side, final long price)
    {
        return orderCountOf(side(side).levelAt(price));
    }

    /** Visits up to {@code maxLevels} levels of a side, best first. @return levels visited. */
    public int forEachLevel(final int side, final int maxLevels, final LevelVisitor visitor)
    {
        final BookSide bookSide = side(side);
        final int n = Math.min(maxLevels, bookSide.count());
        for (int depth = 0; depth < n; depth++)
        {
            final int level = bookSide.levelAtDepth(depth);
            visitor.onLevel(instrumentId, side, depth, levels.price(level), levels.quantity(level),
                levels.orderCount(level));
        }
        return n;
    }

    /**
     * Visits the orders of up to {@code maxLevels} levels of a side, best level first, FIFO within a level. @return
     * orders visited.
     */
    public int forEachOrder(final int side, final int maxLevels, final OrderVisitor visitor)
    {
        final BookSide bookSide = side(side);
        final int n = Math.min(maxLevels, bookSide.count());
        int visited = 0;
        for (int depth = 0; depth < n; depth++)
        {
            final int level = bookSide.levelAtDepth(depth);
            final long price = levels.price(level);
            for (int node = levels.head(level); node != OrderTable.NONE; node = orders.next(node))
            {
                visitor.onOrder(instrumentId, side, depth, price, orders.orderId(node), orders.quantity(node));
                visited++;
            }
        }
        return visited;
    }

    BookSide side(final int side)
    {
        return side == Sides.BID ? bids : asks;
    }

    /** @return the aggregated quantity of {@code level}, 0 for {@link LevelNodes#NONE} (no level there). */
    private long quantityOf(final int level)
    {
        return level == LevelNodes.NONE ? 0 : levels.quantity(level);
    }

    /** @return the number of orders at {@code level}, 0 for {@link LevelNodes#NONE} (no level there). */
    private int orderCountOf(final int level)
    {
        return level == LevelNodes.NONE ? 0 : levels.orderCount(level);
    }
}
