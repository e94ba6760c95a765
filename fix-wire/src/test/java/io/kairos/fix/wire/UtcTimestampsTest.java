package io.kairos.fix.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void theStrictSyntaxTakesZeroThreeSixOrNineFractionDigitsAndADayWithinItsMonth()
    {
        for (final String good : new String[] {"20261124-10:00:00", "20261124-10:00:00.123",
            "20261124-10:00:00.123456", "20261124-10:00:00.123456789", "20241231-23:59:60", "20240229-00:00:00",
            "20250229-00:00:00", "00000101-00:00:00"})
        {
            assertTrue(valid(good), good);
        }
        for (final String bad : new String[] {"", "yesterday", "20261124-25:00:00", "20261324-10:00:00",
            "20260230-10:00:00", "20260431-10:00:00", "20261100-10:00:00", "20260024-10:00:00", "20261124-10:60:00",
            "20261124-10:00:61", "20261124-10:00:00.12", "20261124-10:00:00.1", "20261124-10:00:00.1234567890",
            "20261124 10:00:00", "20261124-10.00:00", "20261124-10:00.00", "2026112x-10:00:00",
            "20261124-10:00:00,123", "20261124-10:00:00.12x", "-0261124-10:00:00"})
        {
            assertFalse(valid(bad), bad);
        }
    }

    @Test
    void theStrictSyntaxReadsOnlyItsRange()
    {
        final String text = "60=20261124-10:00:00.123|";
        assertTrue(UtcTimestamps.isValid(Frames.buffer(text), 3, text.length() - 1));
        assertFalse(UtcTimestamps.isValid(Frames.buffer(text), 3, text.length()));
        assertFalse(UtcTimestamps.isValid(Frames.buffer(text), 2, text.length() - 1));
    }

    @Test
    void daysFromCivilCountsFromTheEpoch()
    {
        assertEquals(0, UtcTimestamps.daysFromCivil(1970, 1, 1));
        assertEquals(-1, UtcTimestamps.daysFromCivil(1969, 12, 31));
        assertEquals(19_782, UtcTimestamps.daysFromCivil(2024, 2, 29));
    }

    private static boolean valid(final String text)
    {
        return UtcTimestamps.isValid(Frames.buffer(text), 0, text.length());
    }

    private static long parse(final String text)
    {
        return UtcTimestamps.parseNanos(Frames.buffer(text), 0, text.length());
    }
}
