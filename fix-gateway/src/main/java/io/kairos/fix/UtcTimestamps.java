package io.kairos.fix;

import org.agrona.DirectBuffer;

/**
 * Strict FIX UTCTimestamp syntax, {@code YYYYMMDD-HH:MM:SS} optionally followed by '.' and 3, 6 or 9 digits, with
 * month 1..12, day 1..31 (and within the month), hour 0..23, minute 0..59, second 0..60 (leap second). Pure functions,
 * allocation-free.
 */
final class UtcTimestamps
{
    private static final int BASE_LENGTH = 17;
    private static final int[] DAYS_IN_MONTH = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    private UtcTimestamps()
    {
    }

    static boolean isValid(final DirectBuffer buffer, final int start, final int end)
    {
        final int length = end - start;
        if (length != BASE_LENGTH && length != BASE_LENGTH + 4 && length != BASE_LENGTH + 7 &&
            length != BASE_LENGTH + 10)
        {
            return false;
        }
        final int month = number(buffer, start + 4, 2);
        final int day = number(buffer, start + 6, 2);
        final int hour = number(buffer, start + 9, 2);
        final int minute = number(buffer, start + 12, 2);
        final int second = number(buffer, start + 15, 2);
        if (number(buffer, start, 4) < 0 || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1] ||
            hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60)
        {
            return false;
        }
        if (buffer.getByte(start + 8) != '-' || buffer.getByte(start + 11) != ':' || buffer.getByte(start + 14) != ':')
        {
            return false;
        }
        if (length > BASE_LENGTH)
        {
            return buffer.getByte(start + BASE_LENGTH) == '.' &&
                number(buffer, start + BASE_LENGTH + 1, length - BASE_LENGTH - 1) >= 0;
        }
        return true;
    }

    /** @return the value of {@code count} ASCII digits, or -1 when any is not a digit. */
    private static int number(final DirectBuffer buffer, final int start, final int count)
    {
        int value = 0;
        for (int i = start; i < start + count; i++)
        {
            final byte b = buffer.getByte(i);
            if (b < '0' || b > '9')
            {
                return -1;
            }
            value = value * 10 + b - '0';
        }
        return value;
    }
}
