package io.kairos.server;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The venue's trading day: in {@code zone}, on each of {@code days}, continuous trading from {@code open} to
 * {@code close}; closed otherwise (nights, weekends). {@link #ALWAYS_OPEN} (no open and close configured) never
 * closes: the venue as it was before schedules. Immutable, validated; pure functions of the time asked about.
 *
 * @param zone  the venue's time zone (an IANA id such as Europe/Berlin, or UTC)
 * @param days  the trading days
 * @param open  when each trading day opens (local time), or null for {@link #ALWAYS_OPEN}
 * @param close when it closes, after {@code open} on the same day, or null with {@code open}
 */
public record TradingSchedule(ZoneId zone, Set<DayOfWeek> days, LocalTime open, LocalTime close)
{
    /** No schedule: open all the time, nothing published. */
    public static final TradingSchedule ALWAYS_OPEN =
        new TradingSchedule(ZoneId.of("UTC"), EnumSet.allOf(DayOfWeek.class), null, null);

    public TradingSchedule
    {
        Objects.requireNonNull(zone, "zone");
        days = days.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(days));
        if ((open == null) != (close == null))
        {
            throw new IllegalArgumentException("open and close are both set or both empty");
        }
        if (open != null && !close.isAfter(open))
        {
            throw new IllegalArgumentException("close (" + close + ") must be after open (" + open + ")");
        }
        if (open != null && days.isEmpty())
        {
            throw new IllegalArgumentException("a schedule needs at least one trading day");
        }
    }

    public boolean alwaysOpen()
    {
        return open == null;
    }

    /** Whether continuous trading is on at {@code time}. */
    public boolean isOpenAt(final Instant time)
    {
        if (alwaysOpen())
        {
            return true;
        }
        final ZonedDateTime local = time.atZone(zone);
        final LocalTime now = local.toLocalTime();
        return days.contains(local.getDayOfWeek()) && !now.isBefore(open) && now.isBefore(close);
    }

    /** The trading day {@code time} falls on, as yyyymmdd in the venue's zone. */
    public int tradingDate(final Instant time)
    {
        final LocalDate date = time.atZone(zone).toLocalDate();
        return date.getYear() * 10_000 + date.getMonthValue() * 100 + date.getDayOfMonth();
    }

    /** The first open or close strictly after {@code time}; null for {@link #ALWAYS_OPEN}. */
    public Instant nextChangeAfter(final Instant time)
    {
        if (alwaysOpen())
        {
            return null;
        }
        LocalDate date = time.atZone(zone).toLocalDate();
        for (int i = 0; i < 8; i++, date = date.plusDays(1))
        {
            if (!days.contains(date.getDayOfWeek()))
            {
                continue;
            }
            for (final LocalTime at : new LocalTime[] {open, close})
            {
                final Instant change = ZonedDateTime.of(date, at, zone).toInstant();
                if (change.isAfter(time))
                {
                    return change;
                }
            }
        }
        throw new IllegalStateException("no trading day within a week of " + time); // a validated schedule has one
    }

    /** For the banner and logs: "Mon-Fri 09:00-17:30 Europe/Berlin" style, or "always open". */
    public String describe()
    {
        if (alwaysOpen())
        {
            return "always open (no trading.open / trading.close)";
        }
        final StringBuilder text = new StringBuilder();
        for (final DayOfWeek day : EnumSet.copyOf(days))
        {
            text.append(text.isEmpty() ? "" : ",").append(day.name(), 0, 3);
        }
        return text + " " + open + "-" + close + " " + zone.getId();
    }
}
