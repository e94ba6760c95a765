package io.kairos.latency.correlate;

import java.nio.ByteBuffer;

import org.agrona.collections.Long2LongHashMap;

/**
 * Market-data entries whose MDEntryID (278) matched no acknowledged order while some request was still waiting for
 * its ack: the tick may have reached the wire before the ExecutionReport that tells us the OrderID. A ring of the
 * most recent {@code capacity} such entries, found by the hash of the id (newest first, chained by sequence), so the
 * ack can claim its ticks. Fixed memory; allocates nothing after construction. Owned by the analysis thread.
 */
final class EarlyTicks
{
    static final long NONE = -1;

    private final int mask;
    private final long[] hashes;
    private final long[] times;
    private final int[] subscribers;
    private final int[] idLengths;
    private final byte[] ids;
    private final long[] previousSequences;
    private final Long2LongHashMap newestSequenceByHash;
    private long nextSequence;

    EarlyTicks(final int capacityPowerOfTwo)
    {
        mask = capacityPowerOfTwo - 1;
        hashes = new long[capacityPowerOfTwo];
        times = new long[capacityPowerOfTwo];
        subscribers = new int[capacityPowerOfTwo];
        idLengths = new int[capacityPowerOfTwo];
        ids = new byte[capacityPowerOfTwo * PendingOrder.MAX_ID_BYTES];
        previousSequences = new long[capacityPowerOfTwo];
        newestSequenceByHash = new Long2LongHashMap(capacityPowerOfTwo * 2, 0.65f, NONE);
    }

    void add(final long hash, final ByteBuffer buffer, final int start, final int length, final long timeNs,
        final int subscriber)
    {
        final long sequence = nextSequence++;
        final int slot = (int)(sequence & mask);
        if (sequence > mask)
        {
            final long overwritten = sequence - mask - 1;
            if (newestSequenceByHash.get(hashes[slot]) == overwritten)
            {
                newestSequenceByHash.remove(hashes[slot]);
            }
        }
        hashes[slot] = hash;
        times[slot] = timeNs;
        subscribers[slot] = subscriber;
        idLengths[slot] = length;
        buffer.get(start, ids, slot * PendingOrder.MAX_ID_BYTES, length);
        previousSequences[slot] = newestSequenceByHash.get(hash);
        newestSequenceByHash.put(hash, sequence);
    }

    /** Newest entry with this hash still in the ring, or {@link #NONE}. */
    long newest(final long hash)
    {
        return live(newestSequenceByHash.get(hash));
    }

    /** The entry before {@code sequence} with the same hash, or {@link #NONE}. */
    long previous(final long sequence)
    {
        return live(previousSequences[(int)(sequence & mask)]);
    }

    private long live(final long sequence)
    {
        return sequence != NONE && sequence > nextSequence - 1 - (mask + 1) ? sequence : NONE;
    }

    boolean hasId(final long sequence, final byte[] id, final int length)
    {
        final int slot = (int)(sequence & mask);
        if (idLengths[slot] != length)
        {
            return false;
        }
        final int base = slot * PendingOrder.MAX_ID_BYTES;
        for (int i = 0; i < length; i++)
        {
            if (ids[base + i] != id[i])
            {
                return false;
            }
        }
        return true;
    }

    long time(final long sequence)
    {
        return times[(int)(sequence & mask)];
    }

    int subscriber(final long sequence)
    {
        return subscribers[(int)(sequence & mask)];
    }

    void forget(final long hash)
    {
        newestSequenceByHash.remove(hash);
    }
}
