package io.kairos.fix.wire;

import org.agrona.DirectBuffer;

/**
 * Reads one field of a frame without indexing the others, for code that needs a field or two of bytes another
 * framer already delimited (Artio's, in the order-entry gateway): where the value of a tag starts, and that value
 * as a sequence number. Only a field that follows an SOH is found (a frame's first field is BeginString); a tag is
 * read as a number, and the first field with it counts. Stateless and allocation-free; thread-safe.
 */
public final class FixFieldScan
{
    /** What {@link #intValue} and {@link #signedIntValue} return for an absent, empty or unreadable value. */
    public static final int NOT_AN_INT = Integer.MAX_VALUE;

    private FixFieldScan()
    {
    }

    /**
     * @return the index of the first byte of the value of the first field {@code tag} in
     * {@code buffer[offset, offset + length)}, or -1 when there is none (or its '=' is the range's last byte).
     */
    public static int valueStart(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int end = offset + length;
        for (int i = offset; i < end; i++)
        {
            if (buffer.getByte(i) != FixFrame.SOH)
            {
                continue;
            }
            int j = i + 1;
            int parsed = 0;
            byte b;
            while (j < end && (b = buffer.getByte(j)) >= '0' && b <= '9' && parsed <= tag)
            {
                parsed = parsed * 10 + b - '0';
                j++;
            }
            if (parsed == tag && j > i + 1 && j + 1 < end && buffer.getByte(j) == FixFrame.EQUALS)
            {
                return j + 1;
            }
        }
        return -1;
    }

    /**
     * @return the value of the first field {@code tag} in {@code buffer[offset, offset + length)} as a number in
     * [0, 2^31 - 1) ending with an SOH inside the range, or {@link #NOT_AN_INT}.
     */
    public static int intValue(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int start = valueStart(buffer, offset, length, tag);
        return start < 0 ? NOT_AN_INT : natural(buffer, start, offset + length);
    }

    /**
     * @return the value of the first field {@code tag} in {@code buffer[offset, offset + length)} as a number in
     * (-2^31 + 1, 2^31 - 1), an optional '-' and digits ending with an SOH inside the range, or {@link #NOT_AN_INT}.
     */
    public static int signedIntValue(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int start = valueStart(buffer, offset, length, tag);
        if (start < 0)
        {
            return NOT_AN_INT;
        }
        if (buffer.getByte(start) != '-')
        {
            return natural(buffer, start, offset + length);
        }
        final int magnitude = natural(buffer, start + 1, offset + length);
        return magnitude == NOT_AN_INT ? NOT_AN_INT : -magnitude;
    }

    /**
     * @return whether the first field {@code tag} in {@code buffer[offset, offset + length)} has the one-character
     * value {@code value} ended by an SOH.
     */
    public static boolean hasCharValue(
        final DirectBuffer buffer, final int offset, final int length, final int tag, final char value)
    {
        final int start = valueStart(buffer, offset, length, tag);
        return start >= 0 && start + 1 < offset + length && buffer.getByte(start) == value &&
            buffer.getByte(start + 1) == FixFrame.SOH;
    }

    /** Digits from {@code start} up to an SOH before {@code end}; leading zeros are read as such, not counted. */
    private static int natural(final DirectBuffer buffer, final int start, final int end)
    {
        long value = 0;
        int j = start;
        byte b;
        for (; j < end && (b = buffer.getByte(j)) >= '0' && b <= '9' && value <= Integer.MAX_VALUE; j++)
        {
            value = value * 10 + b - '0';
        }
        return j > start && j < end && buffer.getByte(j) == FixFrame.SOH && value < NOT_AN_INT ?
            (int)value : NOT_AN_INT;
    }
}
