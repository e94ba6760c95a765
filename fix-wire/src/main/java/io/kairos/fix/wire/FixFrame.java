package io.kairos.fix.wire;

import org.agrona.DirectBuffer;

/**
 * Where a FIX tag=value frame ends (FIX 4.x and FIXT over TCP; {@code |} is SOH, 0x01):
 *
 * <pre>
 *   +---------------+-----------+-------------------------------------+----------+
 *   | 8=FIX.4.4|    | 9=LEN|    | 35=D|49=...|56=...|34=...| ...     | 10=CCC|  |
 *   +---------------+-----------+-------------------------------------+----------+
 *   BeginString     BodyLength  body: exactly LEN bytes, from the byte  CheckSum: sum of every
 *   (first field)   (second)    after "9=LEN|" up to and including the byte before "10=", mod 256,
 *                               SOH before "10="                        three decimal digits
 * </pre>
 *
 * {@link #frameLength} reads only the structure (BeginString, BodyLength, the trailer's shape); whether the CheckSum
 * matches is {@link FixChecksum#matches}, a separate pass, because users differ on what a wrong CheckSum means (a
 * session drops the frame, a capture analysis counts it and reads the frame anyway). Which BeginString is accepted,
 * what to do with bytes that are not FIX and how to find the next frame stay with the (stateful) framers that use
 * this. Stateless and allocation-free; thread-safe.
 */
public final class FixFrame
{
    /** The field delimiter: every field, the last included, ends with it. */
    public static final byte SOH = 0x01;
    public static final byte EQUALS = '=';
    /**
     * The bound both venue ports put on what one connection sends: no frame may be longer, and a connection that
     * sends this many bytes in a row without a whole valid frame (bytes that are not FIX, garbled frames) is closed.
     */
    public static final int MAX_FRAME_BYTES = 64 * 1024;
    /** Length of the trailer {@code 10=CCC|}. */
    public static final int TRAILER_LENGTH = 7;
    /** Longest BeginString value accepted ({@code FIXT.1.1} is 8). */
    public static final int MAX_BEGIN_STRING_LENGTH = 16;
    /** Most BodyLength digits accepted. */
    public static final int MAX_BODY_LENGTH_DIGITS = 7;

    /** More bytes are needed before the frame at the offset is complete. */
    public static final int NEED_MORE = 0;
    /** The bytes at the offset do not start with {@code 8=}. */
    public static final int NO_BEGIN_STRING = -1;
    /** The BeginString is empty or has no SOH within {@link #MAX_BEGIN_STRING_LENGTH} bytes. */
    public static final int BAD_BEGIN_STRING = -2;
    /** The second field is not {@code 9=} with 1 to {@link #MAX_BODY_LENGTH_DIGITS} digits and an SOH. */
    public static final int BAD_BODY_LENGTH = -3;
    /** The BodyLength declares a frame longer than the caller's limit. */
    public static final int TOO_LARGE = -4;
    /** BodyLength bytes on, there is no {@code |10=DDD|} (so BodyLength is wrong, or the bytes are not FIX). */
    public static final int BAD_TRAILER = -5;

    private FixFrame()
    {
    }

    /**
     * The length of the frame that starts at {@code offset} in {@code buffer[offset, limit)} (its BodyLength and
     * trailer checked, not its CheckSum), or {@link #NEED_MORE}, or a negative reason why those bytes are not a
     * frame ({@link #reason}). {@code limit} must not pass the buffer's capacity (a wrapped ByteBuffer's position and
     * limit are not used).
     *
     * @param maxFrameBytes the longest frame (BeginString to trailer) the caller accepts: a BodyLength that declares
     *                      a longer one is {@link #TOO_LARGE} as soon as it is read, before the body arrives
     */
    public static int frameLength(final DirectBuffer buffer, final int offset, final int limit, final int maxFrameBytes)
    {
        int position = offset;
        if (limit - position < 2)
        {
            return limit > position && buffer.getByte(position) != '8' ? NO_BEGIN_STRING : NEED_MORE;
        }
        if (buffer.getByte(position) != '8' || buffer.getByte(position + 1) != EQUALS)
        {
            return NO_BEGIN_STRING;
        }
        position += 2;
        final int beginEnd = indexOf(buffer, position, Math.min(limit, position + MAX_BEGIN_STRING_LENGTH + 1), SOH);
        if (beginEnd < 0)
        {
            return limit - position > MAX_BEGIN_STRING_LENGTH ? BAD_BEGIN_STRING : NEED_MORE;
        }
        if (beginEnd == position)
        {
            return BAD_BEGIN_STRING;
        }
        position = beginEnd + 1;
        if (limit - position < 2)
        {
            return limit > position && buffer.getByte(position) != '9' ? BAD_BODY_LENGTH : NEED_MORE;
        }
        if (buffer.getByte(position) != '9' || buffer.getByte(position + 1) != EQUALS)
        {
            return BAD_BODY_LENGTH;
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
            final byte b = buffer.getByte(position++);
            if (b == SOH)
            {
                break;
            }
            if (b < '0' || b > '9' || ++digits > MAX_BODY_LENGTH_DIGITS)
            {
                return BAD_BODY_LENGTH;
            }
            bodyLength = bodyLength * 10 + (b - '0');
        }
        if (digits == 0)
        {
            return BAD_BODY_LENGTH;
        }
        final int trailerStart = position + bodyLength;
        final int length = trailerStart + TRAILER_LENGTH - offset;
        if (length > maxFrameBytes)
        {
            return TOO_LARGE;
        }
        if (limit - offset < length)
        {
            return NEED_MORE;
        }
        return isTrailerAt(buffer, trailerStart) ? length : BAD_TRAILER;
    }

    /** Why {@link #frameLength} refused the bytes, for logs and problem reports; "frame" for a length. */
    public static String reason(final int frameLength)
    {
        return switch (frameLength)
        {
            case NEED_MORE -> "incomplete frame";
            case NO_BEGIN_STRING -> "no BeginString (8=) where a frame should start";
            case BAD_BEGIN_STRING -> "BeginString (8) empty or longer than " + MAX_BEGIN_STRING_LENGTH + " bytes";
            case BAD_BODY_LENGTH -> "second field is not BodyLength (9=) of 1 to " + MAX_BODY_LENGTH_DIGITS +
                " digits";
            case TOO_LARGE -> "BodyLength (9) declares a frame over the limit";
            case BAD_TRAILER -> "no CheckSum trailer (|10=DDD|) where BodyLength (9) says the body ends";
            default -> frameLength > 0 ? "frame" : "unknown reason " + frameLength;
        };
    }

    /**
     * Whether the frame at {@code offset} (already delimited by {@link #frameLength}) has the BeginString
     * {@code expected} (e.g. {@code FIX.4.4} as ASCII bytes).
     */
    public static boolean hasBeginString(final DirectBuffer buffer, final int offset, final byte[] expected)
    {
        if (expected.length > MAX_BEGIN_STRING_LENGTH)
        {
            return false;
        }
        final int valueStart = offset + 2;
        for (int i = 0; i < expected.length; i++)
        {
            if (buffer.getByte(valueStart + i) != expected[i])
            {
                return false;
            }
        }
        return buffer.getByte(valueStart + expected.length) == SOH;
    }

    /** Index of the first {@code value} in {@code buffer[from, to)}, or -1. */
    public static int indexOf(final DirectBuffer buffer, final int from, final int to, final byte value)
    {
        for (int i = from; i < to; i++)
        {
            if (buffer.getByte(i) == value)
            {
                return i;
            }
        }
        return -1;
    }

    private static boolean isTrailerAt(final DirectBuffer buffer, final int trailer)
    {
        return buffer.getByte(trailer - 1) == SOH && buffer.getByte(trailer) == '1' &&
            buffer.getByte(trailer + 1) == '0' && buffer.getByte(trailer + 2) == EQUALS &&
            isDigit(buffer.getByte(trailer + 3)) && isDigit(buffer.getByte(trailer + 4)) &&
            isDigit(buffer.getByte(trailer + 5)) && buffer.getByte(trailer + TRAILER_LENGTH - 1) == SOH;
    }

    static boolean isDigit(final byte b)
    {
        return b >= '0' && b <= '9';
    }
}
