package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;

import io.kairos.fix.wire.FixWriter;

/**
 * The lean client's ClOrdIDs (11, and 41 of cancels and replaces): a per-run prefix and the request's index in the
 * {@link RequestLog} as exactly {@link #DIGITS} digits, e.g. {@code Lmf0a1b2c-0000012345}. Fixed width, so a
 * pre-encoded order patches them in place; decoded back to the index by comparing bytes and reading digits, so a
 * response finds its request without allocating. Immutable.
 */
final class ClOrdIds
{
    static final int DIGITS = 10;

    private final byte[] prefix;

    ClOrdIds(final String prefix)
    {
        this.prefix = prefix.getBytes(StandardCharsets.US_ASCII);
    }

    /** Length of every ClOrdID of the run. */
    int length()
    {
        return prefix.length + DIGITS;
    }

    /** Writes the ClOrdID of request {@code index} at {@code buffer}'s position. */
    void write(final FixWriter buffer, final int index)
    {
        buffer.ascii(prefix).padded(index, DIGITS);
    }

    /** The request index of the ClOrdID in {@code bytes[start, end)}, or -1 when it is not one of this run's. */
    int index(final DirectBuffer bytes, final int start, final int end)
    {
        if (end - start != prefix.length + DIGITS)
        {
            return -1;
        }
        for (int i = 0; i < prefix.length; i++)
        {
            if (bytes.getByte(start + i) != prefix[i])
            {
                return -1;
            }
        }
        long index = 0;
        for (int i = start + prefix.length; i < end; i++)
        {
            final byte b = bytes.getByte(i);
            if (b < '0' || b > '9')
            {
                return -1;
            }
            index = index * 10 + (b - '0');
        }
        return index > Integer.MAX_VALUE ? -1 : (int)index;
    }
}
