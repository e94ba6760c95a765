package io.kairos.md;

/**
 * Flyweight over one inbound FIX message held in a byte array: {@link #parse} records every
 * field's tag and value bounds without allocating, and the accessors read them. Repeating groups
 * are read by iterating over field indexes. Not thread-safe: owned by the session that reads.
 */
final class FixMessage
{
    static final int OK = 0;
    /** A field's tag is empty or not a number (Reject 373=0). */
    static final int INVALID_TAG_NUMBER = -1;
    /** A field has no value (Reject 373=4). */
    static final int TAG_WITHOUT_VALUE = -2;
    /** More fields than {@link #MAX_FIELDS}. */
    static final int TOO_MANY_FIELDS = -3;
    static final int MAX_FIELDS = 1024;
    static final long NOT_A_NUMBER = Long.MIN_VALUE;

    private final int[] tags = new int[MAX_FIELDS];
    private final int[] starts = new int[MAX_FIELDS];
    private final int[] ends = new int[MAX_FIELDS];
    private final AsciiView view = new AsciiView();
    private byte[] bytes;
    private int count;
    private int errorTag;

    /** Parses {@code bytes[offset, offset + length)}, a complete frame ending with SOH. @return {@link #OK} or an error. */
    int parse(final byte[] buffer, final int offset, final int length)
    {
        bytes = buffer;
        count = 0;
        errorTag = 0;
        final int end = offset + length;
        int i = offset;
        while (i < end)
        {
            int tag = 0;
            final int tagStart = i;
            while (i < end && buffer[i] != '=' && buffer[i] != FixBuffer.SOH)
            {
                final int digit = buffer[i] - '0';
                tag = tag >= 0 && digit >= 0 && digit <= 9 && tag < 100_000_000 ? tag * 10 + digit : -1;
                i++;
            }
            if (i == tagStart || i == end || buffer[i] != '=' || tag <= 0)
            {
                errorTag = Math.max(tag, 0);
                return INVALID_TAG_NUMBER;
            }
            final int valueStart = ++i;
            while (i < end && buffer[i] != FixBuffer.SOH)
            {
                i++;
            }
            if (i == valueStart)
            {
                errorTag = tag;
                return TAG_WITHOUT_VALUE;
            }
            if (count == MAX_FIELDS)
            {
                return TOO_MANY_FIELDS;
            }
            tags[count] = tag;
            starts[count] = valueStart;
            ends[count] = i;
            count++;
            i++;
        }
        return OK;
    }

    /** The tag of the field at fault after a failed {@link #parse}, 0 when unknown. */
    int errorTag()
    {
        return errorTag;
    }

    int count()
    {
        return count;
    }

    int tagAt(final int index)
    {
        return tags[index];
    }

    /** @return the index of the first field with this tag at or after {@code from}, or -1. */
    int indexOf(final int tag, final int from)
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

    int indexOf(final int tag)
    {
        return indexOf(tag, 0);
    }

    boolean has(final int tag)
    {
        return indexOf(tag) >= 0;
    }

    /** @return the field's value as a non-negative integer, or {@link #NOT_A_NUMBER}. */
    long longAt(final int index)
    {
        long value = 0;
        final int end = ends[index];
        if (end - starts[index] > 18)
        {
            return NOT_A_NUMBER;
        }
        for (int i = starts[index]; i < end; i++)
        {
            final int digit = bytes[i] - '0';
            if (digit < 0 || digit > 9)
            {
                return NOT_A_NUMBER;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** @return the first field with this tag as a non-negative integer; {@link #NOT_A_NUMBER} when absent or invalid. */
    long longValue(final int tag)
    {
        final int index = indexOf(tag);
        return index < 0 ? NOT_A_NUMBER : longAt(index);
    }

    /** @return the single character of a one-character value, or 0. */
    char charAt(final int index)
    {
        return ends[index] - starts[index] == 1 ? (char)bytes[starts[index]] : 0;
    }

    char charValue(final int tag)
    {
        final int index = indexOf(tag);
        return index < 0 ? 0 : charAt(index);
    }

    /** A reusable view of the value; valid until the next call. */
    CharSequence valueAt(final int index)
    {
        return view.wrap(bytes, starts[index], ends[index] - starts[index]);
    }

    /** @return the value of the first field with this tag, or null when absent; valid until the next call. */
    CharSequence value(final int tag)
    {
        final int index = indexOf(tag);
        return index < 0 ? null : valueAt(index);
    }

    /** Allocates: the value as a String (for ids kept beyond this message and for texts). */
    String stringAt(final int index)
    {
        return new String(bytes, starts[index], ends[index] - starts[index], java.nio.charset.StandardCharsets.US_ASCII);
    }

    boolean valueEquals(final int tag, final CharSequence expected)
    {
        final CharSequence value = value(tag);
        return value != null && AsciiView.contentEquals(value, expected);
    }

    /** Raw bytes of the value, for copying into an outbound field. */
    byte[] bytes()
    {
        return bytes;
    }

    int valueStart(final int index)
    {
        return starts[index];
    }

    int valueLength(final int index)
    {
        return ends[index] - starts[index];
    }
}
