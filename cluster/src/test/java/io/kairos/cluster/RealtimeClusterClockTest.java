package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.Test;

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
        final SystemEpochNanoClock gatewayClock = new SystemEpochNanoClock();
        // fresh clocks each time: one sampled with a millisecond clock is up to 1 ms off from its first read
        for (int i = 0; i < 1_000; i++)
        {
            final RealtimeClusterClock clock = new RealtimeClusterClock();
            final long before = gatewayClock.nanoTime();
            final long time = clock.time();
            final long after = gatewayClock.nanoTime();
            assertTrue(before <= time && time <= after, before + " <= " + time + " <= " + after);
        }
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
