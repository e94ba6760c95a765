package io.kairos.latency.tcp;

import java.nio.ByteBuffer;

import io.kairos.latency.capture.CaptureProblems;
import io.kairos.latency.net.TcpSegment;

/**
 * One direction of one TCP connection: reassembles its payload in sequence order and hands it to a
 * {@link StreamConsumer}. Retransmitted bytes and overlaps are dropped (the earliest captured copy of every byte
 * wins), segments that arrive early wait in a bounded {@link OutOfOrderQueue}; when the queue overflows, or at the end
 * of the capture, the missing bytes are declared lost and the consumer resynchronises. Allocates only while
 * out-of-order data is buffered.
 * Owned by the analysis thread.
 */
public final class TcpStream
{
    /** A segment further ahead than this is not "out of order" but a jump: the bytes in between are lost. */
    private static final int MAX_REORDER_DISTANCE = 64 * 1024 * 1024;

    public static final int CHANNEL_ORDER_ENTRY = 1;
    public static final int CHANNEL_MARKET_DATA = 2;

    final int ipVersion;
    final long sourceHigh;
    final long sourceLow;
    final long destinationHigh;
    final long destinationLow;
    final int sourcePort;
    final int destinationPort;
    TcpStream nextInBucket;
    TcpStream reverse;

    private final int connectionId;
    private final int channel;
    private final TcpStatistics statistics;
    private final CaptureProblems problems;
    private final OutOfOrderQueue queue;
    private StreamConsumer consumer;
    private boolean started;
    private boolean sawSyn;
    private boolean peerAckSeen;
    private int highestPeerAck;
    private int synSequence;
    private int nextSequence;
    private String description;

    TcpStream(
        final TcpSegment segment,
        final int connectionId,
        final int channel,
        final TcpStatistics statistics,
        final CaptureProblems problems,
        final int maxQueuedSegments,
        final int maxQueuedBytes)
    {
        this.ipVersion = segment.ipVersion();
        this.sourceHigh = segment.sourceHigh();
        this.sourceLow = segment.sourceLow();
        this.destinationHigh = segment.destinationHigh();
        this.destinationLow = segment.destinationLow();
        this.sourcePort = segment.sourcePort();
        this.destinationPort = segment.destinationPort();
        this.connectionId = connectionId;
        this.channel = channel;
        this.statistics = statistics;
        this.problems = problems;
        this.queue = new OutOfOrderQueue(maxQueuedSegments, maxQueuedBytes);
    }

    public void consumer(final StreamConsumer consumer)
    {
        this.consumer = consumer;
    }

    /** Same id for both directions of a connection. */
    public int connectionId()
    {
        return connectionId;
    }

    /** {@link #CHANNEL_ORDER_ENTRY} or {@link #CHANNEL_MARKET_DATA}. */
    public int channel()
    {
        return channel;
    }

    public int sourcePort()
    {
        return sourcePort;
    }

    public int destinationPort()
    {
        return destinationPort;
    }

    /** "10.0.0.1:40000 -> 10.0.0.2:9880". Allocates once. */
    public String description()
    {
        if (description == null)
        {
            final StringBuilder text = new StringBuilder();
            TcpSegment.appendEndpoint(text, ipVersion, sourceHigh, sourceLow, sourcePort);
            text.append(" -> ");
            TcpSegment.appendEndpoint(text, ipVersion, destinationHigh, destinationLow, destinationPort);
            description = text.toString();
        }
        return description;
    }

    /** Both ends on a loopback address (127.0.0.0/8 or ::1). */
    public boolean loopback()
    {
        return TcpSegment.isLoopback(ipVersion, sourceHigh, sourceLow) &&
            TcpSegment.isLoopback(ipVersion, destinationHigh, destinationLow);
    }

    boolean matches(final TcpSegment segment)
    {
        return segment.sourceLow() == sourceLow && segment.destinationLow() == destinationLow &&
            segment.sourcePort() == sourcePort && segment.destinationPort() == destinationPort &&
            segment.sourceHigh() == sourceHigh && segment.destinationHigh() == destinationHigh &&
            segment.ipVersion() == ipVersion;
    }

    public void onSegment(final TcpSegment segment, final long timestampNs, final long packetNumber,
        final long fileOffset)
    {
        if (reverse != null && segment.isAck())
        {
            reverse.onPeerAck(segment.acknowledgment(), packetNumber, fileOffset);
        }
        int sequence = segment.sequence();
        if (segment.isSyn())
        {
            if (sawSyn && sequence == synSequence)
            {
                statistics.retransmittedSegments++;
                return;
            }
            if (started)
            {
                statistics.connectionResets++;
                queue.clear();
                consumer.onReset();
            }
            sawSyn = true;
            synSequence = sequence;
            started = true;
            nextSequence = sequence + 1;
            sequence++;
        }
        final int present = segment.payloadLength();
        final int wireLength = present + segment.missingPayloadBytes();
        if (wireLength == 0)
        {
            return;
        }
        statistics.segmentsWithData++;
        if (!started)
        {
            started = true;
            nextSequence = sequence;
            statistics.midStreamStarts++;
            consumer.onMidStreamStart();
        }
        final int end = sequence + wireLength;
        if (end - nextSequence <= 0)
        {
            statistics.retransmittedSegments++;
            statistics.retransmittedBytes += wireLength;
            return;
        }
        final int ahead = sequence - nextSequence;
        if (ahead > 0)
        {
            onEarlySegment(segment, sequence, wireLength, ahead, timestampNs, packetNumber, fileOffset);
            return;
        }
        if (ahead < 0)
        {
            statistics.overlappingSegments++;
            statistics.retransmittedBytes -= ahead;
        }
        deliverKeepingEarlierCopies(segment.buffer(), segment.payloadOffset(), present, -ahead, wireLength,
            timestampNs, packetNumber, fileOffset);
        drainQueue();
    }

    private void onEarlySegment(
        final TcpSegment segment, final int sequence, final int wireLength, final int ahead, final long timestampNs,
        final long packetNumber, final long fileOffset)
    {
        statistics.outOfOrderSegments++;
        if (peerAckSeen && highestPeerAck - nextSequence > 0)
        {
            final int acked = highestPeerAck - nextSequence;
            declareLost(Math.min(acked, ahead), packetNumber, fileOffset);
            if (sequence - nextSequence <= 0)
            {
                onLateDelivery(segment, sequence, wireLength, timestampNs, packetNumber, fileOffset);
                return;
            }
        }
        if (ahead > MAX_REORDER_DISTANCE)
        {
            declareLost(ahead, packetNumber, fileOffset);
            deliver(segment.buffer(), segment.payloadOffset(), segment.payloadLength(), 0, wireLength, timestampNs,
                packetNumber, fileOffset);
            drainQueue();
            return;
        }
        while (!queue.hasRoomFor(segment.payloadLength()) && queue.count() > 0)
        {
            skipToLowestQueued(packetNumber, fileOffset);
        }
        if (sequence - nextSequence <= 0)
        {
            onLateDelivery(segment, sequence, wireLength, timestampNs, packetNumber, fileOffset);
            return;
        }
        if (!queue.hasRoomFor(segment.payloadLength()))
        {
            declareLost(sequence - nextSequence, packetNumber, fileOffset);
            deliver(segment.buffer(), segment.payloadOffset(), segment.payloadLength(), 0, wireLength, timestampNs,
                packetNumber, fileOffset);
            drainQueue();
            return;
        }
        final int alreadyQueued = queue.addUncovered(sequence, wireLength, segment.buffer(), segment.payloadOffset(),
            segment.payloadLength(), timestampNs, packetNumber, fileOffset);
        if (alreadyQueued == wireLength)
        {
            statistics.retransmittedSegments++;
        }
        else if (alreadyQueued > 0)
        {
            statistics.overlappingSegments++;
        }
        statistics.retransmittedBytes += alreadyQueued;
    }

    /**
     * The other direction acknowledged {@code ack}: bytes below it reached the receiver, so a hole below it that
     * holds up queued data was lost by the capture, not merely reordered.
     */
    private void onPeerAck(final int ack, final long packetNumber, final long fileOffset)
    {
        if (!peerAckSeen || ack - highestPeerAck > 0)
        {
            highestPeerAck = ack;
            peerAckSeen = true;
        }
        if (!started || queue.count() == 0 || ack - nextSequence <= 0)
        {
            return;
        }
        final int toQueued = queue.sequence(queue.lowest(nextSequence)) - nextSequence;
        final int missing = Math.min(toQueued, ack - nextSequence);
        if (missing > 0)
        {
            declareLost(missing, packetNumber, fileOffset);
        }
        drainQueue();
    }

    private void onLateDelivery(
        final TcpSegment segment, final int sequence, final int wireLength, final long timestampNs,
        final long packetNumber, final long fileOffset)
    {
        final int skip = nextSequence - sequence;
        if (skip < wireLength)
        {
            deliverKeepingEarlierCopies(segment.buffer(), segment.payloadOffset(), segment.payloadLength(), skip,
                wireLength, timestampNs, packetNumber, fileOffset);
        }
        drainQueue();
    }

    /**
     * Delivers bytes {@code [skip, wireLength)} of an in-order segment, except where a queued segment captured
     * earlier holds the same bytes: a retransmission that fills a hole often also repeats data already queued, and a
     * message whose first byte was queued must keep that earlier capture time (its first byte crossed the wire then).
     */
    private void deliverKeepingEarlierCopies(
        final ByteBuffer buffer, final int offset, final int present, final int skip, final int wireLength,
        final long timestampNs, final long packetNumber, final long fileOffset)
    {
        final int segmentStart = nextSequence - skip;
        int from = skip;
        while (from < wireLength)
        {
            final int earlier = queue.count() == 0 ? -1 : queue.earliestCopyDistance(segmentStart + from,
                wireLength - from, timestampNs);
            if (earlier < 0)
            {
                deliver(buffer, offset, present, from, wireLength, timestampNs, packetNumber, fileOffset);
                return;
            }
            final int cut = from + earlier;
            deliver(buffer, offset, Math.min(present, cut), from, cut, timestampNs, packetNumber, fileOffset);
            drainQueue();
            from = nextSequence - segmentStart;
        }
    }

    /**
     * Hands bytes {@code [skip, wireLength)} of a segment whose first {@code present} bytes were captured to the
     * consumer, reporting the uncaptured tail as a gap, and advances the next expected sequence number.
     */
    private void deliver(
        final ByteBuffer buffer, final int offset, final int present, final int skip, final int wireLength,
        final long timestampNs, final long packetNumber, final long fileOffset)
    {
        if (skip < present)
        {
            consumer.onData(buffer, offset + skip, present - skip, timestampNs, packetNumber, fileOffset);
        }
        final int missing = wireLength - Math.max(skip, present);
        if (missing > 0)
        {
            statistics.truncatedPayloadBytes += missing;
            statistics.gaps++;
            statistics.gapBytes += missing;
            consumer.onGap(missing, packetNumber, fileOffset);
        }
        nextSequence += wireLength - skip;
    }

    private void drainQueue()
    {
        int index;
        while (queue.count() > 0 && (index = queue.findStartingAtOrBefore(nextSequence)) >= 0)
        {
            final int skip = nextSequence - queue.sequence(index);
            final int wireLength = queue.wireLength(index);
            if (skip < wireLength)
            {
                deliver(queue.data(), queue.dataOffset(index), queue.presentLength(index), skip, wireLength,
                    queue.timestamp(index), queue.packetNumber(index), queue.fileOffset(index));
            }
            else
            {
                statistics.retransmittedSegments++;
                statistics.retransmittedBytes += wireLength;
            }
            queue.remove(index);
        }
    }

    private void skipToLowestQueued(final long packetNumber, final long fileOffset)
    {
        final int lowest = queue.lowest(nextSequence);
        final int missing = queue.sequence(lowest) - nextSequence;
        if (missing > 0)
        {
            declareLost(missing, packetNumber, fileOffset);
        }
        drainQueue();
    }

    private void declareLost(final int missing, final long packetNumber, final long fileOffset)
    {
        statistics.gaps++;
        statistics.gapBytes += Integer.toUnsignedLong(missing);
        problems.warning("TCP stream " + description() + ": " + Integer.toUnsignedLong(missing) +
            " bytes never captured (lost segment) before packet " + packetNumber + " at byte offset " + fileOffset);
        consumer.onGap(Integer.toUnsignedLong(missing), packetNumber, fileOffset);
        nextSequence += missing;
    }

    /** End of capture: whatever still waits behind a hole is delivered after declaring the hole lost. */
    public void flush()
    {
        while (queue.count() > 0)
        {
            skipToLowestQueued(queue.packetNumber(queue.lowest(nextSequence)),
                queue.fileOffset(queue.lowest(nextSequence)));
        }
    }
}
