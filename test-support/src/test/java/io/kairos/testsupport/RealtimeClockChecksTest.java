package io.kairos.testsupport;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static io.kairos.testsupport.RealtimeClockChecks.assertReadsTheRealtimeClock;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RealtimeClockChecksTest
{
    @Test
    void shouldAcceptTheRealtimeClockItself()
    {
        assertReadsTheRealtimeClock(RealtimeClockChecksTest::realtimeNanos, 1_000);
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

    private static long realtimeNanos()
    {
        final Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
