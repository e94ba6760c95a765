package io.kairos.engine;

import org.junit.jupiter.api.Test;

import static io.kairos.testsupport.RealtimeClockChecks.assertReadsTheRealtimeClock;
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
        assertReadsTheRealtimeClock(new RealtimeEpochNanoClock()::nanoTime, 10_000);
    }

    @Test
    void shouldUseTheAllocationFreePathWithTheVenuesJvmFlags()
    {
        assertTrue(RealtimeEpochNanoClock.allocationFree(), "jdk.internal.misc is exported by kairos.jvm.flags");
    }
}
