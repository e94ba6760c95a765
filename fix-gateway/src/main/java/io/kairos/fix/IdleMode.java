package io.kairos.fix;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * How the gateway's polling threads wait when they have nothing to do ({@code fix.idle-strategy}): Artio's
 * framer and the library thread that runs the sessions, or in compact threading the one hot thread that runs
 * both and the matchers. Housekeeping threads always back off ({@link #newHousekeepingIdleStrategy()}).
 */
public enum IdleMode
{
    /**
     * Spin, yield, then park from 1 µs doubling to 100 µs: little CPU when quiet, but a parked thread notices
     * new work only when its park ends (up to the longest park plus the thread's timer slack). For machines whose
     * cores are shared.
     */
    BACKOFF,
    /**
     * Never sleep: each thread keeps one core busy and hands work on within microseconds (Artio's own
     * default). Only with a dedicated core per thread, as for the engine's busy-spin wait strategy.
     */
    BUSY_SPIN;

    /** A new idle strategy of this mode for a thread of its own, e.g. the framer's (each thread needs its own). */
    public IdleStrategy newIdleStrategy()
    {
        return this == BUSY_SPIN ? new BusySpinIdleStrategy() : new BackoffIdleStrategy(100, 10, 1_000, 100_000);
    }

    /**
     * A new idle strategy of this mode for the compact mode's hot thread: busy-spin, or for backoff the
     * {@link HotPathIdleStrategy} (awake while work is recent, deep sleep when the venue is quiet).
     */
    public IdleStrategy newHotPathIdleStrategy()
    {
        return this == BUSY_SPIN ? new BusySpinIdleStrategy() : new HotPathIdleStrategy();
    }

    /**
     * For threads no request waits for — the media driver, the archive, Artio's indexer and monitoring, the
     * compact mode's infra thread: spin, yield, then park up to 5 ms, whatever the mode.
     */
    public static IdleStrategy newHousekeepingIdleStrategy()
    {
        return new BackoffIdleStrategy(10, 10, 1_000, 5_000_000);
    }
}
