package io.kairos.md;

/**
 * Cuts a TCP byte stream into FIX 4.4 frames: {@code 8=FIX.4.4<SOH>9=len<SOH>...10=nnn<SOH>}. It
 * checks BodyLength and CheckSum; a frame that fails either is garbled and, as FIX prescribes,
 * ignored (counted), and the framer resynchronises on the next BeginString. More than
 * {@link #MAX_FRAME_BYTES} in a row that make no valid frame (non-FIX bytes, garbled frames) end the
 * connection, as on the order-entry port. Bytes are copied into one reusable array, so frames are handed
 * on without allocation. Owned by one session's event loop.
 */
final class FixFramer
{
    static final int MAX_FRAME_BYTES = 64 * 1024;
    private static final byte[] BEGIN = "8=FIX.4.4\u00019=".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Receives each well-formed frame (BeginString to CheckSum inclusive). */
    interface FrameHandler
    {
        void onFrame(byte[] buffer, int offset, int length);
    }

    private final FrameHandler handler;
    private final MdCounters counters;
    private byte[] bytes = new byte[8 * 1024];
    private int length;
    private long unframed;

    FixFramer(final FrameHandler handler, final MdCounters counters)
    {
        this.handler = handler;
        this.counters = counters;
    }

    /**
     * Appends {@code in[offset, offset + readable)} and delivers every complete frame. @return false when a frame
     * exceeds {@link #MAX_FRAME_BYTES}, or more than that many bytes in a row made no valid frame.
     */
    boolean onBytes(final byte[] in, final int offset, final int readable)
    {
        if (length + readable > bytes.length)
        {
            if (length + readable > MAX_FRAME_BYTES * 2)
            {
                return false;
            }
            bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length << 1, length + readable));
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
            int i = start + BEGIN.length;
            int bodyLength = 0;
            while (i < length && bytes[i] >= '0' && bytes[i] <= '9' && bodyLength < MAX_FRAME_BYTES)
            {
                bodyLength = bodyLength * 10 + bytes[i] - '0';
                i++;
            }
            if (i == length)
            {
                return start;
            }
            if (bytes[i] != FixBuffer.SOH || i == start + BEGIN.length || bodyLength >= MAX_FRAME_BYTES)
            {
                if (bodyLength >= MAX_FRAME_BYTES)
                {
                    return -1;
                }
                garbled();
                position = skip(start);
                continue;
            }
            final int checksumAt = i + 1 + bodyLength;
            final int end = checksumAt + Trailers.LENGTH;
            if (end > length)
            {
                return start;
            }
            if (!validTrailer(start, checksumAt))
            {
                garbled();
                position = skip(start);
                continue;
            }
            position = end;
            unframed = 0;
            handler.onFrame(bytes, start, end - start);
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

    private boolean validTrailer(final int start, final int checksumAt)
    {
        if (bytes[checksumAt] != '1' || bytes[checksumAt + 1] != '0' || bytes[checksumAt + 2] != '=' ||
            bytes[checksumAt + 6] != FixBuffer.SOH)
        {
            return false;
        }
        int declared = 0;
        for (int i = checksumAt + 3; i < checksumAt + 6; i++)
        {
            if (bytes[i] < '0' || bytes[i] > '9')
            {
                return false;
            }
            declared = declared * 10 + bytes[i] - '0';
        }
        return declared == FixBuffer.checksum(bytes, start, checksumAt - start);
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

    private void garbled()
    {
        counters.garbledMessages.increment();
    }
}
