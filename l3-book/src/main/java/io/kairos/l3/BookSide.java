package io.kairos.l3;

import java.util.Arrays;

/**
 * One side of one book: its price levels sorted by priority with the best level at the END, so
 * that the busiest changes (at or near the top of the book) shift few elements. Slots are pairs
 * of longs in one array, so a lookup touches one array:
 * <pre>
 *   slot i:  +----------------------+----------------------+
 *            | sort key (8 bytes)   | level node (8 bytes) |
 *            +----------------------+----------------------+
 * </pre>
 * The sort key is the price for bids and its bitwise complement for asks, so ascending keys always
 * mean better prices. Lookups scan a few slots from the best end and fall back to binary search.
 * Grows (allocating) only past its capacity. Not thread-safe: owned by the thread that owns its
 * {@link L3BookSet}.
 */
final class BookSide
{
    private static final int LINEAR_SCAN_SLOTS = 8;

    private final int side;
    private final int instrument;
    private long[] slots;
    private int count;

    BookSide(final int side, final int instrument, final int capacity)
    {
        this.side = side;
        this.instrument = instrument;
        slots = new long[Math.max(4, capacity) * 2];
    }

    int count()
    {
        return count;
    }

    /** @return the level node at {@code depth} (0 = best) or {@link LevelNodes#NONE}. */
    int levelAtDepth(final int depth)
    {
        return depth >= 0 && depth < count ? (int)slots[((count - 1 - depth) << 1) + 1] : LevelNodes.NONE;
    }

    /** @return the depth (0 = best) of the level at this price, or -1. */
    int depthOf(final long price)
    {
        final int index = find(sortKey(price));
        return index >= 0 ? count - 1 - index : -1;
    }

    /** @return the level node at this price or {@link LevelNodes#NONE}. */
    int levelAt(final long price)
    {
        final int index = find(sortKey(price));
        return index >= 0 ? (int)slots[(index << 1) + 1] : LevelNodes.NONE;
    }

    /** Returns the level at this price, creating it in the pool and in price order when absent. */
    int levelForAdd(final long price, final LevelNodes pool)
    {
        final long key = sortKey(price);
        final int index = find(key);
        if (index >= 0)
        {
            return (int)slots[(index << 1) + 1];
        }
        final int insertAt = -index - 1;
        if (count << 1 == slots.length)
        {
            slots = Arrays.copyOf(slots, slots.length << 1);
        }
        final int tail = count - insertAt;
        if (tail > 0)
        {
            System.arraycopy(slots, insertAt << 1, slots, (insertAt + 1) << 1, tail << 1);
        }
        final int level = pool.allocate(side, instrument, price);
        slots[insertAt << 1] = key;
        slots[(insertAt << 1) + 1] = level;
        count++;
        return level;
    }

    /** Removes the (empty) level at this price from the sorted slots. */
    void remove(final long price)
    {
        final int index = find(sortKey(price));
        if (index < 0)
        {
            throw new IllegalStateException("level missing from side: " + price);
        }
        final int tail = count - index - 1;
        if (tail > 0)
        {
            System.arraycopy(slots, (index + 1) << 1, slots, index << 1, tail << 1);
        }
        count--;
    }

    void clear()
    {
        count = 0;
    }

    private long sortKey(final long price)
    {
        return side == Sides.BID ? price : ~price;
    }

    /** @return the index of the key, or {@code -(insertionPoint + 1)}. */
    private int find(final long key)
    {
        final long[] slots = this.slots;
        int high = count - 1;
        final int scanLimit = Math.max(0, count - LINEAR_SCAN_SLOTS);
        while (high >= scanLimit)
        {
            final long k = slots[high << 1];
            if (k == key)
            {
                return high;
            }
            if (k < key)
            {
                return -(high + 1) - 1;
            }
            high--;
        }
        int low = 0;
        while (low <= high)
        {
            final int mid = (low + high) >>> 1;
            final long k = slots[mid << 1];
            if (k < key)
            {
                low = mid + 1;
            }
            else if (k > key)
            {
                high = mid - 1;
            }
            else
            {
                return mid;
            }
        }
        return -(low + 1);
    }
}
