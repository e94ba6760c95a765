package io.kairos.engine;

import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.Agent;

/**
 * Takes a partition's snapshot file work off the matcher's thread (compact threading, where that thread is the hot
 * thread that also answers every order): the matcher captures the state into the {@link SnapshotStore}'s image
 * between two commands and hands it over; this agent, on the housekeeping thread ({@code kairos-infra}), writes,
 * forces and publishes the file. A journal-covered snapshot is an optimisation of recovery, not a promise: a
 * snapshot that falls due while the previous one is still being written is skipped (counted, and said once on
 * stderr) rather than making the matcher wait, and the journal keeps every command either way.
 *
 * <p>In sync mode (and then also with threads of their own, on the partition's force thread when no housekeeping
 * thread was given) a snapshot is written only once the journal is durable up to its command: a snapshot must never
 * hold a command that a crash of the machine could take from the journal.
 *
 * <p>Threads: {@link #offer} on the matcher's thread; {@link #doWork} on the housekeeping or force thread; {@link
 * #persistPending} on the lifecycle thread once the agent is off its thread. The image belongs to whoever the
 * hand-off state says: the matcher while {@code IDLE}, the writer while {@code CAPTURED}.
 */
final class SnapshotWriter implements Agent
{
    private static final int IDLE = 0;
    private static final int CAPTURED = 1;

    private final SnapshotStore store;
    private final int partition;
    /** Sync mode: a snapshot is written only once the journal is durable up to its command; null otherwise. */
    private final JournalForcer forcer;
    /** The captured snapshot's command index; written by the matcher before it hands the image over. */
    private long capturedIndex;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final SingleWriterCounter skipped = new SingleWriterCounter();

    SnapshotWriter(final SnapshotStore store, final int partition, final JournalForcer forcer)
    {
        this.store = store;
        this.partition = partition;
        this.forcer = forcer;
    }

    /**
     * Matcher thread: captures the matcher's state as of {@code commandIndex} and hands it to the writer, unless
     * the writer still has the previous one. @return whether the snapshot was taken
     */
    boolean offer(final MatchingCore matcher, final long commandIndex)
    {
        if (state.get() != IDLE)
        {
            if (skipped.get() == 0)
            {
                System.err.println("kairos-engine: partition " + partition + " skips the snapshot at command " +
                    commandIndex + ": the previous one is still being written (the journal keeps every command)");
            }
            skipped.increment();
            return false;
        }
        store.capture(matcher, commandIndex);
        capturedIndex = commandIndex;
        state.set(CAPTURED); // releases the image to the writer
        return true;
    }

    /** Housekeeping or force thread: writes a captured snapshot, if any (and durable), and hands the image back. */
    @Override
    public int doWork()
    {
        if (state.get() != CAPTURED || (forcer != null && forcer.durableIndex() < capturedIndex))
        {
            return 0; // nothing captured, or (sync mode) its commands are not all on disk yet
        }
        try
        {
            store.persist(); // a failure reaches the thread's error handler; the image is handed back regardless
        }
        finally
        {
            state.set(IDLE);
        }
        return 1;
    }

    /** Lifecycle thread, after the matcher stopped and this agent left its thread: writes what is still captured. */
    void persistPending()
    {
        doWork();
    }

    /** Snapshots skipped because the previous one was still being written. */
    long skipped()
    {
        return skipped.get();
    }

    @Override
    public String roleName()
    {
        return "kairos-snapshot-p" + partition;
    }
}
