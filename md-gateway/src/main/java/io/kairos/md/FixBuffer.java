package io.kairos.md;

import java.util.Arrays;

/**
 * A growable byte array that FIX fields are appended to as ASCII ({@code tag=value<SOH>}), with
 * allocation-free number, fixed-point price and timestamp formatting. It grows (allocating) only
 * past its high-water size. Not thread-safe: each instance is owned by one thread.
 */
final class FixBuffer
{
    static final byte SOH = 1;
    private static final long[] POWERS_OF_TEN = new long[19];

    static
    {
        long p = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++)
        {
            POWERS_OF_TEN[i] = p;
            p *= 10;
        }
    }

    private byte[] bytes;
    private int length;

    FixBuffer(final int capacity)
    {
        bytes = new byte[capacity];
    }

    byte[] bytes()
    {
        return bytes;
    }

    int length()
    {
        return length;
    }

    FixBuffer reset()
    {
        length = 0;
        return this;
    }

    /** Sum of all bytes modulo 256 (the FIX checksum of this content). */
    int checksum()
    {
        return checksum(bytes, 0, length);
    }

    static int checksum(final byte[] bytes, final int offset, final int length)
    {
        int sum = 0;
        for (int i = offset, end = offset + length; i < end; i++)
        {
            sum += bytes[i];
        }
        return sum & 0xFF;
    }

    FixBuffer field(final int tag, final long value)
    {
        tag(tag);
        appendLong(value);
        return soh();
    }

    FixBuffer field(final int tag, final char value)
    {
        tag(tag);
        ensure(1);
        bytes[length++] = (byte)value;
        return soh();
    }

    FixBuffer field(final int tag, final CharSequence ascii)
    {
        tag(tag);
        appendAscii(ascii);
        return soh();
    }

    FixBuffer field(final int tag, final byte[] value, final int offset, final int valueLength)
    {
        tag(tag);
        appendBytes(value, offset, valueLength);
        return soh();
    }

    /** A fixed-point price with {@code decimals} decimals, trailing zeros trimmed ("101.25", "100"). */
    FixBuffer priceField(final int tag, final long fixedPoint, final int decimals)
    {
        tag(tag);
        appendPrice(fixedPoint, decimals);
        return soh();
    }

    FixBuffer tag(final int tag)
    {
        appendLong(tag);
        ensure(1);
        bytes[length++] = '=';
        return this;
    }

    FixBuffer soh()
    {
        ensure(1);
        bytes[length++] = SOH;
        return this;
    }

    FixBuffer appendBytes(final byte[] value, final int offset, final int valueLength)
    {
        ensure(valueLength);
        System.arraycopy(value, offset, bytes, length, valueLength);
        length += valueLength;
        return this;
    }

    FixBuffer appendAscii(final CharSequence ascii)
    {
        final int n = ascii.length();
        ensure(n);
        for (int i = 0; i < n; i++)
        {
            bytes[length++] = (byte)ascii.charAt(i);
        }
        return this;
    }

    FixBuffer appendLong(final long value)
    {
        if (value == Long.MIN_VALUE)
        {
            return appendAscii("-9223372036854775808");
        }
        long v = value;
        ensure(20);
        if (v < 0)
        {
            bytes[length++] = '-';
            v = -v;
        }
        final int digits = digits(v);
        int i = length + digits;
        length = i;
        do
        {
            bytes[--i] = (byte)('0' + v % 10);
            v /= 10;
        }
        while (v != 0);
        return this;
    }

    FixBuffer appendPrice(final long fixedPoint, final int decimals)
    {
        long v = fixedPoint;
        if (v < 0)
        {
            ensure(1);
            bytes[length++] = '-';
            v = -v;
        }
        final long scale = POWERS_OF_TEN[decimals];
        appendLong(v / scale);
        long fraction = v % scale;
        if (fraction != 0)
        {
            int places = decimals;
            while (fraction % 10 == 0)
            {
                fraction /= 10;
                places--;
            }
            ensure(places + 1);
            bytes[length++] = '.';
            int i = length + places;
            length = i;
            for (int p = 0; p < places; p++)
            {
                bytes[--i] = (byte)('0' + fraction % 10);
                fraction /= 10;
            }
        }
        return this;
    }

    /** Appends {@code value} as exactly {@code width} digits, zero-padded. */
    FixBuffer appendPadded(final long value, final int width)
    {
        ensure(width);
        long v = value;
        for (int i = length + width - 1; i >= length; i--)
        {
            bytes[i] = (byte)('0' + v % 10);
            v /= 10;
        }
        length += width;
        return this;
    }

    static int digits(final long nonNegative)
    {
        int digits = 1;
        while (digits < 19 && nonNegative >= POWERS_OF_TEN[digits])
        {
            digits++;
        }
        return digits;
    }

    private void ensure(final int extra)
    {
        if (length + extra > bytes.length)
        {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length << 1, length + extra));
        }
    }
}
