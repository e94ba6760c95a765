package io.kairos.latency.net;

import java.nio.ByteBuffer;

import static io.kairos.latency.net.TrailerDescriptor.*;

/**
 * Reads the time of an Exablaze / Cisco Nexus 3550 (ExaLINK Fusion) trailer ({@link TrailerDescriptor}). Stateless;
 * allocation-free; thread-safe.
 */
public final class ExablazeTrailer
{
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private ExablazeTrailer()
    {
    }

    /** As {@link MetamakoTrailer#stampNs}: {@code [start, end)} must be exactly one trailer, plus perhaps a new FCS. */
    public static long stampNs(final ByteBuffer buffer, final int start, final int end, final long hostNs,
        final long windowNs)
    {
        final int length = end - start;
        if (length != EXABLAZE_LENGTH && length != EXABLAZE_LENGTH + FCS_LENGTH)
        {
            return HardwareStamp.NONE;
        }
        final long seconds = Integer.toUnsignedLong(buffer.getInt(start + EXABLAZE_SECONDS_OFFSET));
        final long fraction = (Integer.toUnsignedLong(buffer.getInt(start + EXABLAZE_FRACTION_OFFSET)) << 8) |
            (buffer.get(start + EXABLAZE_FRACTION_OFFSET + 4) & 0xFF);
        return HardwareStamp.ofSeconds(seconds, fractionToNanos(fraction), hostNs, windowNs);
    }

    /** A 40-bit binary fraction of a second in whole nanoseconds, rounded down. */
    static long fractionToNanos(final long fraction)
    {
        return Math.unsignedMultiplyHigh(fraction << (64 - EXABLAZE_FRACTION_BITS), NANOS_PER_SECOND);
    }
}
