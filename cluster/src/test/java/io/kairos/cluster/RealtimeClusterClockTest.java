package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static io.kairos.testsupport.RealtimeClockChecks.assertReadsTheRealtimeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The leader's log timestamps are the gateway's clock: the system real-time clock in epoch nanoseconds, so that a
 * report's TransactTime never precedes the order's arrival and the hops across the processes are measurable.
 */
class RealtimeClusterClockTest
{
    @Test
    void shouldReadTheGatewaysClockBetweenTwoOfItsReadingsFromItsFirstRead()
    {
        // a fresh clock each time: one sampled with a millisecond clock is up to 1 ms off from its first read
        assertReadsTheRealtimeClock(() -> new RealtimeClusterClock().time(), 1_000);
    }

    @Test
    void shouldCountInNanosecondsAsTheServiceReadsThem()
    {
        final RealtimeClusterClock clock = new RealtimeClusterClock();
        assertEquals(TimeUnit.NANOSECONDS, clock.timeUnit());
        assertEquals(123_456_789L, clock.convertToNanos(123_456_789L));
        final long before = clock.timeNanos();
        assertTrue(clock.time() >= before);
    }
}
