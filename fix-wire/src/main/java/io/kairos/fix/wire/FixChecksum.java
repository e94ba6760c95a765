package io.kairos.fix.wire;

import org.agrona.DirectBuffer;

/**
 * The FIX CheckSum (10): the sum of a frame's bytes up to the trailer, modulo 256. One routine for every reader and
 * writer of the venue's tools. Stateless and allocation-free; thread-safe.
 */
public final class FixChecksum
{
    private FixChecksum()
    {
    }

    /**
     * Sum of {@code buffer[from, to)} modulo 256. Adds eight bytes per step (SWAR: four 16-bit lanes, which cannot
     * overflow within one long), then the tail byte by byte. A wrapped ByteBuffer's position and limit are not used.
     */
    public static int sum(final DirectBuffer buffer, final int from, final int to)
    {
        long sum = 0;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES)
        {
            long lanes = buffer.getLong(i);
            lanes = (lanes & 0x00FF_00FF_00FF_00FFL) + ((lanes >>> 8) & 0x00FF_00FF_00FF_00FFL);
            lanes += lanes >>> 16;
            lanes += lanes >>> 32;
            sum += lanes & 0xFFFF;
        }
        for (; i < to; i++)
        {
            sum += buffer.getByte(i) & 0xFF;
        }
        return (int)(sum & 0xFF);
    }

    /**
     * Whether the CheckSum of the frame {@code buffer[offset, offset + length)} (delimited by
     * {@link FixFrame#frameLength}, so its trailer is {@code 10=DDD|}) matches the sum of the bytes before it.
     */
    public static boolean matches(final DirectBuffer buffer, final int offset, final int length)
    {
        final int trailer = offset + length - FixFrame.TRAILER_LENGTH;
        return sum(buffer, offset, trailer) == declared(buffer, trailer);
    }

    /** The three digits of the trailer {@code 10=DDD|} at {@code trailer} as a number; -1 when one is not a digit. */
    public static int declared(final DirectBuffer buffer, final int trailer)
    {
        final byte hundreds = buffer.getByte(trailer + 3);
        final byte tens = buffer.getByte(trailer + 4);
        final byte units = buffer.getByte(trailer + 5);
        if (!FixFrame.isDigit(hundreds) || !FixFrame.isDigit(tens) || !FixFrame.isDigit(units))
        {
            return -1;
        }
        return (hundreds - '0') * 100 + (tens - '0') * 10 + (units - '0');
    }
}
