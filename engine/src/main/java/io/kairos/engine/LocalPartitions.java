package io.kairos.engine;

/**
 * The partitions matched in this process, as their meters read them: counters, ring space, journal forces.
 * Readers are thread-safe; {@link #journalForceListener} is set once, before the engine starts.
 */
public interface LocalPartitions
{
    /** Live counters of a hosted partition; {@code partition} must be hosted here. */
    PartitionStats stats(int partition);

    /** Free slots in a hosted partition's command ring. */
    long remainingCapacity(int partition);

    /** Before the engine starts: who is told of each journal force in sync mode. */
    LocalPartitions journalForceListener(JournalForceListener listener);
}
