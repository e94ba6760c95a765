package io.kairos.md;

import java.time.LocalDate;
import java.time.ZoneOffset;

import io.kairos.fix.wire.FixWriter;

/**
 * Formats epoch nanoseconds as a FIX UTCTimestamp with nanosecond precision,
 * {@code YYYYMMDD-HH:MM:SS.nnnnnnnnn} (27 bytes). The date part is cached and recomputed
 * (allocating) once per UTC day. Not thread-safe: owned by the gateway's event loop.
 */
final class SendingTimeEncoder
{
    static final int LENGTH = 27;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final byte[] date = new byte[9];
    private long dayStartNs = Long.MIN_VALUE;

    void append(final FixWriter out, final long epochNs)
    {
        if (epochNs < dayStartNs || epochNs >= dayStartNs + NANOS_PER_DAY)
        {
            cacheDay(epochNs);
        }
        final long inDay = epochNs - dayStartNs;
        final long seconds = inDay / 1_000_000_000L;
        out.bytes(date, 0, date.length)
            .padded(seconds / 3600, 2).ascii(":")
            .padded(seconds / 60 % 60, 2).ascii(":")
            .padded(seconds % 60, 2).ascii(".")
            .padded(inDay % 1_000_000_000L, 9);
    }

    private void cacheDay(final long epochNs)
    {
        final long day = Math.floorDiv(epochNs, NANOS_PER_DAY);
        dayStartNs = day * NANOS_PER_DAY;
        final LocalDate d = LocalDate.ofEpochDay(day);
        final FixWriter b = new FixWriter(9);
        b.padded(d.getYear(), 4).padded(d.getMonthValue(), 2).padded(d.getDayOfMonth(), 2).ascii("-");
        System.arraycopy(b.bytes(), 0, date, 0, 9);
        assert d.atStartOfDay().toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L == dayStartNs;
    }
}
