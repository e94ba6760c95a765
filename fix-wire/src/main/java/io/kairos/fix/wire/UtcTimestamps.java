package io.kairos.fix.wire;

import org.agrona.DirectBuffer;

/**
 * FIX UTCTimestamps {@code YYYYMMDD-HH:MM:SS[.s…]}: {@link #parseNanos} reads one leniently (0 to 9 fraction digits)
 * into epoch nanoseconds, for tools that read what others wrote; {@link #isValid} is the strict syntax a venue
 * accepts from a client (0, 3, 6 or 9 fraction digits, the day within its month). {@link FixWriter#utcTimestampMillis}
 * and {@link FixWriter#utcTimestampNanos} write them. Stateless and allocation-free; thread-safe.
 */
public final class UtcTimestamps
{
    /** What {@link #parseNanos} returns for text that is not a UTCTimestamp (the same as a missing number). */
    public static final long ABSENT = FixFieldIndex.NOT_A_NUMBER;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int MIN_LENGTH = 17;
    /** February has 29: whether the year is a leap year is not checked. */
    private static final int[] DAYS_IN_MONTH = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    private UtcTimestamps()
    {
    }

    /** @return epoch nanoseconds, or {@link #ABSENT} when the text is not a UTCTimestamp. */
    public static long parseNanos(final DirectBuffer buffer, final int start, final int length)
    {
        if (length < MIN_LENGTH || buffer.getByte(start + 8) != '-' || buffer.getByte(start + 11) != ':' ||
            buffer.getByte(start + 14) != ':')
        {
            return ABSENT;
        }
        final int year = digits(buffer, start, 4);
        final int month = digits(buffer, start + 4, 2);
        final int day = digits(buffer, start + 6, 2);
        final int hour = digits(buffer, start + 9, 2);
        final int minute = digits(buffer, start + 12, 2);
        final int second = digits(buffer, start + 15, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 ||
            minute > 59 || second < 0 || second > 60)
        {
            return ABSENT;
        }
        long fraction = 0;
        if (length > MIN_LENGTH)
        {
            final int fractionDigits = length - MIN_LENGTH - 1;
            if (buffer.getByte(start + MIN_LENGTH) != '.' || fractionDigits < 1 || fractionDigits > 9)
            {
                return ABSENT;
            }
            final int value = digits(buffer, start + MIN_LENGTH + 1, fractionDigits);
            if (value < 0)
            {
                return ABSENT;
            }
            fraction = value;
            for (int i = fractionDigits; i < 9; i++)
            {
                fraction *= 10;
            }
        }
        final long days = daysFromCivil(year, month, day);
        return ((days * 24 + hour) * 60 + minute) * 60 * NANOS_PER_SECOND + second * NANOS_PER_SECOND + fraction;
    }

    /**
     * Whether {@code buffer[start, end)} is a UTCTimestamp in the strict syntax: {@code YYYYMMDD-HH:MM:SS} optionally
     * followed by '.' and 3, 6 or 9 digits, with month 1..12, day 1..31 and within the month, hour 0..23, minute
     * 0..59, second 0..60 (a leap second).
     */
    public static boolean isValid(final DirectBuffer buffer, final int start, final int end)
    {
        final int length = end - start;
        if (length != MIN_LENGTH && length != MIN_LENGTH + 4 && length != MIN_LENGTH + 7 &&
            length != MIN_LENGTH + 10)
        {
            return false;
        }
        final int month = digits(buffer, start + 4, 2);
        final int day = digits(buffer, start + 6, 2);
        final int hour = digits(buffer, start + 9, 2);
        final int minute = digits(buffer, start + 12, 2);
        final int second = digits(buffer, start + 15, 2);
        if (digits(buffer, start, 4) < 0 || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1] ||
            hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60)
        {
            return false;
        }
        if (buffer.getByte(start + 8) != '-' || buffer.getByte(start + 11) != ':' ||
            buffer.getByte(start + 14) != ':')
        {
            return false;
        }
        if (length > MIN_LENGTH)
        {
            return buffer.getByte(start + MIN_LENGTH) == '.' &&
                digits(buffer, start + MIN_LENGTH + 1, length - MIN_LENGTH - 1) >= 0;
        }
        return true;
    }

    /** @return the value of {@code count} ASCII digits, or -1 when any is not a digit. */
    private static int digits(final DirectBuffer buffer, final int start, final int count)
    {
        int value = 0;
        for (int i = start; i < start + count; i++)
        {
            final byte b = buffer.getByte(i);
            if (b < '0' || b > '9')
            {
                return -1;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
    public static long daysFromCivil(final int year, final int month, final int day)
    {
        final int y = month <= 2 ? year - 1 : year;
        final int era = (y >= 0 ? y : y - 399) / 400;
        final int yearOfEra = y - era * 400;
        final int dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        final int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return (long)era * 146097 + dayOfEra - 719468;
    }
}
