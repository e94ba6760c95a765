package io.kairos.latency.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Hands a capture's packets on in capture-time order. A capture taken on a multi-CPU host is written in the order
 * the CPUs queued their packets, which is not always the order of their timestamps: in a loopback scenario capture a
 * few hundred packets in a million stood behind a later one, by more than the fastest ack (figures in the
 * latency-tool README). Reassembly and pairing assume time order: inside one TCP connection an inversion
 * could put an acknowledgement ahead of the data it acknowledges (taken for data the capture lost) or an answer ahead
 * of its request. Loopback stamps a packet when it is sent, so capture time is the order things happened in.
 *
 * <p>Each packet is copied (a reader's buffer is valid only during the call) and held until a packet at least
 * {@code windowNs} later has been read, or the held packets fill {@code maxPackets} or {@code maxBytes}; then the
 * earliest goes on. Packets with equal timestamps keep their file order. A packet larger than the whole byte buffer
 * goes on at once, after everything held. {@link #finish} hands on the rest. Preallocated; allocation-free. Owned by
 * the reading thread.
 */
public final class CaptureTimeOrder implements PacketHandler
{
    private final PacketHandler downstream;
    private final long windowNs;
    private final byte[] data;
    private final ByteBuffer view;
    private final long[] timestamps;
    private final long[] packetNumbers;
    private final long[] fileOffsets;
    private final int[] dataOffsets;
    private final int[] capturedLengths;
    private final int[] originalLengths;
    private final int[] linkTypes;
    private final TimeSource[] timeSources;
    private final boolean[] done;
    /** Slots of the held packets, earliest capture time first: a circular deque of {@code held} entries. */
    private final int[] order;
    private int orderHead;
    private int held;
    /** Slots in arrival order: {@code [tail, tail + occupied)}, held or handed on but not yet freed. */
    private int tail;
    private int occupied;
    private int dataHead;
    private int dataTail;
    private long newestNs = Long.MIN_VALUE;
    private long reordered;

    /**
     * @param windowNs   how far capture times may run backwards in the file and still be put in order.
     * @param maxPackets packets held at most.
     * @param maxBytes   bytes of packet data held at most.
     */
    public CaptureTimeOrder(final PacketHandler downstream, final long windowNs, final int maxPackets,
        final int maxBytes)
    {
        if (windowNs < 0 || maxPackets < 1 || maxBytes < 1)
        {
            throw new IllegalArgumentException("window must not be negative, room must be positive");
        }
        this.downstream = downstream;
        this.windowNs = windowNs;
        data = new byte[maxBytes];
        view = ByteBuffer.wrap(data).order(ByteOrder.BIG_ENDIAN);
        timestamps = new long[maxPackets];
        packetNumbers = new long[maxPackets];
        fileOffsets = new long[maxPackets];
        dataOffsets = new int[maxPackets];
        capturedLengths = new int[maxPackets];
        originalLengths = new int[maxPackets];
        linkTypes = new int[maxPackets];
        timeSources = new TimeSource[maxPackets];
        done = new boolean[maxPackets];
        order = new int[maxPackets];
    }

    /** Packets that were read after a packet with a later capture time, and handed on before it. */
    public long reordered()
    {
        return reordered;
    }

    @Override
    public void onPacket(
        final ByteBuffer buffer, final int offset, final int capturedLength, final int originalLength,
        final int linkType, final long timestampNs, final TimeSource timeSource, final long packetNumber,
        final long fileOffset)
    {
        newestNs = Math.max(newestNs, timestampNs);
        while (held > 0 && (newestNs - timestamps[order[orderHead]] >= windowNs || occupied == order.length ||
            dataStart(capturedLength) < 0))
        {
            handOnEarliest();
        }
        final int start = dataStart(capturedLength);
        if (start < 0)
        {
            downstream.onPacket(buffer, offset, capturedLength, originalLength, linkType, timestampNs, timeSource,
                packetNumber, fileOffset);
            return;
        }
        final int slot = (tail + occupied) % order.length;
        occupied++;
        buffer.get(offset, data, start, capturedLength);
        dataHead = start + capturedLength;
        dataOffsets[slot] = start;
        capturedLengths[slot] = capturedLength;
        originalLengths[slot] = originalLength;
        linkTypes[slot] = linkType;
        timestamps[slot] = timestampNs;
        timeSources[slot] = timeSource;
        packetNumbers[slot] = packetNumber;
        fileOffsets[slot] = fileOffset;
        done[slot] = false;
        insertByTime(slot);
    }

    /** Hands on every packet still held, earliest first. */
    public void finish()
    {
        while (held > 0)
        {
            handOnEarliest();
        }
    }

    private void insertByTime(final int slot)
    {
        int position = held;
        while (position > 0 && timestamps[order[(orderHead + position - 1) % order.length]] > timestamps[slot])
        {
            order[(orderHead + position) % order.length] = order[(orderHead + position - 1) % order.length];
            position--;
        }
        if (position < held)
        {
            reordered++;
        }
        order[(orderHead + position) % order.length] = slot;
        held++;
    }

    private void handOnEarliest()
    {
        final int slot = order[orderHead];
        orderHead = (orderHead + 1) % order.length;
        held--;
        downstream.onPacket(view, dataOffsets[slot], capturedLengths[slot], originalLengths[slot], linkTypes[slot],
            timestamps[slot], timeSources[slot], packetNumbers[slot], fileOffsets[slot]);
        done[slot] = true;
        while (occupied > 0 && done[tail])
        {
            tail = (tail + 1) % order.length;
            occupied--;
            dataTail = occupied == 0 ? 0 : dataOffsets[tail];
        }
        if (occupied == 0)
        {
            dataHead = 0;
        }
    }

    /** Where {@code length} bytes can go in {@link #data}, or -1 when they do not fit now. */
    private int dataStart(final int length)
    {
        if (occupied == 0)
        {
            return length <= data.length ? 0 : -1;
        }
        if (dataHead > dataTail)
        {
            if (data.length - dataHead >= length)
            {
                return dataHead;
            }
            return dataTail > length ? 0 : -1;
        }
        return dataTail - dataHead > length ? dataHead : -1;
    }
}
