package io.kairos.testsupport;

import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * Checks that a clock reads the system real-time clock in epoch nanoseconds — the clock of the venue's stamps
 * ({@code Instant.now()}, which Agrona's {@code SystemEpochNanoClock} reads) — by reading it between two readings of
 * that clock. Stateless.
 */
public final class RealtimeClockChecks
{
    private RealtimeClockChecks()
    {
    }

    /**
     * Reads {@code clock} {@code times} times, each between two readings of the real-time clock.
     *
     * @throws AssertionError at the first reading outside its two bounds, with the three values
     */
    public static void assertReadsTheRealtimeClock(final LongSupplier clock, final int times)
    {
        for (int i = 0; i < times; i++)
        {
            final long before = realtimeNanos();
            final long now = clock.getAsLong();
            final long after = realtimeNanos();
            if (now < before || now > after)
            {
                final String off = now < before ? before - now + " ns behind" : now - after + " ns ahead";
                throw new AssertionError(
                    "reading " + i + ": " + before + " <= " + now + " <= " + after + " does not hold (" + off + ")");
            }
        }
    }

    /** The real-time clock the checks compare with, in epoch nanoseconds. */
    public static long realtimeNanos()
    {
        final Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
