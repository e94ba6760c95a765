package io.kairos.fix.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;

import org.junit.jupiter.api.Test;

class UtcTimestampsTest
{
    @Test
    void parsesSecondsAndZeroToNineFractionDigits()
    {
        final long second = Instant.parse("2026-11-24T21:57:16Z").getEpochSecond() * 1_000_000_000L;
        assertEquals(second, parse("20261124-21:57:16"));
        assertEquals(second + 100_000_000L, parse("20261124-21:57:16.1"));
        assertEquals(second + 123_000_000L, parse("20261124-21:57:16.123"));
        assertEquals(second + 123_456_789L, parse("20261124-21:57:16.123456789"));
    }

    @Test
    void textThatIsNotAUtcTimestampIsAbsent()
    {
        for (final String bad : new String[] {"", "20261124-21:57", "20261124 21:57:16", "20261324-21:57:16",
            "20261124-24:00:00", "20261124-21:60:00", "20261124-21:57:16.", "20261124-21:57:16.1234567890",
            "20261124-21:57:16,1", "2026112x-21:57:16", "20261124-21:57:16.12a"})
        {
            assertEquals(UtcTimestamps.ABSENT, parse(bad), bad);
        }
    }

    @Test
    void daysFromCivilCountsFromTheEpoch()
    {
        assertEquals(0, UtcTimestamps.daysFromCivil(1970, 1, 1));
        assertEquals(-1, UtcTimestamps.daysFromCivil(1969, 12, 31));
        assertEquals(19_782, UtcTimestamps.daysFromCivil(2024, 2, 29));
    }

    private static long parse(final String text)
    {
        return UtcTimestamps.parseNanos(Frames.buffer(text), 0, text.length());
    }
}
