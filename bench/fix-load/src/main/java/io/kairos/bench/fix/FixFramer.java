package io.kairos.bench.fix;

import org.agrona.DirectBuffer;


import io.kairos.fix.wire.FixChecksum;
import io.kairos.fix.wire.FixFrame;

/**
 * The load tools' framing policy over fix-wire's {@link FixFrame} and {@link FixChecksum}: any frame size the
 * BodyLength can declare (the reader's buffer grows or gives up, not the framer), and a wrong CheckSum refuses the
 * frame like any other defect (the lean client and the echo server close the connection). Stateless: the reading
 * loops own their buffers. Allocation-free.
 */
public final class FixFramer
{
    /** More bytes are needed before the frame at the offset is complete. */
    public static final int NEED_MORE = FixFrame.NEED_MORE;
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
    public static int frameLength(final DirectBuffer buffer, final int offset, final int limit)
    {
        final int length = FixFrame.frameLength(buffer, offset, limit, Integer.MAX_VALUE);
        if (length <= 0)
        {
            return length == NEED_MORE ? NEED_MORE : MALFORMED;
        }
        return FixChecksum.matches(buffer, offset, length) ? length : BAD_CHECKSUM;
    }
}
