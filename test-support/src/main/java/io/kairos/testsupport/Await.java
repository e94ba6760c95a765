package io.kairos.testsupport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Bounded waiting for tests: polls a condition until it holds and fails, naming what it waited for, once the bound
 * passes. The bound is a safety net for a hung peer, never a measure of speed: a passing test never reaches it.
 * Between polls it parks for a millisecond rather than spinning, so a wait does not take a core from the code it
 * waits for on a small machine. Stateless.
 */
public final class Await
{
    /** The bound of {@link #until(String, BooleanSupplier)}: the longest of the copies it replaced (10 and 20 s). */
    public static final Duration DEFAULT_BOUND = Duration.ofSeconds(20);

    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private Await()
    {
    }

    /** Waits (at most {@link #DEFAULT_BOUND}) until {@code condition} holds; {@code what} names it in the failure. */
    public static void until(final String what, final BooleanSupplier condition)
    {
        until(what, DEFAULT_BOUND, condition);
    }

    /** Waits at most {@code bound} until {@code condition} holds; {@code what} names it in the failure. */
    public static void until(final String what, final Duration bound, final BooleanSupplier condition)
    {
        final long giveUpNs = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - giveUpNs > 0)
            {
                throw new AssertionError("gave up after " + bound.toMillis() + " ms waiting for " + what);
            }
            LockSupport.parkNanos(POLL_NS);
            if (Thread.interrupted())
            {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }
}
