package io.kairos.engine;

import java.util.Arrays;

/**
 * The redelivery rule, for both engines: while a listener recovers, an execution event of a command after the
 * listener's {@link EngineEventListener#redeliverAfter redelivery point} for its partition that the listener says it
 * {@link EngineEventListener#needsRedelivery needs} is handed to it again, marked {@link ExecutionEvent#recovered};
 * everything else is dropped (recovery re-creates state, not news). Owned by the recovering thread.
 *
 * <p>TransactTime differs by where the events come from, and each factory says which:
 * <ul>
 *   <li>{@link #ofReplay}: the in-process engine re-creates the events by matching the journal's commands again, at
 *   replay time, so their TransactTime would be the replay's clock; it is set back to when the command first entered
 *   the engine (the journal keeps that stamp), the nearest the journal has to the time first reported.</li>
 *   <li>{@link #ofOriginals}: a replicated engine's members keep the events as they were first emitted (their
 *   matching is timed by the log, identically on every replay), so their TransactTime is already the one first
 *   reported and is left alone: rewriting it would report a redelivered fill at a different time than the
 *   original.</li>
 * </ul>
 */
public final class RedeliveryFilter implements EngineEventListener
{
    private final EngineEventListener target;
    private final long[] redeliverAfter;
    private final boolean restoreTransactTime;
    private long redelivered;

    private RedeliveryFilter(
        final EngineEventListener target, final long[] redeliverAfter, final boolean restoreTransactTime)
    {
        this.target = target;
        this.redeliverAfter = redeliverAfter;
        this.restoreTransactTime = restoreTransactTime;
    }

    /**
     * For a journal replay of {@code partition}: events re-created at replay time, their TransactTime set back to
     * their command's engine-in.
     */
    public static RedeliveryFilter ofReplay(
        final EngineEventListener target, final int partition, final long redeliverAfter)
    {
        final long[] after = new long[partition + 1];
        Arrays.fill(after, Long.MAX_VALUE);
        after[partition] = redeliverAfter;
        return new RedeliveryFilter(target, after, true);
    }

    /**
     * For events kept as first emitted (a replicated engine's history), of the partitions {@code hosted}: each one's
     * point asked from {@code target} now; TransactTime left as it was.
     */
    public static RedeliveryFilter ofOriginals(
        final EngineEventListener target, final int[] hosted, final int partitionCount)
    {
        final long[] after = new long[partitionCount];
        Arrays.fill(after, Long.MAX_VALUE);
        for (final int p : hosted)
        {
            after[p] = target.redeliverAfter(p);
        }
        return new RedeliveryFilter(target, after, false);
    }

    /** The lowest redelivery point: recovery must start after it. */
    public long earliestRedeliverAfter()
    {
        long earliest = Long.MAX_VALUE;
        for (final long after : redeliverAfter)
        {
            earliest = Math.min(earliest, after);
        }
        return earliest;
    }

    /** Execution events handed to the target again so far. */
    public long redelivered()
    {
        return redelivered;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        final int partition = event.partition;
        if (partition >= 0 && partition < redeliverAfter.length && event.journalIndex > redeliverAfter[partition] &&
            target.needsRedelivery(event))
        {
            event.recovered = true;
            if (restoreTransactTime && event.engineInNs != 0)
            {
                event.transactTimeNs = event.engineInNs;
            }
            redelivered++;
            target.onExecution(event);
        }
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
    }
}
