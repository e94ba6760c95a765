package io.kairos.latency.fix;

/** Counters of FIX framing across all streams. Owned by the analysis thread. */
public final class FixStatistics
{
    long messages;
    long checksumMismatches;
    long garbageEvents;
    long garbageBytes;
    long resynchronisations;
    long bytesSkippedBeforeSync;
    long partialMessagesLost;

    public long messages()
    {
        return messages;
    }

    public long checksumMismatches()
    {
        return checksumMismatches;
    }

    /** Times an in-sync stream held bytes that are not a valid FIX message (then the framer resynchronised). */
    public long garbageEvents()
    {
        return garbageEvents;
    }

    public long garbageBytes()
    {
        return garbageBytes;
    }

    /** Times the framer found {@code 8=FIX} again after a mid-stream start, a lost segment or garbage. */
    public long resynchronisations()
    {
        return resynchronisations;
    }

    public long bytesSkippedBeforeSync()
    {
        return bytesSkippedBeforeSync;
    }

    /** Messages of which only a part was captured (a gap cut them). */
    public long partialMessagesLost()
    {
        return partialMessagesLost;
    }
}
