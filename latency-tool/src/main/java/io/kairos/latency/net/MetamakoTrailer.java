package io.kairos.latency.net;

import java.nio.ByteBuffer;

import static io.kairos.latency.net.TrailerDescriptor.*;

/**
 * Reads the time of a Metamako / Arista 7130 MetaWatch trailer ({@link TrailerDescriptor}). Stateless;
 * allocation-free; thread-safe.
 */
public final class MetamakoTrailer
{
    private MetamakoTrailer()
    {
    }

    /**
     * @param start    first byte after the frame (and its padding): where the original FCS must begin.
     * @param end      end of the captured bytes.
     * @param hostNs   the capture host's time of the packet.
     * @param windowNs how far the stamp may be from {@code hostNs} to be taken for one.
     * @return the stamp in ns since the epoch when {@code [start, end)} is exactly one trailer (with or without a new
     *         FCS) with a time inside the window, otherwise {@link HardwareStamp#NONE}.
     */
    public static long stampNs(final ByteBuffer buffer, final int start, final int end, final long hostNs,
        final long windowNs)
    {
        for (int fcs = 0; fcs <= FCS_LENGTH; fcs += FCS_LENGTH)
        {
            final int trailerEnd = end - fcs;
            if (trailerEnd - start < METAMAKO_LENGTH)
            {
                continue;
            }
            final long stamp = HardwareStamp.ofSeconds(
                Integer.toUnsignedLong(buffer.getInt(trailerEnd - METAMAKO_SECONDS_FROM_END)),
                Integer.toUnsignedLong(buffer.getInt(trailerEnd - METAMAKO_NANOSECONDS_FROM_END)), hostNs, windowNs);
            if (stamp != HardwareStamp.NONE &&
                originalFcsStart(buffer, start, trailerEnd) == start)
            {
                return stamp;
            }
        }
        return HardwareStamp.NONE;
    }

    /** Walks the extension words back from the seconds; returns where the original FCS begins, or -1. */
    private static int originalFcsStart(final ByteBuffer buffer, final int start, final int trailerEnd)
    {
        int position = trailerEnd - METAMAKO_SECONDS_FROM_END;
        if ((buffer.get(trailerEnd - METAMAKO_FLAGS_FROM_END) & METAMAKO_FLAG_EXTENSIONS) != 0)
        {
            boolean last = false;
            while (!last)
            {
                if (position - 4 < start + FCS_LENGTH)
                {
                    return -1;
                }
                final int word = buffer.getInt(position - 4);
                final int dataWords = (word & METAMAKO_TAG_MASK) == METAMAKO_TAG_SECONDARY ?
                    ((word >>> METAMAKO_WORDS_SHIFT) & METAMAKO_SECONDARY_WORDS_MASK) + 1 :
                    (word >>> METAMAKO_WORDS_SHIFT) & METAMAKO_WORDS_MASK;
                position -= 4 * (1 + dataWords);
                last = ((word >>> METAMAKO_LAST_TAG_BIT) & 1) != 0;
            }
        }
        return position - FCS_LENGTH;
    }
}
