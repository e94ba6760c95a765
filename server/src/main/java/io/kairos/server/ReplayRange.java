package io.kairos.server;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Which journal records a tool reports: an index range and a range of the commands' recorded engine-in times, both
 * inclusive. Immutable.
 */
record ReplayRange(long fromIndex, long toIndex, long fromNs, long toNs)
{
    static final ReplayRange ALL = new ReplayRange(1, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE);

    ReplayRange
    {
        if (fromIndex < 1 || toIndex < fromIndex)
        {
            throw new IllegalArgumentException("--from-index must be at least 1 and at most --to-index");
        }
        if (toNs < fromNs)
        {
            throw new IllegalArgumentException("--from must not be after --to");
        }
    }

    boolean contains(final long index, final long engineInNs)
    {
        return index >= fromIndex && index <= toIndex && engineInNs >= fromNs && engineInNs <= toNs;
    }

    /** No later record can be in range (indexes only grow; engine-in times need not, across gateways). */
    boolean isPast(final long index)
    {
        return index > toIndex;
    }

    /** An ISO-8601 instant ({@code 2026-03-01T09:30:00.000000123Z}) or epoch nanoseconds. */
    static long parseTime(final String option, final String text)
    {
        if (text.chars().allMatch(Character::isDigit) && !text.isEmpty())
        {
            try
            {
                return Long.parseLong(text);
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException(option + " " + text + ": too large for epoch nanoseconds", ex);
            }
        }
        try
        {
            final Instant instant = Instant.parse(text);
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
        }
        catch (final DateTimeParseException | ArithmeticException ex)
        {
            throw new IllegalArgumentException(option + " " + text +
                ": not an ISO-8601 instant (2026-03-01T09:30:00.000000123Z) or epoch nanoseconds", ex);
        }
    }
}
