package io.kairos.md;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The 256 possible FIX trailers ({@code 10=NNN<SOH>}), encoded once into pooled direct buffers;
 * sessions write a retained duplicate, so a trailer costs no encoding and no allocation. Owned by
 * the gateway's event loop; {@link #release()} on shutdown.
 */
final class Trailers
{
    static final int LENGTH = 7;

    private final ByteBuf[] trailers = new ByteBuf[256];

    Trailers(final ByteBufAllocator allocator)
    {
        for (int checksum = 0; checksum < 256; checksum++)
        {
            final ByteBuf buffer = allocator.directBuffer(LENGTH, LENGTH);
            buffer.writeByte('1').writeByte('0').writeByte('=')
                .writeByte('0' + checksum / 100).writeByte('0' + checksum / 10 % 10).writeByte('0' + checksum % 10)
                .writeByte(FixBuffer.SOH);
            trailers[checksum] = buffer;
        }
    }

    /** A retained duplicate of the trailer for this checksum; the receiver releases it. */
    ByteBuf trailer(final int checksum)
    {
        return trailers[checksum & 0xFF].retainedDuplicate();
    }

    void release()
    {
        for (final ByteBuf buffer : trailers)
        {
            buffer.release();
        }
    }
}
