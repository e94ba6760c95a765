package io.kairos.bench.fix;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Bounded waiting for this module's tests: polls a condition until it holds, fails with what it waited for once
 * the bound passes. The bound is a safety net for a hung peer, never a measure of speed (the same shape as the
 * engine tests' {@code Await}; a shared test-support module is issue 19's).
 */
final class Await
{
    private static final long BOUND_NS = TimeUnit.SECONDS.toNanos(30);

    private Await()
    {
    }

    static void until(final String what, final BooleanSupplier condition) throws InterruptedException
    {
        final long giveUpNs = System.nanoTime() + BOUND_NS;
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - giveUpNs > 0)
            {
                throw new AssertionError("gave up waiting for " + what);
            }
            Thread.sleep(5);
        }
    }
}
