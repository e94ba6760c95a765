package io.kairos.engine;

import java.util.Arrays;

/**
 * The price levels of one side of a book, kept sorted with the best price at the end of the
 * array, so that taking liquidity and adding near the touch (the common cases) move nothing.
 * Owned by the matcher thread.
 */
final class BookSide
{
    private final Side side;
    private final NodePool<PriceLevel> levelPool;
    private PriceLevel[] levels = new PriceLevel[64];
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
        }
        System.arraycopy(levels, insertAt, levels, insertAt + 1, size - insertAt);
        final PriceLevel level = levelPool.acquire();
        level.price = price;
        levels[insertAt] = level;
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
        levels[--size] = null;
        level.clear();
        levelPool.release(level);
    }

    /** Binary search in ascending "goodness" order; returns index or -(insertion point) - 1. */
    private int search(final long price)
    {
        int low = 0;
        int high = size - 1;
        while (low <= high)
        {
            final int mid = (low + high) >>> 1;
            final long midPrice = levels[mid].price;
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
