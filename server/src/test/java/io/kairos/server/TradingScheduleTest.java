package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The trading day as a pure function of the time: phases, the next change, the trading date, refused configs. */
class TradingScheduleTest
{
    private static final TradingSchedule BERLIN = new TradingSchedule(ZoneId.of("Europe/Berlin"),
        EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), LocalTime.of(9, 0), LocalTime.of(17, 30));

    @Test
    void shouldBeOpenFromTheOpenUntilTheCloseOnTradingDaysInTheVenuesZone()
    {
        // Friday 27 November 2026; Berlin is UTC+1 in winter
        assertFalse(BERLIN.isOpenAt(Instant.parse("2026-11-27T07:59:59Z")), "08:59:59 Berlin");
        assertTrue(BERLIN.isOpenAt(Instant.parse("2026-11-27T08:00:00Z")), "09:00 Berlin opens");
        assertTrue(BERLIN.isOpenAt(Instant.parse("2026-11-27T16:29:59Z")));
        assertFalse(BERLIN.isOpenAt(Instant.parse("2026-11-27T16:30:00Z")), "17:30 Berlin closes");
        assertFalse(BERLIN.isOpenAt(Instant.parse("2026-11-28T10:00:00Z")), "Saturday");
    }

    @Test
    void shouldGiveTheNextOpenOrCloseSkippingTheWeekend()
    {
        assertEquals(at("2026-11-27T16:30:00Z"), BERLIN.nextChangeAfter(at("2026-11-27T08:00:00Z")));
        assertEquals(at("2026-11-30T08:00:00Z"), BERLIN.nextChangeAfter(at("2026-11-27T16:30:00Z")),
            "Friday's close is followed by Monday's open");
        assertEquals(at("2026-11-30T08:00:00Z"), BERLIN.nextChangeAfter(at("2026-11-28T12:00:00Z")));
        assertNull(TradingSchedule.ALWAYS_OPEN.nextChangeAfter(Instant.EPOCH));
        assertTrue(TradingSchedule.ALWAYS_OPEN.isOpenAt(Instant.parse("2026-11-28T12:00:00Z")));
    }

    @Test
    void shouldNameTheTradingDayInTheVenuesZone()
    {
        assertEquals(20261128, BERLIN.tradingDate(Instant.parse("2026-11-27T23:30:00Z")), "00:30 Saturday in Berlin");
        assertEquals(20261127, BERLIN.tradingDate(Instant.parse("2026-11-27T22:59:59Z")));
    }

    @Test
    void shouldRefuseASchedulethatCannotWork()
    {
        final ZoneId utc = ZoneId.of("UTC");
        final EnumSet<DayOfWeek> days = EnumSet.of(DayOfWeek.MONDAY);
        assertThrows(IllegalArgumentException.class, () -> new TradingSchedule(utc, days, LocalTime.NOON, null));
        assertThrows(IllegalArgumentException.class,
            () -> new TradingSchedule(utc, days, LocalTime.NOON, LocalTime.NOON), "close must be after open");
        assertThrows(IllegalArgumentException.class,
            () -> new TradingSchedule(utc, EnumSet.noneOf(DayOfWeek.class), LocalTime.NOON, LocalTime.MAX));
    }

    @Test
    void shouldLoadTheScheduleFromTheConfigurationAndRefuseBadValuesNamingTheKey()
    {
        final TradingSchedule loaded = load(Map.of("KAIROS_TRADING_TIME_ZONE", "Europe/Berlin",
            "KAIROS_TRADING_DAYS", "mon,Tuesday,WED,THU,FRI", "KAIROS_TRADING_OPEN", "09:00",
            "KAIROS_TRADING_CLOSE", "17:30"));
        assertEquals(BERLIN, loaded);
        assertTrue(load(Map.of()).alwaysOpen(), "the shipped default: always open");
        assertEquals("trading.time-zone", refusedKey(Map.of("KAIROS_TRADING_TIME_ZONE", "Mars/Olympus")));
        assertEquals("trading.days", refusedKey(Map.of("KAIROS_TRADING_DAYS", "MON,FUNDAY")));
        assertEquals("trading.open", refusedKey(Map.of("KAIROS_TRADING_OPEN", "9am", "KAIROS_TRADING_CLOSE", "17:30")));
        assertEquals("trading.close", refusedKey(Map.of("KAIROS_TRADING_OPEN", "09:00")));
        assertEquals("trading.close",
            refusedKey(Map.of("KAIROS_TRADING_OPEN", "09:00", "KAIROS_TRADING_CLOSE", "08:00")));
    }

    private static Instant at(final String time)
    {
        return Instant.parse(time);
    }

    private static TradingSchedule load(final Map<String, String> env)
    {
        return KairosConfigLoader.load(null, env).trading();
    }

    private static String refusedKey(final Map<String, String> env)
    {
        return assertThrows(ConfigException.class, () -> load(env)).key();
    }
}
