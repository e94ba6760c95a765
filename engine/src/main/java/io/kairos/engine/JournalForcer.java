package io.kairos.engine;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.Agent;

/**
 * Makes a partition's journal durable behind the thread that appends to it (sync mode): each duty cycle it takes
 * the index the appender last published, forces everything appended up to then (one {@code fdatasync} covers every
 * command appended since the previous force: group commit) and publishes that index as durable. Execution reports,
 * market data and snapshots of a command are released only once {@link #durableIndex()} covers it
 * ({@link DurableEventGate}), so the appender — the thread that reads and matches — never waits for the disk and
 * nothing is acknowledged before it is on disk. The force thread waits in a {@link SignalledIdleStrategy} that the
 * appender signals after each batch.
 *
 * <p>A force that fails stops this agent for good ({@link #failure()}); the partition then halts, and what it matched
 * after the last good force is never released. Threads: {@link #doWork} on the partition's force thread
 * ({@code kairos-force-pN}); the accessors from any thread.
 */
final class JournalForcer implements Agent
{
    private final int partition;
    private final Journal journal;
    private final PartitionStats stats;
    private final long simulatedDelayNs;
    /** Set before the force thread starts. */
    private JournalForceListener listener = JournalForceListener.NO_OP;
    private volatile long durableIndex;
    private volatile Throwable failure;

    /** @param simulatedDelayNs added to every force, to try what a slower disk does ({@code journal.force-delay-us}) */
    JournalForcer(final int partition, final Journal journal, final PartitionStats stats, final long simulatedDelayNs)
    {
        this.partition = partition;
        this.journal = journal;
        this.stats = stats;
        this.simulatedDelayNs = simulatedDelayNs;
    }

    /** Before the force thread starts: the journal as recovered is durable up to here. */
    void startAt(final long index)
    {
        durableIndex = index;
    }

    /** Before the force thread starts: who is told of each force. */
    void listener(final JournalForceListener forceListener)
    {
        listener = forceListener;
    }

    /** Every journal record up to this index is on the storage device. */
    long durableIndex()
    {
        return durableIndex;
    }

    /** Why forcing stopped, or null while it works. */
    Throwable failure()
    {
        return failure;
    }

    /** Whether everything published so far is durable (or forcing has failed: it never will be). */
    boolean caughtUp()
    {
        return failure != null || durableIndex >= journal.appendedIndex();
    }

    /** Whether the appender published records this agent has not forced yet (and forcing still works). */
    boolean hasWork()
    {
        return failure == null && journal.appendedIndex() > durableIndex;
    }

    @Override
    public int doWork()
    {
        if (!hasWork())
        {
            return 0;
        }
        final long target = journal.appendedIndex(); // read before the force: all of it is in the file by now
        final long commandsBefore = stats.commands();
        final long start = System.nanoTime();
        try
        {
            journal.forceAppended();
        }
        catch (final RuntimeException ex)
        {
            failure = ex;
            JournalFailureHandler.report(partition, durableIndex + 1, ex);
            return 0;
        }
        simulateSlowerDisk();
        final long took = System.nanoTime() - start;
        stats.journalForceNsMax.raiseTo(took);
        listener.onForced(partition, target, took);
        stats.commandsMatchedDuringForces.add(stats.commands() - commandsBefore);
        durableIndex = target;
        return 1;
    }

    private void simulateSlowerDisk()
    {
        final long until = System.nanoTime() + simulatedDelayNs;
        for (long left = simulatedDelayNs; left > 0; left = until - System.nanoTime())
        {
            LockSupport.parkNanos(left); // may return early: park again for what is left
        }
    }

    @Override
    public String roleName()
    {
        return "kairos-force-p" + partition;
    }
}
