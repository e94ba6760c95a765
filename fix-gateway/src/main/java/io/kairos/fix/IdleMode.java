package io.kairos.fix;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * How the gateway's two polling threads — Artio's framer and the library thread that runs the sessions —
 * wait when they have nothing to do ({@code fix.idle-strategy}). The archive and the media driver always
 * back off.
 */
public enum IdleMode
{
    /**
     * Spin, yield, then park from 1 µs doubling to 100 µs: little CPU when quiet, but a parked thread notices
     * new work only when its park ends (on the 2-core development VM a parked library thread polled about
     * every 200 µs). For machines whose cores are shared.
     */
    BACKOFF,
    /**
     * Never sleep: each thread keeps one core busy and hands work on within microseconds (Artio's own
     * default). Only with a dedicated core per thread, as for the engine's busy-spin wait strategy.
     */
    BUSY_SPIN;

    /** A new idle strategy of this mode (each thread needs its own). */
    public IdleStrategy newIdleStrategy()
    {
        return this == BUSY_SPIN ? new BusySpinIdleStrategy() : new BackoffIdleStrategy(100, 10, 1_000, 100_000);
    }
}
