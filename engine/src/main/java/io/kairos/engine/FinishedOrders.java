package io.kairos.engine;

/**
 * The most recently finished orders, oldest first: they stay findable for status requests and duplicate-ClOrdID
 * checks until {@code capacity} newer ones push them out. A finished order is copied into one of this ring's own
 * preallocated slots and its live {@link Order} goes straight back to the pool while still in cache: the ring is
 * written and evicted in order (the hardware prefetches it), and the live pool stays as small and warm as the book.
 * Keeping the live objects here instead made every eviction, and the new order that reused the evicted object, a
 * cache miss (bench/README.md, "Matcher throughput"). Owned by the matcher thread; allocation-free after
 * construction.
 */
final class FinishedOrders
{
    private final Order[] ring;
    private int oldest;
    private int size;

    FinishedOrders(final int capacity)
    {
        ring = new Order[capacity];
        for (int i = 0; i < capacity; i++)
        {
            ring[i] = new Order();
        }
    }

    int capacity()
    {
        return ring.length;
    }

    /** True when the next {@link #claim} returns the oldest retained order, to be un-indexed before it is reused. */
    boolean isFull()
    {
        return size == ring.length;
    }

    /** The slot the next finished order goes to (the oldest one when full); {@link #commit} makes it the newest. */
    Order claim()
    {
        return ring[size < ring.length ? (oldest + size) % ring.length : oldest];
    }

    void commit()
    {
        if (size < ring.length)
        {
            size++;
        }
        else
        {
            oldest = (oldest + 1) % ring.length;
        }
    }

    int size()
    {
        return size;
    }

    /** The {@code i}-th oldest retained order. */
    Order get(final int i)
    {
        return ring[(oldest + i) % ring.length];
    }
}
