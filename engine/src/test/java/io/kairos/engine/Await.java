package io.kairos.engine;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Bounded waiting for tests: polls a condition, fails with a message on timeout. Never a bare sleep. */
final class Await
{
    private Await()
    {
    }

    static void until(final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
