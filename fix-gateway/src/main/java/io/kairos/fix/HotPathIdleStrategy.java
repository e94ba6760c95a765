package io.kairos.fix;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * How the compact mode's hot thread waits with {@code fix.idle-strategy=backoff}: it stays awake while work is
 * recent and sleeps longer the longer the venue is quiet. Three phases, measured from the last duty cycle that
 * did work:
 * <ol>
 * <li>up to {@link #YIELD_WINDOW_NS}: yield the core (to whatever else is runnable on it) and poll again — a
 *     request arriving now is picked up within microseconds, where a parked thread would first wait for its
 *     timer (on the 2-core development VM a 1 µs park took 50-90 µs);</li>
 * <li>then parks from 1 µs doubling to {@link #MAX_PARK_NS} — as short as asked only on a thread with a fine timer
 *     slack, which the venue gives its hot threads ({@code io.kairos.engine.TimerSlack}: 1 µs; Linux's default
 *     50 µs made every park here at least 50 µs);</li>
 * <li>after {@link #DEEP_IDLE_AFTER_NS} without work, parks of {@link #DEEP_PARK_NS}: an idle venue costs almost
 *     nothing (≈ 1,000 duty cycles a second; Artio's own housekeeping wakes the sessions every few hundred
 *     milliseconds, so a longer intermediate phase would never end), and the first request after a quiet
 *     spell waits at most that.</li>
 * </ol>
 * Under steady flow (a request at least every {@link #YIELD_WINDOW_NS}: 500 orders/s and more) the thread never
 * parks, so it takes a core's worth of cycles — but yields them to any other runnable thread. Owned by the hot
 * thread.
 */
final class HotPathIdleStrategy implements IdleStrategy
{
    static final long YIELD_WINDOW_NS = TimeUnit.MILLISECONDS.toNanos(2);
    static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);
    static final long DEEP_IDLE_AFTER_NS = TimeUnit.MILLISECONDS.toNanos(20);
    static final long DEEP_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private long lastWorkNs = System.nanoTime();
    private long parkNs = MIN_PARK_NS;

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
        final long quietNs = System.nanoTime() - lastWorkNs;
        if (quietNs < YIELD_WINDOW_NS)
        {
            Thread.yield();
        }
        else if (quietNs < DEEP_IDLE_AFTER_NS)
        {
            LockSupport.parkNanos(parkNs);
            parkNs = Math.min(parkNs << 1, MAX_PARK_NS);
        }
        else
        {
            LockSupport.parkNanos(DEEP_PARK_NS);
        }
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
