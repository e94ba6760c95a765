package io.kairos.fix.wire;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A byte array with a write position that FIX text is composed in without allocating: {@code tag=value<SOH>}
 * fields, numbers, fixed-point prices, UTC timestamps, copies of values from a {@link FixFieldIndex}, and whole
 * frames ({@link #beginMessage}: BodyLength and CheckSum filled in by {@link #finishMessage}). It grows (allocating)
 * only when a write would pass its end, so a writer sized for its largest message never allocates; a view of the
 * array as a {@link ByteBuffer} ({@link #buffer}) is kept for the caller's channel writes (its position and limit are
 * the caller's: the writer sums the CheckSum through a {@link DirectBuffer} of its own). Values are written as
 * given: a value must not hold an SOH (FIX has no escape for it; the reader would end the field there). Not
 * thread-safe: owned by one thread, or used under its owner's lock.
 */
public final class FixWriter
{
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;
    private static final int MAX_LONG_BYTES = 20;
    private static final long[] POWERS_OF_TEN = new long[19];
    /** Room for {@code 9=} and {@link FixFrame#MAX_BODY_LENGTH_DIGITS} digits and SOH. */
    private static final int BODY_LENGTH_ROOM = 3 + FixFrame.MAX_BODY_LENGTH_DIGITS;

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
    /** Handed out by {@link #buffer}. */
    private ByteBuffer view;
    /** Never handed out: the CheckSum reads through it. */
    private final UnsafeBuffer own;
    private int position;
    private byte[] beginString;
    private int bodyStart = -1;
    private int frameStart;

    public FixWriter(final int capacity)
    {
        bytes = new byte[capacity];
        view = ByteBuffer.wrap(bytes);
        own = new UnsafeBuffer(bytes);
    }

    /** The array written to; a new one after the writer grew. */
    public byte[] bytes()
    {
        return bytes;
    }

    /** A view of {@link #bytes} (a new one after the writer grew); its position and limit are the caller's. */
    public ByteBuffer buffer()
    {
        return view;
    }

    /** Allocates: a copy of everything written since the last reset, e.g. for a constant composed once. */
    public byte[] toBytes()
    {
        return Arrays.copyOf(bytes, position);
    }

    public int position()
    {
        return position;
    }

    /** Moves the write position, e.g. to patch a fixed-width field of a pre-encoded message in place. */
    public FixWriter position(final int newPosition)
    {
        position = newPosition;
        return this;
    }

    public FixWriter reset()
    {
        position = 0;
        bodyStart = -1;
        return this;
    }

    /**
     * Starts a frame at the current position: leaves room for {@code 8=beginString|9=LEN|}, which
     * {@link #finishMessage} writes in front of the body once its length is known, so the body is written once and
     * never moved. Write the body's fields ({@code 35=...} first) next.
     *
     * @param beginString the BeginString value as ASCII, e.g. {@code FIX.4.4}
     */
    public FixWriter beginMessage(final byte[] beginString)
    {
        this.beginString = beginString;
        final int room = 3 + beginString.length + BODY_LENGTH_ROOM;
        ensure(room);
        position += room;
        bodyStart = position;
        return this;
    }

    /**
     * Ends the frame begun by {@link #beginMessage}: writes BeginString and BodyLength in front of the body and the
     * CheckSum trailer after it. The frame is {@code [frameStart(), position())}; the bytes between the position
     * {@link #beginMessage} was called at and {@link #frameStart} are unused.
     *
     * @return {@link #frameStart}
     */
    public int finishMessage()
    {
        if (bodyStart < 0)
        {
            throw new IllegalStateException("finishMessage without beginMessage");
        }
        int start = bodyStart;
        bytes[--start] = FixFrame.SOH;
        long bodyLength = position - bodyStart;
        do
        {
            bytes[--start] = (byte)('0' + bodyLength % 10);
            bodyLength /= 10;
        }
        while (bodyLength != 0);
        bytes[--start] = FixFrame.EQUALS;
        bytes[--start] = '9';
        bytes[--start] = FixFrame.SOH;
        start -= beginString.length;
        System.arraycopy(beginString, 0, bytes, start, beginString.length);
        bytes[--start] = FixFrame.EQUALS;
        bytes[--start] = '8';
        frameStart = start;
        bodyStart = -1;
        return trailer(FixChecksum.sum(own, start, position)).frameStart;
    }

    /** Where the last frame {@link #finishMessage} completed starts. */
    public int frameStart()
    {
        return frameStart;
    }

    /** Sum of {@code bytes[from, to)} modulo 256 ({@link FixChecksum#sum}). */
    public int checksum(final int from, final int to)
    {
        return FixChecksum.sum(own, from, to);
    }

    /** Writes the trailer {@code 10=DDD|} for {@code checksum} (taken modulo 256). */
    public FixWriter trailer(final int checksum)
    {
        return tag(FixTags.CHECK_SUM).padded(checksum & 0xFF, 3).soh();
    }

    /** Writes {@code tag=value|}. */
    public FixWriter field(final int tag, final long value)
    {
        return tag(tag).number(value).soh();
    }

    /** Writes {@code tag=c|} for a one-character value. */
    public FixWriter field(final int tag, final char value)
    {
        return tag(tag).character((byte)value).soh();
    }

    public FixWriter field(final int tag, final CharSequence ascii)
    {
        return tag(tag).ascii(ascii).soh();
    }

    public FixWriter field(final int tag, final byte[] value)
    {
        return tag(tag).bytes(value, 0, value.length).soh();
    }

    public FixWriter field(final int tag, final byte[] value, final int offset, final int length)
    {
        return tag(tag).bytes(value, offset, length).soh();
    }

    /** Copies the value of {@code field} of {@code index} as {@code tag=value|}. */
    public FixWriter field(final int tag, final FixFieldIndex index, final int field)
    {
        return tag(tag).value(index, field).soh();
    }

    /** Copies the first value of {@code tag} in {@code index} as {@code tag=value|}, when there is one. */
    public FixWriter copyField(final FixFieldIndex index, final int tag)
    {
        final int field = index.find(tag);
        return field < 0 ? this : field(tag, index, field);
    }

    /** A fixed-point price with {@code decimals} decimals, trailing zeros trimmed ("101.25", "100"). */
    public FixWriter priceField(final int tag, final long fixedPoint, final int decimals)
    {
        return tag(tag).price(fixedPoint, decimals).soh();
    }

    /** Writes {@code tag=}. */
    public FixWriter tag(final int tag)
    {
        number(tag);
        ensure(1);
        bytes[position++] = FixFrame.EQUALS;
        return this;
    }

    public FixWriter soh()
    {
        ensure(1);
        bytes[position++] = FixFrame.SOH;
        return this;
    }

    public FixWriter character(final byte value)
    {
        ensure(1);
        bytes[position++] = value;
        return this;
    }

    public FixWriter ascii(final byte[] source)
    {
        return bytes(source, 0, source.length);
    }

    public FixWriter ascii(final CharSequence ascii)
    {
        final int n = ascii.length();
        ensure(n);
        for (int i = 0; i < n; i++)
        {
            bytes[position++] = (byte)ascii.charAt(i);
        }
        return this;
    }

    public FixWriter bytes(final byte[] source, final int offset, final int length)
    {
        ensure(length);
        System.arraycopy(source, offset, bytes, position, length);
        position += length;
        return this;
    }

    public FixWriter bytes(final DirectBuffer source, final int offset, final int length)
    {
        ensure(length);
        source.getBytes(offset, bytes, position, length);
        position += length;
        return this;
    }

    /** Copies the value of {@code field} of {@code index} (no tag, no SOH). */
    public FixWriter value(final FixFieldIndex index, final int field)
    {
        return bytes(index.buffer(), index.start(field), index.length(field));
    }

    /** Writes a decimal number, with a '-' when negative. */
    public FixWriter number(final long value)
    {
        ensure(MAX_LONG_BYTES);
        if (value == Long.MIN_VALUE)
        {
            return ascii("-9223372036854775808");
        }
        long v = value;
        if (v < 0)
        {
            bytes[position++] = '-';
            v = -v;
        }
        int i = position + digits(v);
        position = i;
        do
        {
            bytes[--i] = (byte)('0' + v % 10);
            v /= 10;
        }
        while (v != 0);
        return this;
    }

    /**
     * Writes a fixed-point number with {@code decimals} decimals as the shortest decimal text: trailing zeros of the
     * fraction trimmed, no point for a whole number (190_010_000 with 6 decimals is {@code 190.01}).
     */
    public FixWriter price(final long fixedPoint, final int decimals)
    {
        long v = fixedPoint;
        if (v < 0)
        {
            character((byte)'-');
            v = -v;
        }
        final long scale = POWERS_OF_TEN[decimals];
        number(v / scale);
        long fraction = v % scale;
        if (fraction != 0)
        {
            int places = decimals;
            while (fraction % 10 == 0)
            {
                fraction /= 10;
                places--;
            }
            character((byte)'.').padded(fraction, places);
        }
        return this;
    }

    /** Writes {@code value} as exactly {@code width} digits, zero-padded (the lowest digits when it has more). */
    public FixWriter padded(final long value, final int width)
    {
        ensure(width);
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
     * engine parses.
     */
    public FixWriter utcTimestampMillis(final long epochNs)
    {
        return utcTimestamp(epochNs, 1_000_000L, 3);
    }

    /** Writes the UTC timestamp {@code YYYYMMDD-HH:MM:SS.nnnnnnnnn} (27 bytes) of nanoseconds since the epoch. */
    public FixWriter utcTimestampNanos(final long epochNs)
    {
        return utcTimestamp(epochNs, 1L, 9);
    }

    /** Decimal digits of a non-negative number. */
    public static int digits(final long nonNegative)
    {
        int digits = 1;
        while (digits < POWERS_OF_TEN.length && nonNegative >= POWERS_OF_TEN[digits])
        {
            digits++;
        }
        return digits;
    }

    /** H. Hinnant's civil-from-days, the inverse of {@link UtcTimestamps#daysFromCivil}. */
    private FixWriter utcTimestamp(final long epochNs, final long fractionUnitNs, final int fractionDigits)
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

    private void ensure(final int extra)
    {
        if (position + extra > bytes.length)
        {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length << 1, position + extra));
            view = ByteBuffer.wrap(bytes);
            own.wrap(bytes);
        }
    }
}
