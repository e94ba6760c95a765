package io.kairos.fix;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.kairos.engine.TimerSlack;
import org.agrona.concurrent.IdleStrategy;

/**
 * How the compact mode's hot thread waits with {@code fix.idle-strategy=backoff}: it stays awake while work is
 * recent and sleeps longer the longer the venue is quiet. Measured from the last duty cycle that did work:
 * <ol>
 * <li>parks from 1 µs doubling to a short maximum ({@link #PRECISE_MAX_PARK_NS}), so that a request arriving now
 *     waits a few microseconds, and the thread leaves the cores to the others (market data, the archive, a load
 *     client) in between;</li>
 * <li>after {@link #DEEP_IDLE_AFTER_NS} without work, parks of {@link #DEEP_PARK_NS}: an idle venue costs almost
 *     nothing (≈ 1,000 duty cycles a second; Artio's own housekeeping wakes the sessions every few hundred
 *     milliseconds, so a longer intermediate phase would never end), and the first request after a quiet
 *     spell waits at most that.</li>
 * </ol>
 * Short parks are short only on a thread with a fine timer slack, which the venue gives its hot threads
 * ({@link TimerSlack}, 1 µs). With Linux's default slack (50 µs; or where it cannot be read) a 1 µs park lasts
 * at least the slack, so the thread then first yields for {@link #YIELD_WINDOW_NS} after work —
 * under steady flow it never parks and takes a core's worth of cycles, yielding them to any other runnable thread —
 * and parks up to {@link #MAX_PARK_NS} after that. The choice is made once, on the thread, at its first idle call.
 * Why parking at once where parks are precise: on a host whose cores are shared with market data and the clients,
 * a thread that yields holds the CPU the others need, so order-ack's tail and the venue's CPU per order were lower;
 * what it costs is a little median latency where the CPUs are nearly full and a longer service time on an idle
 * machine (measured in bench/fix-load/README.md, "The hot thread parks at once"). Owned by the hot thread.
 */
final class HotPathIdleStrategy implements IdleStrategy
{
    /** A timer slack at most this fine makes parks precise enough to park at once. */
    static final long PRECISE_SLACK_NS = TimeUnit.MICROSECONDS.toNanos(10);
    static final long PRECISE_MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(20);
    static final long YIELD_WINDOW_NS = TimeUnit.MILLISECONDS.toNanos(2);
    static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);
    static final long DEEP_IDLE_AFTER_NS = TimeUnit.MILLISECONDS.toNanos(20);
    static final long DEEP_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private long lastWorkNs = System.nanoTime();
    private long parkNs = MIN_PARK_NS;
    /** Negative until the first idle call reads the thread's timer slack (a small /proc read, which allocates). */
    private long yieldWindowNs = -1;
    private long maxParkNs = MAX_PARK_NS;

    @Override
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    @Override
    public void idle()
    {
        if (yieldWindowNs < 0)
        {
            choosePhases(TimerSlack.ofCurrentThread());
        }
        final long quietNs = System.nanoTime() - lastWorkNs;
        if (quietNs < yieldWindowNs)
        {
            Thread.yield();
        }
        else if (quietNs < DEEP_IDLE_AFTER_NS)
        {
            LockSupport.parkNanos(parkNs);
            parkNs = Math.min(parkNs << 1, maxParkNs);
        }
        else
        {
            LockSupport.parkNanos(DEEP_PARK_NS);
        }
    }

    /** Parks at once, up to {@link #PRECISE_MAX_PARK_NS}, when the slack is precise; else yields first. */
    void choosePhases(final long timerSlackNs)
    {
        final boolean precise = timerSlackNs > 0 && timerSlackNs <= PRECISE_SLACK_NS;
        yieldWindowNs = precise ? 0 : YIELD_WINDOW_NS;
        maxParkNs = precise ? PRECISE_MAX_PARK_NS : MAX_PARK_NS;
    }

    long yieldWindowNs()
    {
        return yieldWindowNs;
    }

    long maxParkNs()
    {
        return maxParkNs;
    }

    @Override
    public void reset()
    {
        lastWorkNs = System.nanoTime();
        parkNs = MIN_PARK_NS;
    }

    @Override
    public String alias()
    {
        return "kairos-hot-path";
    }
}
