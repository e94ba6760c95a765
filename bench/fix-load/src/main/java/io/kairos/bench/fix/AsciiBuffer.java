package io.kairos.bench.fix;

/**
 * A growable-by-nothing byte array with a write position, for composing FIX text without allocating: tags, byte
 * ranges, decimal numbers and UTC timestamps. Owned by one thread.
 */
public final class AsciiBuffer
{
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final byte[] bytes;
    private int position;

    public AsciiBuffer(final int capacity)
    {
        bytes = new byte[capacity];
    }

    public byte[] bytes()
    {
        return bytes;
    }

    public int position()
    {
        return position;
    }

    public void reset()
    {
        position = 0;
    }

    /** Moves the write position, e.g. to patch a field of a pre-encoded message in place. */
    public AsciiBuffer position(final int newPosition)
    {
        position = newPosition;
        return this;
    }

    /** Writes {@code tag=} . */
    public AsciiBuffer tag(final int tag)
    {
        number(tag);
        bytes[position++] = FixFrameDescriptor.EQUALS;
        return this;
    }

    public AsciiBuffer soh()
    {
        bytes[position++] = FixFrameDescriptor.SOH;
        return this;
    }

    public AsciiBuffer ascii(final byte[] source)
    {
        return bytes(source, 0, source.length);
    }

    public AsciiBuffer bytes(final byte[] source, final int from, final int length)
    {
        System.arraycopy(source, from, bytes, position, length);
        position += length;
        return this;
    }

    public AsciiBuffer character(final byte value)
    {
        bytes[position++] = value;
        return this;
    }

    /** Writes a non-negative decimal number. */
    public AsciiBuffer number(final long value)
    {
        if (value < 0)
        {
            throw new IllegalArgumentException("negative value " + value);
        }
        if (value == 0)
        {
            bytes[position++] = '0';
            return this;
        }
        int digits = 0;
        for (long v = value; v != 0; v /= 10)
        {
            digits++;
        }
        long v = value;
        for (int i = position + digits - 1; i >= position; i--)
        {
            bytes[i] = (byte)('0' + v % 10);
            v /= 10;
        }
        position += digits;
        return this;
    }

    /**
     * Writes a non-negative price in micro units as the shortest decimal text (190_010_000 is {@code 190.01},
     * 100_000_000 is {@code 100}), the text {@link Instrument#decimal} gives, without allocating.
     */
    public AsciiBuffer decimalMicros(final long micros)
    {
        number(micros / 1_000_000);
        long fraction = micros % 1_000_000;
        if (fraction != 0)
        {
            int width = 6;
            while (fraction % 10 == 0)
            {
                fraction /= 10;
                width--;
            }
            character((byte)'.').padded(fraction, width);
        }
        return this;
    }

    /** Writes {@code value} as exactly {@code width} digits, zero-padded. */
    public AsciiBuffer padded(final long value, final int width)
    {
        long v = value;
        for (int i = position + width - 1; i >= position; i--)
        {
            bytes[i] = (byte)('0' + v % 10);
            v /= 10;
        }
        position += width;
        return this;
    }

    /**
     * Writes the UTC timestamp {@code YYYYMMDD-HH:MM:SS.sss} (millisecond precision, always 21 bytes and nothing
     * beyond them, so it can patch a field in place) of nanoseconds since the epoch: the precision every FIX 4.x
     * engine parses, as QuickFIX/J sends it.
     */
    public AsciiBuffer utcTimestampMillis(final long epochNs)
    {
        return utcTimestamp(epochNs, 1_000_000L, 3);
    }

    /** Writes the UTC timestamp {@code YYYYMMDD-HH:MM:SS.nnnnnnnnn} of nanoseconds since the epoch. */
    public AsciiBuffer utcTimestamp(final long epochNs)
    {
        return utcTimestamp(epochNs, 1L, 9);
    }

    private AsciiBuffer utcTimestamp(final long epochNs, final long fractionUnitNs, final int fractionDigits)
    {
        final long days = Math.floorDiv(epochNs, NANOS_PER_DAY);
        final long nanosOfDay = Math.floorMod(epochNs, NANOS_PER_DAY);
        final long z = days + 719_468;
        final long era = Math.floorDiv(z, 146_097);
        final long dayOfEra = z - era * 146_097;
        final long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        final long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        final long monthPrime = (5 * dayOfYear + 2) / 153;
        final long day = dayOfYear - (153 * monthPrime + 2) / 5 + 1;
        final long month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9;
        final long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        final long seconds = nanosOfDay / 1_000_000_000L;
        padded(year, 4).padded(month, 2).padded(day, 2).character((byte)'-');
        padded(seconds / 3600, 2).character((byte)':').padded(seconds / 60 % 60, 2).character((byte)':');
        return padded(seconds % 60, 2).character((byte)'.').padded(nanosOfDay % 1_000_000_000L / fractionUnitNs,
            fractionDigits);
    }
}
