package io.kairos.bench.fix;

import java.util.concurrent.locks.LockSupport;

/**
 * The planned send time of every request of a constant-rate run: request {@code i} is due at
 * {@code startNs + i * 1e9 / ratePerSecond}, whatever happened to the requests before it. Latency is measured from
 * this planned time, not from the moment the request actually left, so a stall of the sender or of the peer shows up
 * as latency of every request that should have been sent during it (no coordinated omission).
 *
 * <p>Immutable; {@link #awaitDue} is called by the one sender thread.
 */
public final class ConstantRateSchedule
{
    private final long startNs;
    private final double periodNs;

    public ConstantRateSchedule(final long startNs, final double ratePerSecond)
    {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond))
        {
            throw new IllegalArgumentException("rate must be a positive number of requests per second, was " +
                ratePerSecond);
        }
        this.startNs = startNs;
        this.periodNs = 1e9 / ratePerSecond;
    }

    public long startNs()
    {
        return startNs;
    }

    public double periodNs()
    {
        return periodNs;
    }

    /** Planned send time of request {@code index} (0-based), in {@link System#nanoTime()} units. */
    public long intendedNs(final long index)
    {
        return startNs + Math.round(index * periodNs);
    }

    /** Number of requests planned in the first {@code durationNs} of the run. */
    public long requestsWithin(final long durationNs)
    {
        return (long)Math.ceil(durationNs / periodNs);
    }

    /**
     * Waits until {@code intendedNs} (returns at once when the sender is late) and returns the time it woke. With
     * less than {@code spinThresholdNs} to go it spins instead of parking: a park overshoots by the kernel's timer
     * slack (~50 µs on Linux), spinning burns a core (which a small machine cannot spare).
     */
    public static long awaitDue(final long intendedNs, final long spinThresholdNs)
    {
        long now = System.nanoTime();
        while (now < intendedNs)
        {
            final long remainingNs = intendedNs - now;
            if (remainingNs > spinThresholdNs)
            {
                LockSupport.parkNanos(remainingNs - spinThresholdNs);
            }
            else
            {
                Thread.onSpinWait();
            }
            now = System.nanoTime();
        }
        return now;
    }

    /**
     * Latency of a response received at {@code receivedNs} to a request planned for {@code intendedNs}; never
     * negative (a response cannot precede its plan, but a clock read on another core may tie).
     */
    public static long latencyFromPlanNs(final long intendedNs, final long receivedNs)
    {
        return Math.max(0, receivedNs - intendedNs);
    }
}
