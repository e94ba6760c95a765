package io.kairos.fix.wire;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;

/**
 * The tag, value start and value end of every field of one frame, in preallocated arrays: a zero-copy index, the
 * values stay in the caller's buffer and no object is made per field. Fields beyond the capacity are checked but not
 * indexed ({@link #truncated}). A value cannot hold an SOH (it ends the field), nor can a tag hold anything but
 * digits; empty values and tag 0 are indexed as they are, for the user to judge. Reused for each frame; owned by
 * one thread; allocation-free except {@link #stringAt}.
 */
public final class FixFieldIndex
{
    /** Every field is tag=value followed by SOH. */
    public static final int OK = 0;
    /** A tag is empty, not digits, longer than {@link #MAX_TAG_DIGITS}, or has no '=' (see {@link #errorTag}). */
    public static final int INVALID_TAG = -1;
    /** The last value runs to the end of the frame without an SOH. */
    public static final int NO_SOH = -2;
    /** What the number accessors return for an absent field, an empty value, a non-digit or too many digits. */
    public static final long NOT_A_NUMBER = Long.MIN_VALUE;
    public static final int MAX_TAG_DIGITS = 9;
    private static final int MAX_LONG_DIGITS = 18;

    private final int[] tags;
    private final int[] starts;
    private final int[] ends;
    private final AsciiView view = new AsciiView();
    private DirectBuffer buffer;
    private int count;
    private boolean truncated;
    private int errorTag;

    public FixFieldIndex(final int capacity)
    {
        tags = new int[capacity];
        starts = new int[capacity];
        ends = new int[capacity];
    }

    /**
     * Indexes {@code buffer[offset, offset + length)} (a frame, or a part of one made of whole fields); the buffer is
     * kept until the next call (its capacity bounds the reads). Stops at the first field that is not
     * {@code tag=value<SOH>}; the fields before it stay indexed.
     *
     * @return {@link #OK}, {@link #INVALID_TAG} or {@link #NO_SOH}
     */
    public int index(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        count = 0;
        truncated = false;
        errorTag = 0;
        final int end = offset + length;
        int position = offset;
        while (position < end)
        {
            int tag = 0;
            int digits = 0;
            byte b;
            while (position < end && (b = buffer.getByte(position)) != FixFrame.EQUALS)
            {
                if (b < '0' || b > '9' || ++digits > MAX_TAG_DIGITS)
                {
                    // a tag cut by an SOH is known ("35|"); one with a non-digit or too many digits is not
                    errorTag = b == FixFrame.SOH ? tag : 0;
                    return INVALID_TAG;
                }
                tag = tag * 10 + (b - '0');
                position++;
            }
            if (position >= end || digits == 0)
            {
                errorTag = tag;
                return INVALID_TAG;
            }
            final int valueStart = ++position;
            while (position < end && buffer.getByte(position) != FixFrame.SOH)
            {
                position++;
            }
            if (position >= end)
            {
                errorTag = tag;
                return NO_SOH;
            }
            if (count < tags.length)
            {
                tags[count] = tag;
                starts[count] = valueStart;
                ends[count] = position;
                count++;
            }
            else
            {
                truncated = true;
            }
            position++;
        }
        return OK;
    }

    public DirectBuffer buffer()
    {
        return buffer;
    }

    /** Fields indexed in the last frame (at most the capacity). */
    public int count()
    {
        return count;
    }

    public int capacity()
    {
        return tags.length;
    }

    /** Whether the last frame had more fields than the capacity (those beyond it were not indexed). */
    public boolean truncated()
    {
        return truncated;
    }

    /** The tag (as far as it was read) of the field that made {@link #index} fail, 0 when it had no digits. */
    public int errorTag()
    {
        return errorTag;
    }

    /** Tag of the {@code field}-th field, in frame order. */
    public int tag(final int field)
    {
        return tags[field];
    }

    /** Position of the first field with {@code tag}, or -1. */
    public int find(final int tag)
    {
        return find(tag, 0);
    }

    /** Position of the first field with {@code tag} at or after {@code from} (for repeating groups), or -1. */
    public int find(final int tag, final int from)
    {
        for (int i = from; i < count; i++)
        {
            if (tags[i] == tag)
            {
                return i;
            }
        }
        return -1;
    }

    /** Position of the last field with {@code tag}, or -1. */
    public int findLast(final int tag)
    {
        for (int i = count - 1; i >= 0; i--)
        {
            if (tags[i] == tag)
            {
                return i;
            }
        }
        return -1;
    }

    public boolean has(final int tag)
    {
        return find(tag) >= 0;
    }

    /** Where the value of {@code field} starts in {@link #buffer}. */
    public int start(final int field)
    {
        return starts[field];
    }

    /** Where the value of {@code field} ends (its SOH) in {@link #buffer}. */
    public int end(final int field)
    {
        return ends[field];
    }

    public int length(final int field)
    {
        return ends[field] - starts[field];
    }

    /** The value of {@code field} as a non-negative decimal number, or {@link #NOT_A_NUMBER}. */
    public long longAt(final int field)
    {
        return parseLong(buffer, starts[field], ends[field] - starts[field]);
    }

    /** The first value of {@code tag} as a non-negative decimal number, or {@link #NOT_A_NUMBER}. */
    public long longValue(final int tag)
    {
        final int field = find(tag);
        return field < 0 ? NOT_A_NUMBER : longAt(field);
    }

    /**
     * The value of {@code field} as a non-negative decimal number of up to 19 digits that fits a long (epoch
     * nanoseconds have 19 digits since 2001), or {@link #NOT_A_NUMBER}.
     */
    public long epochNanosAt(final int field)
    {
        return parseEpochNanos(buffer, starts[field], ends[field] - starts[field]);
    }

    /** The character of a one-character value, or 0. */
    public char charAt(final int field)
    {
        return ends[field] - starts[field] == 1 ? (char)(buffer.getByte(starts[field]) & 0xFF) : 0;
    }

    /** The character of the first value of {@code tag} when it is one character, or 0. */
    public char charValue(final int tag)
    {
        final int field = find(tag);
        return field < 0 ? 0 : charAt(field);
    }

    /** First byte of the value of {@code field}, or 0 when it is empty. */
    public byte firstByteAt(final int field)
    {
        return ends[field] == starts[field] ? 0 : buffer.getByte(starts[field]);
    }

    /** First byte of the first value of {@code tag}, or 0 when absent or empty. */
    public byte firstByte(final int tag)
    {
        final int field = find(tag);
        return field < 0 ? 0 : firstByteAt(field);
    }

    /** Whether the value of {@code field} is exactly the ASCII bytes {@code expected}. */
    public boolean valueEquals(final int field, final byte[] expected)
    {
        final int start = starts[field];
        if (ends[field] - start != expected.length)
        {
            return false;
        }
        for (int i = 0; i < expected.length; i++)
        {
            if (buffer.getByte(start + i) != expected[i])
            {
                return false;
            }
        }
        return true;
    }

    /** The value of {@code field} as a reusable {@link CharSequence}, valid until the next call. */
    public CharSequence valueAt(final int field)
    {
        return view.wrap(buffer, starts[field], ends[field] - starts[field]);
    }

    /** The first value of {@code tag} (see {@link #valueAt}), or null when absent. */
    public CharSequence value(final int tag)
    {
        final int field = find(tag);
        return field < 0 ? null : valueAt(field);
    }

    /** Allocates: the value as a String (for ids kept beyond this frame and for texts). */
    public String stringAt(final int field)
    {
        final byte[] text = new byte[ends[field] - starts[field]];
        buffer.getBytes(starts[field], text);
        return new String(text, StandardCharsets.US_ASCII);
    }

    /** The UTCTimestamp value of {@code field} as epoch nanoseconds ({@link UtcTimestamps#parseNanos}). */
    public long utcTimestampAt(final int field)
    {
        return UtcTimestamps.parseNanos(buffer, starts[field], ends[field] - starts[field]);
    }

    /**
     * {@code buffer[start, start + length)} as a non-negative decimal number, or {@link #NOT_A_NUMBER} when it is
     * empty, has a non-digit or more than 18 digits. Allocation-free.
     */
    public static long parseLong(final DirectBuffer buffer, final int start, final int length)
    {
        return length > MAX_LONG_DIGITS ? NOT_A_NUMBER : parseDigits(buffer, start, length);
    }

    /**
     * {@code buffer[start, start + length)} as a non-negative decimal number of up to 19 digits that fits a long, or
     * {@link #NOT_A_NUMBER} when it is empty, has a non-digit, more digits or a larger value. Allocation-free.
     */
    public static long parseEpochNanos(final DirectBuffer buffer, final int start, final int length)
    {
        if (length <= MAX_LONG_DIGITS)
        {
            return parseDigits(buffer, start, length);
        }
        if (length > MAX_LONG_DIGITS + 1)
        {
            return NOT_A_NUMBER;
        }
        final long high = parseDigits(buffer, start, MAX_LONG_DIGITS);
        final byte last = buffer.getByte(start + MAX_LONG_DIGITS);
        if (high == NOT_A_NUMBER || last < '0' || last > '9' || high > (Long.MAX_VALUE - (last - '0')) / 10)
        {
            return NOT_A_NUMBER;
        }
        return high * 10 + (last - '0');
    }

    private static long parseDigits(final DirectBuffer buffer, final int start, final int length)
    {
        if (length == 0)
        {
            return NOT_A_NUMBER;
        }
        long value = 0;
        for (int i = start, end = start + length; i < end; i++)
        {
            final byte b = buffer.getByte(i);
            if (b < '0' || b > '9')
            {
                return NOT_A_NUMBER;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }
}
