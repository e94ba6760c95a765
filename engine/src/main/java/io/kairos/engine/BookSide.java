package io.kairos.engine;

import java.util.Arrays;

/**
 * The price levels of one side of a book, kept sorted with the best price at the end of the
 * array, so that taking liquidity and adding near the touch (the common cases) move nothing.
 * The levels' prices are also kept in an array of their own, in the same order: a search reads
 * that one small array instead of following a reference to a level object at every step (each
 * of which can be a cache miss). Owned by the matcher thread.
 */
final class BookSide
{
    private final Side side;
    private final NodePool<PriceLevel> levelPool;
    private PriceLevel[] levels = new PriceLevel[64];
    /** {@code prices[i] == levels[i].price} for every {@code i < size}. */
    private long[] prices = new long[64];
    private int size;

    BookSide(final Side side, final NodePool<PriceLevel> levelPool)
    {
        this.side = side;
        this.levelPool = levelPool;
    }

    Side side()
    {
        return side;
    }

    int size()
    {
        return size;
    }

    /** Level {@code i} counted from the best (0 = best). */
    PriceLevel level(final int fromBest)
    {
        return levels[size - 1 - fromBest];
    }

    PriceLevel best()
    {
        return size == 0 ? null : levels[size - 1];
    }

    /** True when a price on this side is better than (strictly ahead of) {@code other}. */
    boolean isBetter(final long price, final long other)
    {
        return side == Side.BUY ? price > other : price < other;
    }

    /** The level at {@code price}, or null. */
    PriceLevel find(final long price)
    {
        final int index = search(price);
        return index >= 0 ? levels[index] : null;
    }

    PriceLevel findOrCreate(final long price)
    {
        final int index = search(price);
        if (index >= 0)
        {
            return levels[index];
        }
        final int insertAt = -index - 1;
        if (size == levels.length)
        {
            levels = Arrays.copyOf(levels, size * 2);
            prices = Arrays.copyOf(prices, size * 2);
        }
        System.arraycopy(levels, insertAt, levels, insertAt + 1, size - insertAt);
        System.arraycopy(prices, insertAt, prices, insertAt + 1, size - insertAt);
        final PriceLevel level = levelPool.acquire();
        level.price = price;
        levels[insertAt] = level;
        prices[insertAt] = price;
        size++;
        return level;
    }

    void removeIfEmpty(final PriceLevel level)
    {
        if (!level.isEmpty())
        {
            return;
        }
        final int index = level == levels[size - 1] ? size - 1 : search(level.price);
        System.arraycopy(levels, index + 1, levels, index, size - index - 1);
        System.arraycopy(prices, index + 1, prices, index, size - index - 1);
        levels[--size] = null;
        level.clear();
        levelPool.release(level);
    }

    /** Binary search in ascending "goodness" order; returns index or -(insertion point) - 1. */
    private int search(final long price)
    {
        final long[] prices = this.prices;
        int low = 0;
        int high = size - 1;
        while (low <= high)
        {
            final int mid = (low + high) >>> 1;
            final long midPrice = prices[mid];
            if (midPrice == price)
            {
                return mid;
            }
            if (isBetter(price, midPrice))
            {
                low = mid + 1;
            }
            else
            {
                high = mid - 1;
            }
        }
        return -(low + 1);
    }
}
