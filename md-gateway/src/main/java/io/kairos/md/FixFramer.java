package io.kairos.md;

import static io.kairos.fix.wire.FixFrame.MAX_FRAME_BYTES;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixChecksum;
import io.kairos.fix.wire.FixFrame;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.FixWriter;

/**
 * Cuts one connection's TCP byte stream into FIX 4.4 frames: {@code 8=FIX.4.4<SOH>9=len<SOH>...10=nnn<SOH>}.
 * Where a frame ends and whether its CheckSum matches come from fix-wire ({@link FixFrame#frameLength},
 * {@link FixChecksum#matches}); what stays here is what this session needs and other users of fix-wire do not: the
 * reassembly of socket reads into one reusable array (frames are handed on without allocation), only FIX.4.4
 * accepted, a frame with a bad BodyLength, trailer or CheckSum ignored and counted as FIX prescribes (garbled), the
 * resynchronisation on the next {@code 8}, and the bound: more than {@link FixFrame#MAX_FRAME_BYTES} in a row that
 * make no valid frame (non-FIX bytes, garbled frames), or a BodyLength of that much, end the connection, as on the
 * order-entry port. Owned by one session's event loop.
 */
final class FixFramer
{
    private static final byte[] BEGIN =
        new FixWriter(16).field(FixTags.BEGIN_STRING, "FIX.4.4").tag(FixTags.BODY_LENGTH).toBytes();
    /** The longest frame: a body under {@link FixFrame#MAX_FRAME_BYTES} behind a five-digit BodyLength. */
    private static final int LONGEST_FRAME = BEGIN.length + 5 + 1 + MAX_FRAME_BYTES - 1 + FixFrame.TRAILER_LENGTH;

    /** Receives each well-formed frame (BeginString to CheckSum inclusive), valid until it returns. */
    interface FrameHandler
    {
        void onFrame(DirectBuffer buffer, int offset, int length);
    }

    private final FrameHandler handler;
    private final MdCounters counters;
    private byte[] bytes = new byte[8 * 1024];
    /** {@link #bytes} as fix-wire reads them (rewrapped when the array grows). */
    private final UnsafeBuffer view = new UnsafeBuffer(bytes);
    private int length;
    private long unframed;

    FixFramer(final FrameHandler handler, final MdCounters counters)
    {
        this.handler = handler;
        this.counters = counters;
    }

    /**
     * Appends {@code in[offset, offset + readable)} and delivers every complete frame. @return false when a frame
     * exceeds the bound, or more than {@link FixFrame#MAX_FRAME_BYTES} bytes in a row made no valid frame.
     */
    boolean onBytes(final byte[] in, final int offset, final int readable)
    {
        if (length + readable > bytes.length)
        {
            if (length + readable > MAX_FRAME_BYTES * 2)
            {
                return false;
            }
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length << 1, length + readable));
            view.wrap(bytes);
        }
        System.arraycopy(in, offset, bytes, length, readable);
        length += readable;
        final int consumed = deliverFrames();
        if (consumed < 0 || unframed > MAX_FRAME_BYTES)
        {
            return false;
        }
        System.arraycopy(bytes, consumed, bytes, 0, length - consumed);
        length -= consumed;
        return true;
    }

    /** @return bytes consumed, or -1 when a frame is too large. */
    private int deliverFrames()
    {
        int position = 0;
        while (position < length)
        {
            final int start = position;
            final int prefix = Math.min(BEGIN.length, length - start);
            if (!matches(start, prefix))
            {
                position = skip(start);
                continue;
            }
            if (prefix < BEGIN.length)
            {
                return start;
            }
            final int frameLength = FixFrame.frameLength(view, start, length, LONGEST_FRAME);
            if (frameLength == FixFrame.NEED_MORE)
            {
                return start;
            }
            if (frameLength == FixFrame.TOO_LARGE)
            {
                return -1;
            }
            if (frameLength < 0 || !FixChecksum.matches(view, start, frameLength))
            {
                counters.garbledMessages.increment();
                position = skip(start);
                continue;
            }
            position = start + frameLength;
            unframed = 0;
            handler.onFrame(view, start, frameLength);
        }
        return position;
    }

    /** Drops the bytes from {@code start} to the next possible BeginString. @return where to go on. */
    private int skip(final int start)
    {
        final int next = resync(start + 1);
        unframed += next - start;
        return next;
    }

    private boolean matches(final int start, final int prefix)
    {
        for (int i = 0; i < prefix; i++)
        {
            if (bytes[start + i] != BEGIN[i])
            {
                return false;
            }
        }
        return true;
    }

    /** @return the index of the next possible BeginString at or after {@code from}, or {@code length}. */
    private int resync(final int from)
    {
        for (int i = from; i < length; i++)
        {
            if (bytes[i] == '8')
            {
                return i;
            }
        }
        return length;
    }
}
