package io.kairos.engine;

/**
 * The most recently finished orders, oldest first, in a fixed ring: they stay findable for status
 * requests and duplicate-ClOrdID checks until {@code capacity} newer ones push them out. Owned by
 * the matcher thread; allocation-free after construction.
 */
final class FinishedOrders
{
    private final Order[] ring;
    private int oldest;
    private int size;

    FinishedOrders(final int capacity)
    {
        ring = new Order[capacity];
    }

    /** @return the order pushed out to make room (to be freed), or null. */
    Order add(final Order order)
    {
        if (ring.length == 0)
        {
            return order;
        }
        if (size < ring.length)
        {
            ring[(oldest + size++) % ring.length] = order;
            return null;
        }
        final Order evicted = ring[oldest];
        ring[oldest] = order;
        oldest = (oldest + 1) % ring.length;
        return evicted;
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
