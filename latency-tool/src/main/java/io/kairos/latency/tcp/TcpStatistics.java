package io.kairos.latency.tcp;

/** Counters of TCP reassembly across all streams. Owned by the analysis thread. */
public final class TcpStatistics
{
    long segmentsWithData;
    long retransmittedSegments;
    long retransmittedBytes;
    long overlappingSegments;
    long outOfOrderSegments;
    long gaps;
    long gapBytes;
    long midStreamStarts;
    long truncatedPayloadBytes;
    long connectionResets;

    public long segmentsWithData()
    {
        return segmentsWithData;
    }

    public long retransmittedSegments()
    {
        return retransmittedSegments;
    }

    public long retransmittedBytes()
    {
        return retransmittedBytes;
    }

    public long overlappingSegments()
    {
        return overlappingSegments;
    }

    public long outOfOrderSegments()
    {
        return outOfOrderSegments;
    }

    public long gaps()
    {
        return gaps;
    }

    public long gapBytes()
    {
        return gapBytes;
    }

    public long midStreamStarts()
    {
        return midStreamStarts;
    }

    public long truncatedPayloadBytes()
    {
        return truncatedPayloadBytes;
    }

    public long connectionResets()
    {
        return connectionResets;
    }
}
