package io.kairos.md;

import io.kairos.fix.wire.FixFrame;
import io.netty.buffer.ByteBuf;

/**
 * The 256 possible FIX trailers ({@code 10=NNN<SOH>}), encoded once into one table: a session appends the one for
 * its checksum to its outgoing batch, so a trailer costs no encoding. Local rather than fix-wire's
 * {@code FixWriter.trailer}, which encodes one per message into its own array: here the trailer goes into a Netty
 * {@link ByteBuf} once per subscriber and message. Immutable after construction; shared by every session of the
 * gateway.
 */
final class Trailers
{
    static final int LENGTH = FixFrame.TRAILER_LENGTH;

    private final byte[] table = new byte[256 * LENGTH];

    Trailers()
    {
        for (int checksum = 0; checksum < 256; checksum++)
        {
            final int at = checksum * LENGTH;
            table[at] = '1';
            table[at + 1] = '0';
            table[at + 2] = '=';
            table[at + 3] = (byte)('0' + checksum / 100);
            table[at + 4] = (byte)('0' + checksum / 10 % 10);
            table[at + 5] = (byte)('0' + checksum % 10);
            table[at + 6] = FixFrame.SOH;
        }
    }

    /** Appends the trailer for {@code checksum} (taken modulo 256) to {@code target}. */
    void write(final ByteBuf target, final int checksum)
    {
        target.writeBytes(table, (checksum & 0xFF) * LENGTH, LENGTH);
    }

    /** Byte {@code index} of the trailer for {@code checksum}. */
    byte byteAt(final int checksum, final int index)
    {
        return table[(checksum & 0xFF) * LENGTH + index];
    }
}
