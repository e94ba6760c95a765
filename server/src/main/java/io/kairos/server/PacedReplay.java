package io.kairos.server;

import java.util.concurrent.locks.LockSupport;

import io.kairos.engine.EngineCommand;
import io.kairos.engine.EventDigest;
import org.HdrHistogram.Histogram;

/**
 * One partition's {@code kairos-server replay}: holds each command in range until its recorded engine-in time, scaled
 * by the speed, has come on this run's clock (none at speed max), then lets it be matched and records the matcher's
 * service time (not the wait) and how far behind schedule the command started. Digests the events of the commands in
 * range ({@link EventDigest}) and hands each command's events to an optional {@link ReplayComparison}. Commands
 * before the range are matched at full speed without being measured (they build the books the range starts from).
 * Owned by the replay thread.
 */
final class PacedReplay implements JournalReplay.Observer
{
    /** Below this much time to wait, spin rather than park (a park overshoots by tens of microseconds). */
    private static final long SPIN_BELOW_NS = 100_000;

    final int partition;
    final Histogram serviceNs = new Histogram(3);
    final Histogram behindNs = new Histogram(3);
    final EventDigest digest = new EventDigest();
    private final ReplayRange range;
    /** Replay speed (× the recorded pace); 0 for as fast as it goes. */
    private final int speed;
    private final ReplayComparison comparison;
    private boolean started;
    private long recordedStartNs;
    private long wallStartNs;
    private long wallEndNs;
    long commands;
    long firstIndex;
    long lastIndex;

    PacedReplay(final int partition, final ReplayRange range, final int speed, final ReplayComparison comparison)
    {
        this.partition = partition;
        this.range = range;
        this.speed = speed;
        this.comparison = comparison;
    }

    @Override
    public void beforeMatch(final EngineCommand command, final long index)
    {
        if (!range.contains(index, command.engineInNs))
        {
            return;
        }
        long now = System.nanoTime();
        if (!started)
        {
            started = true;
            recordedStartNs = command.engineInNs;
            wallStartNs = now;
            firstIndex = index;
        }
        if (speed > 0)
        {
            final long scheduled = wallStartNs + (command.engineInNs - recordedStartNs) / speed;
            while (now < scheduled)
            {
                final long left = scheduled - now;
                if (left > SPIN_BELOW_NS)
                {
                    LockSupport.parkNanos(left - SPIN_BELOW_NS / 2);
                }
                else
                {
                    Thread.onSpinWait();
                }
                now = System.nanoTime();
            }
            behindNs.recordValue(now - scheduled);
        }
    }

    @Override
    public boolean afterMatch(
        final EngineCommand command, final long index, final long serviceTimeNs, final CommandEvents events)
    {
        if (comparison != null && !comparison.compare(partition, index, events))
        {
            return false;
        }
        if (range.contains(index, command.engineInNs))
        {
            wallEndNs = System.nanoTime();
            serviceNs.recordValue(serviceTimeNs);
            events.digestInto(digest);
            commands++;
            lastIndex = index;
        }
        return !range.isPast(index + 1) || comparison != null;
    }

    /** Wall time from the first command in range to the end of the last one. */
    long wallNs()
    {
        return started ? wallEndNs - wallStartNs : 0;
    }
}
