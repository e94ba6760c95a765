package io.kairos.engine;

/** How a matcher thread waits for commands: blocking and yielding suit small machines, busy-spin dedicated cores. */
public enum WaitStrategyType
{
    BLOCKING,
    YIELDING,
    SLEEPING,
    BUSY_SPIN
}
