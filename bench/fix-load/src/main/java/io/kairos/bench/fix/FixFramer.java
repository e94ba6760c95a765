package io.kairos.bench.fix;

import static io.kairos.bench.fix.FixFrameDescriptor.EQUALS;
import static io.kairos.bench.fix.FixFrameDescriptor.MAX_BEGIN_STRING_LENGTH;
import static io.kairos.bench.fix.FixFrameDescriptor.MAX_BODY_LENGTH_DIGITS;
import static io.kairos.bench.fix.FixFrameDescriptor.SOH;
import static io.kairos.bench.fix.FixFrameDescriptor.TRAILER_LENGTH;

/**
 * Finds complete FIX frames ({@link FixFrameDescriptor}) in a byte array by BodyLength and checks their CheckSum.
 * Stateless and allocation-free.
 */
public final class FixFramer
{
    /** More bytes are needed before the frame at the offset is complete. */
    public static final int NEED_MORE = 0;
    /** The bytes at the offset are not a FIX frame (no {@code 8=}, bad BodyLength, bad trailer). */
    public static final int MALFORMED = -1;
    /** The frame is complete but its CheckSum is wrong. */
    public static final int BAD_CHECKSUM = -2;

    private FixFramer()
    {
    }

    /**
     * Returns the length of the complete frame starting at {@code offset} in {@code buffer[offset, limit)}, or
     * {@link #NEED_MORE}, {@link #MALFORMED} or {@link #BAD_CHECKSUM}.
     */
    public static int frameLength(final byte[] buffer, final int offset, final int limit)
    {
        int position = offset;
        if (limit - position < 2)
        {
            return NEED_MORE;
        }
        if (buffer[position] != '8' || buffer[position + 1] != EQUALS)
        {
            return MALFORMED;
        }
        position += 2;
        final int beginEnd = indexOf(buffer, position, Math.min(limit, position + MAX_BEGIN_STRING_LENGTH + 1), SOH);
        if (beginEnd < 0)
        {
            return limit - position > MAX_BEGIN_STRING_LENGTH ? MALFORMED : NEED_MORE;
        }
        position = beginEnd + 1;
        if (limit - position < 2)
        {
            return NEED_MORE;
        }
        if (buffer[position] != '9' || buffer[position + 1] != EQUALS)
        {
            return MALFORMED;
        }
        position += 2;
        int bodyLength = 0;
        int digits = 0;
        while (true)
        {
            if (position >= limit)
            {
                return NEED_MORE;
            }
            final byte b = buffer[position++];
            if (b == SOH)
            {
                break;
            }
            if (b < '0' || b > '9' || ++digits > MAX_BODY_LENGTH_DIGITS)
            {
                return MALFORMED;
            }
            bodyLength = bodyLength * 10 + (b - '0');
        }
        if (digits == 0)
        {
            return MALFORMED;
        }
        final int trailerStart = position + bodyLength;
        final int end = trailerStart + TRAILER_LENGTH;
        if (end > limit)
        {
            return NEED_MORE;
        }
        if (buffer[trailerStart] != '1' || buffer[trailerStart + 1] != '0' || buffer[trailerStart + 2] != EQUALS ||
            buffer[end - 1] != SOH || buffer[trailerStart - 1] != SOH)
        {
            return MALFORMED;
        }
        final int expected = digit(buffer[trailerStart + 3]) * 100 + digit(buffer[trailerStart + 4]) * 10 +
            digit(buffer[trailerStart + 5]);
        return checksum(buffer, offset, trailerStart) == expected ? end - offset : BAD_CHECKSUM;
    }

    /** Sum of {@code buffer[from, to)} modulo 256. */
    public static int checksum(final byte[] buffer, final int from, final int to)
    {
        int sum = 0;
        for (int i = from; i < to; i++)
        {
            sum += buffer[i] & 0xFF;
        }
        return sum & 0xFF;
    }

    private static int digit(final byte b)
    {
        return b >= '0' && b <= '9' ? b - '0' : 1000;
    }

    static int indexOf(final byte[] buffer, final int from, final int to, final byte value)
    {
        for (int i = from; i < to; i++)
        {
            if (buffer[i] == value)
            {
                return i;
            }
        }
        return -1;
    }
}
