package io.kairos.latency.capture;

import java.nio.ByteBuffer;
import java.util.Locale;

import io.kairos.latency.net.ExablazeTrailer;
import io.kairos.latency.net.FrameTail;
import io.kairos.latency.net.HardwareStamp;
import io.kairos.latency.net.MetamakoTrailer;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.net.TrailerDescriptor;

/**
 * Gives each packet the time its hardware stamp says, before {@link CaptureTimeOrder} orders packets by time: the
 * tap's or switch's stamp is when the frame crossed the wire, so it is the time to order by. Reads the trailer that
 * follows the IP packet of an Ethernet frame (the IP length says exactly where it starts; padding to the Ethernet
 * minimum is allowed before it) when the {@link TimestampMode} asks for one: a forced family, or under
 * {@link TimestampMode#AUTO} whichever family parses, only when exactly one does. A frame without a trailer keeps the
 * time (and {@link TimeSource}) its reader gave it; its bytes are never touched, so an unknown trailer or padding
 * stays what it was: bytes after the IP packet, which the decoder ignores. Counts packets by clock.
 * Allocation-free per packet (one branch on the mode when trailers are not read). Owned by the reading thread.
 */
public final class HardwareTimestamps implements PacketHandler
{
    /**
     * How far a trailer's time may be from the capture host's to be taken for a stamp: synchronised clocks agree to
     * far less, random bytes almost never fall inside it.
     */
    public static final long WINDOW_NS = 24L * 3600 * 1_000_000_000L;

    private static final int SHORTEST_TRAILER = Math.min(TrailerDescriptor.METAMAKO_LENGTH,
        TrailerDescriptor.EXABLAZE_LENGTH);

    private final PacketHandler downstream;
    private final TimestampMode mode;
    private final FrameTail tail = new FrameTail();
    private final long[] packetsBySource = new long[TimeSource.COUNT];
    private long ambiguousTrailers;
    private long packets;

    public HardwareTimestamps(final PacketHandler downstream, final TimestampMode mode)
    {
        this.downstream = downstream;
        this.mode = mode;
    }

    public TimestampMode mode()
    {
        return mode;
    }

    /** Packets whose time came from each {@link TimeSource}, indexed by its ordinal. */
    public long[] packetsBySource()
    {
        return packetsBySource.clone();
    }

    /** Frames (under {@code auto}) whose tail parsed as more than one trailer family: left with the host's time. */
    public long ambiguousTrailers()
    {
        return ambiguousTrailers;
    }

    @Override
    public void onPacket(
        final ByteBuffer buffer, final int offset, final int capturedLength, final int originalLength,
        final int linkType, final long timestampNs, final TimeSource source, final long packetNumber,
        final long fileOffset)
    {
        packets++;
        long time = timestampNs;
        TimeSource clock = source;
        final int end = offset + capturedLength;
        if (mode.readsTrailers() && linkType == NetworkHeadersDescriptor.LINKTYPE_ETHERNET &&
            capturedLength == originalLength && tail.locate(buffer, offset, capturedLength) &&
            end - tail.ipEnd() >= SHORTEST_TRAILER)
        {
            final long metamako = mode == TimestampMode.EXABLAZE ? HardwareStamp.NONE : metamako(buffer, end, time);
            final long exablaze = mode == TimestampMode.METAMAKO ? HardwareStamp.NONE : exablaze(buffer, end, time);
            if (metamako != HardwareStamp.NONE && exablaze != HardwareStamp.NONE)
            {
                ambiguousTrailers++;
            }
            else if (metamako != HardwareStamp.NONE)
            {
                time = metamako;
                clock = TimeSource.METAMAKO;
            }
            else if (exablaze != HardwareStamp.NONE)
            {
                time = exablaze;
                clock = TimeSource.EXABLAZE;
            }
        }
        packetsBySource[clock.ordinal()]++;
        downstream.onPacket(buffer, offset, capturedLength, originalLength, linkType, time, clock, packetNumber,
            fileOffset);
    }

    private long metamako(final ByteBuffer buffer, final int end, final long hostNs)
    {
        long stamp = MetamakoTrailer.stampNs(buffer, tail.ipEnd(), end, hostNs, WINDOW_NS);
        if (stamp == HardwareStamp.NONE && tail.paddedEnd() != tail.ipEnd())
        {
            stamp = MetamakoTrailer.stampNs(buffer, tail.paddedEnd(), end, hostNs, WINDOW_NS);
        }
        if (stamp == HardwareStamp.NONE && tail.taggedPaddedEnd() != tail.paddedEnd())
        {
            stamp = MetamakoTrailer.stampNs(buffer, tail.taggedPaddedEnd(), end, hostNs, WINDOW_NS);
        }
        return stamp;
    }

    private long exablaze(final ByteBuffer buffer, final int end, final long hostNs)
    {
        long stamp = ExablazeTrailer.stampNs(buffer, tail.ipEnd(), end, hostNs, WINDOW_NS);
        if (stamp == HardwareStamp.NONE && tail.paddedEnd() != tail.ipEnd())
        {
            stamp = ExablazeTrailer.stampNs(buffer, tail.paddedEnd(), end, hostNs, WINDOW_NS);
        }
        if (stamp == HardwareStamp.NONE && tail.taggedPaddedEnd() != tail.paddedEnd())
        {
            stamp = ExablazeTrailer.stampNs(buffer, tail.taggedPaddedEnd(), end, hostNs, WINDOW_NS);
        }
        return stamp;
    }

    /**
     * Reports what a forced mode could not do: packets without the trailer asked for, or a pcap file asked to be
     * read as hardware-stamped pcapng. Warnings, not problems: the packets are analysed with their host time.
     */
    public void finish(final CaptureProblems problems, final boolean pcapng)
    {
        final TimeSource forced = mode.forcedSource();
        if (forced == null || packets == 0)
        {
            return;
        }
        final long stamped = packetsBySource[forced.ordinal()];
        if (mode == TimestampMode.PCAPNG && !pcapng)
        {
            problems.warning(String.format(Locale.ROOT, "--timestamps pcapng: the capture is a pcap file, whose " +
                "stamps are the capture host's; all %,d packets use the capture host clock", packets));
        }
        else if (stamped < packets)
        {
            problems.warning(String.format(Locale.ROOT, "--timestamps %s: %,d of %,d packets carry no %s%s; " +
                "they use the capture host clock", mode.cliName(), packets - stamped, packets,
                mode == TimestampMode.PCAPNG ? "stamp of their own (simple packet blocks)" : mode.cliName() +
                " trailer", stamped == 0 ? " (none does: is this the right format?)" : ""));
        }
    }
}
