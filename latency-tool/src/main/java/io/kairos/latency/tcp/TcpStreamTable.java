package io.kairos.latency.tcp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.agrona.collections.Long2ObjectHashMap;

import io.kairos.latency.capture.CaptureProblems;
import io.kairos.latency.net.TcpSegment;

/**
 * All TCP streams of the capture, found by a 64-bit hash of the address/port 4-tuple in an Agrona primitive map
 * (colliding streams chain through {@code nextInBucket}). Both directions of a connection share a connection id.
 * Lookups allocate nothing; creating a stream does. Owned by the analysis thread.
 */
public final class TcpStreamTable
{
    private final Long2ObjectHashMap<TcpStream> streamsByHash = new Long2ObjectHashMap<>();
    private final List<TcpStream> streams = new ArrayList<>();
    private final TcpStatistics statistics = new TcpStatistics();
    private final CaptureProblems problems;
    private final int maxQueuedSegments;
    private final int maxQueuedBytes;
    private int connections;

    public TcpStreamTable(final CaptureProblems problems, final int maxQueuedSegments, final int maxQueuedBytes)
    {
        this.problems = problems;
        this.maxQueuedSegments = maxQueuedSegments;
        this.maxQueuedBytes = maxQueuedBytes;
    }

    public TcpStatistics statistics()
    {
        return statistics;
    }

    /** The stream for this segment's direction, or null when none exists yet. */
    public TcpStream find(final TcpSegment segment)
    {
        TcpStream stream = streamsByHash.get(hash(segment.sourceHigh(), segment.sourceLow(), segment.sourcePort(),
            segment.destinationHigh(), segment.destinationLow(), segment.destinationPort()));
        while (stream != null && !stream.matches(segment))
        {
            stream = stream.nextInBucket;
        }
        return stream;
    }

    /** Creates the stream for this segment's direction (allocates). */
    public TcpStream create(final TcpSegment segment, final int channel)
    {
        final TcpStream reverse = findReverse(segment);
        final int connectionId = reverse != null ? reverse.connectionId() : ++connections;
        final TcpStream stream = new TcpStream(
            segment, connectionId, channel, statistics, problems, maxQueuedSegments, maxQueuedBytes);
        if (reverse != null)
        {
            stream.reverse = reverse;
            reverse.reverse = stream;
        }
        final long key = hash(segment.sourceHigh(), segment.sourceLow(), segment.sourcePort(),
            segment.destinationHigh(), segment.destinationLow(), segment.destinationPort());
        stream.nextInBucket = streamsByHash.get(key);
        streamsByHash.put(key, stream);
        streams.add(stream);
        return stream;
    }

    public List<TcpStream> streams()
    {
        return Collections.unmodifiableList(streams);
    }

    public int connectionCount()
    {
        return connections;
    }

    private TcpStream findReverse(final TcpSegment segment)
    {
        TcpStream stream = streamsByHash.get(hash(segment.destinationHigh(), segment.destinationLow(),
            segment.destinationPort(), segment.sourceHigh(), segment.sourceLow(), segment.sourcePort()));
        while (stream != null)
        {
            if (stream.sourceLow == segment.destinationLow() && stream.destinationLow == segment.sourceLow() &&
                stream.sourcePort == segment.destinationPort() && stream.destinationPort == segment.sourcePort() &&
                stream.sourceHigh == segment.destinationHigh() && stream.destinationHigh == segment.sourceHigh())
            {
                return stream;
            }
            stream = stream.nextInBucket;
        }
        return null;
    }

    private static long hash(
        final long sourceHigh, final long sourceLow, final int sourcePort,
        final long destinationHigh, final long destinationLow, final int destinationPort)
    {
        long h = mix(sourceLow * 31 + sourceHigh);
        h = mix(h ^ destinationLow) * 31 + destinationHigh;
        return mix(h ^ (((long)sourcePort << 16) | destinationPort));
    }

    private static long mix(final long value)
    {
        long z = value * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
