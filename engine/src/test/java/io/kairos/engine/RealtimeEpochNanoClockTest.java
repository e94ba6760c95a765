package io.kairos.engine;

import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The clock of the market-data gateway's SendingTime and of the cluster's log is the engine's (the system real-time
 * clock), read without allocating.
 */
class RealtimeEpochNanoClockTest
{
    @Test
    void shouldReadTheSameClockAsTheEngineBetweenTwoOfItsReadings()
    {
        final SystemEpochNanoClock engineClock = new SystemEpochNanoClock();
        final RealtimeEpochNanoClock clock = new RealtimeEpochNanoClock();
        for (int i = 0; i < 10_000; i++)
        {
            final long before = engineClock.nanoTime();
            final long now = clock.nanoTime();
            final long after = engineClock.nanoTime();
            assertTrue(before <= now && now <= after, before + " <= " + now + " <= " + after);
        }
    }

    @Test
    void shouldUseTheAllocationFreePathWithTheVenuesJvmFlags()
    {
        assertTrue(RealtimeEpochNanoClock.allocationFree(), "jdk.internal.misc is exported by kairos.jvm.flags");
    }
}
