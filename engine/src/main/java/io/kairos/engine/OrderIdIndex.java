package io.kairos.engine;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * Orders by engine OrderID. Hand-written rather than only Agrona's {@code Long2ObjectHashMap} because the ids a
 * matcher assigns are consecutive ({@code seq << partition bits | partition}): a hash map scatters neighbours over
 * its whole table, so every insert, lookup and removal is a cache miss. Here an order sits in a direct-mapped ring
 * at {@code seq mod capacity}: the live and recently finished orders fill adjacent slots and evictions walk the ring
 * in order. When a new order's slot is still held by an order {@code capacity} sequence numbers older (one resting
 * that long), the old one moves to an overflow hash map, so nothing is ever lost. (Linear probing on the sequence
 * number was tried first: its runs grow as long as the retention window and deletion walks them, tens of
 * microseconds a command.)
 * Owned by the matcher thread; allocation-free unless the overflow map grows.
 */
final class OrderIdIndex
{
    private final Order[] ring;
    private final int mask;
    private final Long2ObjectHashMap<Order> overflow = new Long2ObjectHashMap<>(1024, 0.6f);

    /** @param capacity ring slots, rounded up to a power of two. */
    OrderIdIndex(final int capacity)
    {
        ring = new Order[Integer.highestOneBit(Math.max(2, capacity - 1) << 1)];
        mask = ring.length - 1;
    }

    Order get(final long orderId)
    {
        final Order order = ring[slot(orderId)];
        if (order != null && order.orderId == orderId)
        {
            return order;
        }
        return overflow.isEmpty() ? null : overflow.get(orderId);
    }

    /** Indexes {@code order} under its id (ids are unique; a re-indexed order replaces itself). */
    void put(final Order order)
    {
        final int slot = slot(order.orderId);
        final Order holder = ring[slot];
        if (holder != null && holder.orderId != order.orderId)
        {
            overflow.put(holder.orderId, holder);
        }
        ring[slot] = order;
    }

    /** Puts {@code replacement} (same id) where {@code indexed} is: one lookup instead of a removal and a put. */
    void replace(final Order indexed, final Order replacement)
    {
        final int slot = slot(indexed.orderId);
        if (ring[slot] == indexed)
        {
            ring[slot] = replacement;
        }
        else
        {
            overflow.put(replacement.orderId, replacement); // an indexed order not in its slot is in the overflow
        }
    }

    /** Removes {@code order} if it is the one indexed under its id. */
    void remove(final Order order)
    {
        final int slot = slot(order.orderId);
        if (ring[slot] == order)
        {
            ring[slot] = null;
        }
        else if (!overflow.isEmpty())
        {
            overflow.remove(order.orderId, order);
        }
    }

    /** Orders moved out of the ring (resting longer than its capacity): for tests and diagnostics. */
    int overflowSize()
    {
        return overflow.size();
    }

    private int slot(final long orderId)
    {
        return (int)(orderId >>> MatchingCore.ID_PARTITION_BITS) & mask;
    }
}
