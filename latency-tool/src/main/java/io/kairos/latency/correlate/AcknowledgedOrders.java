package io.kairos.latency.correlate;

import org.agrona.collections.Long2LongHashMap;

/**
 * The most recently acknowledged requests, by the 64-bit hash of (connection, ClOrdID), so an ExecutionReport that
 * matches no open request can be told apart: a later report for an acknowledged order (a fill after the ack, a
 * status) or an answer to a request the capture never saw. A ring of the last {@code capacity} acks; hashes only
 * (a collision could misfile one count, never pair wrong messages). Fixed memory, allocates nothing after
 * construction. Owned by the analysis thread.
 */
final class AcknowledgedOrders
{
    private final long[] ring;
    private final int mask;
    private final Long2LongHashMap countByHash;
    private long added;

    AcknowledgedOrders(final int capacityPowerOfTwo)
    {
        ring = new long[capacityPowerOfTwo];
        mask = capacityPowerOfTwo - 1;
        countByHash = new Long2LongHashMap(capacityPowerOfTwo * 2, 0.65f, 0);
    }

    void add(final long hash)
    {
        final int slot = (int)(added & mask);
        if (added > mask)
        {
            final long evicted = ring[slot];
            final long count = countByHash.get(evicted);
            if (count <= 1)
            {
                countByHash.remove(evicted);
            }
            else
            {
                countByHash.put(evicted, count - 1);
            }
        }
        ring[slot] = hash;
        countByHash.put(hash, countByHash.get(hash) + 1);
        added++;
    }

    boolean contains(final long hash)
    {
        return countByHash.get(hash) != 0;
    }
}
