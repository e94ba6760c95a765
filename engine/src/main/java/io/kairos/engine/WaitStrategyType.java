package io.kairos.engine;

/**
 * How the journal and matcher threads wait for commands: parking (the default) and blocking suit small or
 * shared machines, yielding and busy-spin dedicated cores.
 */
public enum WaitStrategyType
{
    /** Spin, yield, then park until a publisher signals: no lock on publish; see {@link ParkingWaitStrategy}. */
    PARKING,
    BLOCKING,
    YIELDING,
    SLEEPING,
    BUSY_SPIN
}
