package io.kairos.latency.tcp;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Segments of one TCP direction that arrived ahead of the next expected sequence number, with copies of their
 * payload and the capture time of their packet. Bounded by a segment count and a byte budget; storage is created
 * only when a stream first has out-of-order data (an in-order stream costs a few empty arrays) and is reused once
 * the queue drains. Owned by the analysis thread.
 */
final class OutOfOrderQueue
{
    private static final int INITIAL_BYTES = 4096;

    private final int maxSegments;
    private final int maxBytes;
    private int count;
    private int[] sequences = new int[0];
    private int[] wireLengths = new int[0];
    private int[] dataOffsets = new int[0];
    private int[] presentLengths = new int[0];
    private long[] timestamps = new long[0];
    private long[] packetNumbers = new long[0];
    private long[] fileOffsets = new long[0];
    private byte[] data = new byte[0];
    private ByteBuffer view = ByteBuffer.wrap(data);
    private int dataUsed;

    OutOfOrderQueue(final int maxSegments, final int maxBytes)
    {
        this.maxSegments = maxSegments;
        this.maxBytes = maxBytes;
    }

    int count()
    {
        return count;
    }

    boolean hasRoomFor(final int presentLength)
    {
        return count < maxSegments && dataUsed + presentLength <= maxBytes;
    }

    /**
     * Queues the bytes of {@code [sequence, sequence + wireLength)} that no queued entry holds yet, one entry per
     * uncovered run. Packets are analysed in capture-time order, so a queued copy was captured first: it keeps its
     * bytes and its time, and queued entries never overlap (draining them cannot hand a byte on with a later copy's
     * time). May exceed the segment bound by the runs of this one segment.
     *
     * @return how many of the segment's bytes were already queued
     */
    int addUncovered(
        final int sequence, final int wireLength, final ByteBuffer source, final int offset, final int presentLength,
        final long timestampNs, final long packetNumber, final long fileOffset)
    {
        int covered = 0;
        int from = 0;
        while (from < wireLength)
        {
            int coveredTo = from;
            int nextStart = wireLength;
            for (int i = 0; i < count; i++)
            {
                final int start = sequences[i] - sequence;
                final int end = start + wireLengths[i];
                if (start <= from && end > from)
                {
                    coveredTo = Math.max(coveredTo, Math.min(end, wireLength));
                }
                else if (start > from && start < nextStart)
                {
                    nextStart = start;
                }
            }
            if (coveredTo > from)
            {
                covered += coveredTo - from;
                from = coveredTo;
                continue;
            }
            final int presentFrom = Math.min(from, presentLength);
            add(sequence + from, nextStart - from, source, offset + presentFrom,
                Math.min(nextStart, presentLength) - presentFrom, timestampNs, packetNumber, fileOffset);
            from = nextStart;
        }
        return covered;
    }

    private void add(
        final int sequence, final int wireLength, final ByteBuffer source, final int offset, final int presentLength,
        final long timestampNs, final long packetNumber, final long fileOffset)
    {
        ensureCapacity(dataUsed + presentLength);
        if (count == sequences.length)
        {
            growEntries();
        }
        source.get(offset, data, dataUsed, presentLength);
        sequences[count] = sequence;
        wireLengths[count] = wireLength;
        dataOffsets[count] = dataUsed;
        presentLengths[count] = presentLength;
        timestamps[count] = timestampNs;
        packetNumbers[count] = packetNumber;
        fileOffsets[count] = fileOffset;
        dataUsed += presentLength;
        count++;
    }

    /** Index of an entry starting at or before {@code nextSequence}, or -1. */
    int findStartingAtOrBefore(final int nextSequence)
    {
        for (int i = 0; i < count; i++)
        {
            if (sequences[i] - nextSequence <= 0)
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * Distance from {@code after} to the lowest start in {@code (after, after + span)} of an entry captured before
     * {@code timestampNs}, or -1 when there is none (distances, so sequence wrap-around is safe).
     */
    int earliestCopyDistance(final int after, final int span, final long timestampNs)
    {
        int best = -1;
        for (int i = 0; i < count; i++)
        {
            final int distance = sequences[i] - after;
            if (distance > 0 && distance < span && timestamps[i] < timestampNs && (best < 0 || distance < best))
            {
                best = distance;
            }
        }
        return best;
    }

    /** Index of the entry with the lowest sequence number relative to {@code nextSequence}; queue must be non-empty. */
    int lowest(final int nextSequence)
    {
        int best = 0;
        for (int i = 1; i < count; i++)
        {
            if (sequences[i] - nextSequence < sequences[best] - nextSequence)
            {
                best = i;
            }
        }
        return best;
    }

    int sequence(final int index)
    {
        return sequences[index];
    }

    int wireLength(final int index)
    {
        return wireLengths[index];
    }

    int presentLength(final int index)
    {
        return presentLengths[index];
    }

    int dataOffset(final int index)
    {
        return dataOffsets[index];
    }

    long timestamp(final int index)
    {
        return timestamps[index];
    }

    long packetNumber(final int index)
    {
        return packetNumbers[index];
    }

    long fileOffset(final int index)
    {
        return fileOffsets[index];
    }

    ByteBuffer data()
    {
        return view;
    }

    void remove(final int index)
    {
        final int last = --count;
        sequences[index] = sequences[last];
        wireLengths[index] = wireLengths[last];
        dataOffsets[index] = dataOffsets[last];
        presentLengths[index] = presentLengths[last];
        timestamps[index] = timestamps[last];
        packetNumbers[index] = packetNumbers[last];
        fileOffsets[index] = fileOffsets[last];
        if (count == 0)
        {
            dataUsed = 0;
        }
    }

    void clear()
    {
        count = 0;
        dataUsed = 0;
    }

    private void growEntries()
    {
        final int capacity = Math.max(count + 1, Math.min(maxSegments, Math.max(16, sequences.length * 2)));
        sequences = Arrays.copyOf(sequences, capacity);
        wireLengths = Arrays.copyOf(wireLengths, capacity);
        dataOffsets = Arrays.copyOf(dataOffsets, capacity);
        presentLengths = Arrays.copyOf(presentLengths, capacity);
        timestamps = Arrays.copyOf(timestamps, capacity);
        packetNumbers = Arrays.copyOf(packetNumbers, capacity);
        fileOffsets = Arrays.copyOf(fileOffsets, capacity);
    }

    private void ensureCapacity(final int required)
    {
        if (required > data.length)
        {
            data = Arrays.copyOf(data, Math.max(required, Math.max(INITIAL_BYTES, data.length * 2)));
            view = ByteBuffer.wrap(data);
        }
    }
}
