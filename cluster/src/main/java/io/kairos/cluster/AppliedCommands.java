package io.kairos.cluster;

import org.agrona.collections.Long2LongHashMap;

/**
 * The rule that makes a command apply once: a gateway numbers its commands from 1 per instance (process start) and
 * resends what a leader change may have lost, so a command whose sequence is not above the last applied one of its
 * instance is a resend, already applied. One definition for the service ({@link MatchingService}) and for reading a
 * log back ({@link ClusterLogReader}); the map is what a snapshot keeps ({@link ServiceSnapshot}). Single-threaded.
 */
final class AppliedCommands
{
    private final Long2LongHashMap lastSequenceByInstance = new Long2LongHashMap(0);

    /** Whether the command ({@code instance}, {@code sequence}) is applied now; remembers it if so. */
    boolean firstTime(final long instance, final long sequence)
    {
        if (sequence <= lastSequenceByInstance.get(instance))
        {
            return false;
        }
        lastSequenceByInstance.put(instance, sequence);
        return true;
    }

    /** Each gateway instance's last applied sequence, for snapshots. */
    Long2LongHashMap lastSequenceByInstance()
    {
        return lastSequenceByInstance;
    }
}
