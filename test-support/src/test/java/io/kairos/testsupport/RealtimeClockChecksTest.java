package io.kairos.testsupport;

import org.junit.jupiter.api.Test;

import static io.kairos.testsupport.RealtimeClockChecks.assertReadsTheRealtimeClock;
import static io.kairos.testsupport.RealtimeClockChecks.realtimeNanos;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RealtimeClockChecksTest
{
    @Test
    void shouldAcceptTheRealtimeClockItself()
    {
        assertReadsTheRealtimeClock(RealtimeClockChecks::realtimeNanos, 1_000);
    }

    @Test
    void shouldRefuseAClockAMillisecondBehindAndSaySo()
    {
        final AssertionError e = assertThrows(AssertionError.class,
            () -> assertReadsTheRealtimeClock(() -> realtimeNanos() - 1_000_000, 1));
        assertTrue(e.getMessage().contains("ns behind"), e.getMessage());
    }

    @Test
    void shouldRefuseAClockAMillisecondAheadAndSaySo()
    {
        final AssertionError e = assertThrows(AssertionError.class,
            () -> assertReadsTheRealtimeClock(() -> realtimeNanos() + 1_000_000, 1));
        assertTrue(e.getMessage().contains("ns ahead"), e.getMessage());
    }
}
