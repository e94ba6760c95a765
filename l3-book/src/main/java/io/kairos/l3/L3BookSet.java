package io.kairos.l3;

import java.util.Arrays;

/**
 * Order-by-order books for many instruments, fed by L3 events keyed by order id. Order ids are
 * unique across the whole set (as on a venue-wide feed). All books share one open-addressing order
 * table whose slots are the order nodes ({@link OrderTable}: finding an order is reading it) and
 * one pool of level nodes, so millions of resting orders cost two primitive arrays and no
 * per-order objects.
 *
 * <p>Event methods return {@link L3Result#OK} or a negative {@link L3Result} code and never throw
 * on bad input; a rejected event changes nothing. After warm-up (order table, level pool and level arrays at
 * their high-water size, each instrument's book created by its first add) no method allocates.
 *
 * <p>Not thread-safe: owned by one thread (the feed handler's), which is also the only reader.
 */
public final class L3BookSet implements L3EventSink
{
    /** Returned by order accessors for an unknown order id. */
    public static final long UNKNOWN = -1;

    private final L3Book[] books;
    /** Book sides by {@code instrumentId * 2 + side}, so the event path reaches a side in one hop (no L3Book on it). */
    private final BookSide[] sides;
    private final int[] orderCounts;
    private final OrderTable orders;
    private final LevelNodes levels;
    private final int levelCapacityPerSide;

    /**
     * @param maxInstrumentId        highest instrument id accepted (ids are array indexes)
     * @param expectedOrders         resting orders to size the order table for (it grows past half full)
     * @param levelCapacityPerSide   initial sorted-array capacity of each side of each book
     */
    public L3BookSet(final int maxInstrumentId, final int expectedOrders, final int levelCapacityPerSide)
    {
        if (maxInstrumentId < 0 || maxInstrumentId > 16_777_216)
        {
            throw new IllegalArgumentException("maxInstrumentId must be in [0, 16777216], was " + maxInstrumentId);
        }
        if (expectedOrders < 0 || levelCapacityPerSide < 0)
        {
            throw new IllegalArgumentException("capacities must be >= 0");
        }
        books = new L3Book[maxInstrumentId + 1];
        sides = new BookSide[(maxInstrumentId + 1) * 2];
        orderCounts = new int[maxInstrumentId + 1];
        levels = new LevelNodes(Math.max(16, expectedOrders / 4));
        orders = new OrderTable(expectedOrders, levels);
        this.levelCapacityPerSide = levelCapacityPerSide;
    }

    /** @return the book of this instrument, or null before its first add. */
    public L3Book book(final int instrumentId)
    {
        return instrumentId >= 0 && instrumentId < books.length ? books[instrumentId] : null;
    }

    /** Creates (allocating once) and returns the book of this instrument; null when the id is out of range. */
    public L3Book bookOrCreate(final int instrumentId)
    {
        if (instrumentId < 0 || instrumentId >= books.length)
        {
            return null;
        }
        L3Book book = books[instrumentId];
        if (book == null)
        {
            final BookSide bids = new BookSide(Sides.BID, instrumentId, levelCapacityPerSide);
            final BookSide asks = new BookSide(Sides.ASK, instrumentId, levelCapacityPerSide);
            sides[sideIndex(instrumentId, Sides.BID)] = bids;
            sides[sideIndex(instrumentId, Sides.ASK)] = asks;
            book = new L3Book(instrumentId, bids, asks, levels, orders, orderCounts);
            books[instrumentId] = book;
        }
        return book;
    }

    public int maxInstrumentId()
    {
        return books.length - 1;
    }

    /** Orders resting in all books. */
    public int orderCount()
    {
        return orders.size();
    }

    /** Order {@code orderId} rests at the back of its level. */
    @Override
    public int add(final int instrumentId, final long orderId, final int side, final long price, final long quantity)
    {
        if (instrumentId < 0 || instrumentId >= books.length)
        {
            return L3Result.UNKNOWN_INSTRUMENT;
        }
        if (!Sides.isValid(side))
        {
            return L3Result.INVALID_SIDE;
        }
        if (quantity <= 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final int found = orders.findOrFree(orderId);
        if (found >= 0)
        {
            return L3Result.DUPLICATE_ORDER;
        }
        bookOrCreate(instrumentId);
        if (overflows(sides[sideIndex(instrumentId, side)].levelAt(price), quantity))
        {
            return L3Result.LEVEL_QUANTITY_OVERFLOW;
        }
        final int node = -found - 1;
        orders.insert(node, orderId, quantity);
        append(instrumentId, node, side, price);
        return L3Result.OK;
    }

    /** The order's quantity becomes {@code quantity}; it keeps its place in the level. */
    @Override
    public int modifyKeepPriority(final long orderId, final long quantity)
    {
        if (quantity <= 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final int node = orders.find(orderId);
        if (node == OrderTable.NONE)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        if (overflows(orders.level(node), quantity - orders.quantity(node)))
        {
            return L3Result.LEVEL_QUANTITY_OVERFLOW;
        }
        levels.addQuantity(orders.level(node), quantity - orders.quantity(node));
        orders.quantity(node, quantity);
        return L3Result.OK;
    }

    /** The order now rests at {@code price} with {@code quantity}, at the back of that level (same side). */
    @Override
    public int modifyLosePriority(final long orderId, final long price, final long quantity)
    {
        if (quantity <= 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final int node = orders.find(orderId);
        if (node == OrderTable.NONE)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        final int level = orders.level(node);
        final int side = levels.side(level);
        final int instrumentId = levels.instrument(level);
        final int target = sides[sideIndex(instrumentId, side)].levelAt(price);
        if (overflows(target, target == level ? quantity - orders.quantity(node) : quantity))
        {
            return L3Result.LEVEL_QUANTITY_OVERFLOW;
        }
        unlink(node);
        orders.quantity(node, quantity);
        append(instrumentId, node, side, price);
        return L3Result.OK;
    }

    /** The order leaves the book. */
    @Override
    public int delete(final long orderId)
    {
        final int node = orders.find(orderId);
        if (node == OrderTable.NONE)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        deleteNode(node);
        return L3Result.OK;
    }

    /**
     * The resting order traded {@code executedQuantity}; {@code remainingQuantity} still rests in
     * place (0 = it left the book). The two must add up to the resting quantity.
     */
    @Override
    public int execute(final long orderId, final long executedQuantity, final long remainingQuantity)
    {
        if (executedQuantity <= 0 || remainingQuantity < 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final int node = orders.find(orderId);
        if (node == OrderTable.NONE)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        if (executedQuantity + remainingQuantity != orders.quantity(node))
        {
            return L3Result.QUANTITY_MISMATCH;
        }
        if (remainingQuantity == 0)
        {
            deleteNode(node);
            return L3Result.OK;
        }
        levels.addQuantity(orders.level(node), -executedQuantity);
        orders.quantity(node, remainingQuantity);
        return L3Result.OK;
    }

    /** @return the resting quantity of the order, or {@link #UNKNOWN}. */
    public long orderQuantity(final long orderId)
    {
        final int node = orders.find(orderId);
        return node == OrderTable.NONE ? UNKNOWN : orders.quantity(node);
    }

    /**
     * @return the price of the order; check {@link #contains(long)} first (an unknown order gives
     * {@link L3Book#NO_PRICE}).
     */
    public long orderPrice(final long orderId)
    {
        final int node = orders.find(orderId);
        return node == OrderTable.NONE ? L3Book.NO_PRICE : levels.price(orders.level(node));
    }

    /** @return the side of the order, or -1 when unknown. */
    public int orderSide(final long orderId)
    {
        final int node = orders.find(orderId);
        return node == OrderTable.NONE ? -1 : levels.side(orders.level(node));
    }

    /** @return the instrument of the order, or -1 when unknown. */
    public int orderInstrument(final long orderId)
    {
        final int node = orders.find(orderId);
        return node == OrderTable.NONE ? -1 : levels.instrument(orders.level(node));
    }

    public boolean contains(final long orderId)
    {
        return orders.find(orderId) != OrderTable.NONE;
    }

    /** Empties every book, keeping all capacity. */
    public void clear()
    {
        orders.clear();
        levels.clear();
        for (final BookSide side : sides)
        {
            if (side != null)
            {
                side.clear();
            }
        }
        Arrays.fill(orderCounts, 0);
    }

    private void deleteNode(final int node)
    {
        unlink(node);
        orders.remove(node);
    }

    private static int sideIndex(final int instrumentId, final int side)
    {
        return (instrumentId << 1) | side;
    }

    /** Whether adding {@code delta} to the level's total (none yet: 0) would pass {@code Long.MAX_VALUE}. */
    private boolean overflows(final int level, final long delta)
    {
        return delta > 0 && level != LevelNodes.NONE && levels.quantity(level) > Long.MAX_VALUE - delta;
    }

    private void append(final int instrumentId, final int node, final int side, final long price)
    {
        final int level = sides[sideIndex(instrumentId, side)].levelForAdd(price, levels);
        final int tail = levels.tail(level);
        orders.linksAndLevel(node, tail, OrderTable.NONE, level);
        if (tail == OrderTable.NONE)
        {
            levels.head(level, node);
        }
        else
        {
            orders.next(tail, node);
        }
        levels.tail(level, node);
        levels.addQuantity(level, orders.quantity(node));
        levels.addOrderCount(level, 1);
        orderCounts[instrumentId]++;
    }

    private void unlink(final int node)
    {
        final int level = orders.level(node);
        final int instrumentId = levels.instrument(level);
        final int prev = orders.prev(node);
        final int next = orders.next(node);
        if (prev == OrderTable.NONE)
        {
            levels.head(level, next);
        }
        else
        {
            orders.next(prev, next);
        }
        if (next == OrderTable.NONE)
        {
            levels.tail(level, prev);
        }
        else
        {
            orders.prev(next, prev);
        }
        levels.addQuantity(level, -orders.quantity(node));
        orderCounts[instrumentId]--;
        if (levels.addOrderCount(level, -1) == 0)
        {
            sides[sideIndex(instrumentId, levels.side(level))].remove(levels.price(level));
            levels.free(level);
        }
    }
}
