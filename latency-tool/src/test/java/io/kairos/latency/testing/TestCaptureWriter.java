package io.kairos.latency.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.kairos.latency.capture.PcapDescriptor;
import io.kairos.latency.capture.PcapngDescriptor;

/**
 * Writes test captures in every supported container variant: pcap with microsecond or nanosecond magic in either
 * byte order, and pcapng (either byte order) with several interfaces, each with its own link type, if_tsresol
 * (decimal or binary), if_tsoffset and if_hardware, plus an interface statistics block the reader must skip; and the
 * hardware-timestamp trailers of taps and layer-1 switches, appended to Ethernet frames (layouts in
 * {@link io.kairos.latency.net.TrailerDescriptor}).
 */
public final class TestCaptureWriter
{
    public enum Format
    {
        PCAP_MICROS_LE, PCAP_MICROS_BE, PCAP_NANOS_LE, PCAP_NANOS_BE, PCAPNG_LE, PCAPNG_BE
    }

    /**
     * A pcapng interface: link type, raw if_tsresol byte (6 = µs, 9 = ns, 0x80|n = 2^-n), if_tsoffset (s) and
     * if_hardware text (null: no such option).
     */
    public record Interface(int linkType, int tsresol, long tsoffsetSeconds, String hardware)
    {
        public Interface(final int linkType, final int tsresol, final long tsoffsetSeconds)
        {
            this(linkType, tsresol, tsoffsetSeconds, null);
        }
    }

    /** The original FCS a tap copies into its trailer; any value will do, the reader does not check it. */
    private static final int ORIGINAL_FCS = 0xDEADBEEF;
    private static final int NEW_FCS = 0x0BADF00D;

    /**
     * A Metamako / Arista 7130 MetaWatch trailer: original FCS, {@code extensionWords} words of extensions (0 to 4: one
     * sequence-number tag with that many words less one of data), seconds, nanoseconds, flags, device 0x0102, port 7,
     * and a new FCS when {@code newFcs}.
     */
    public static byte[] metamakoTrailer(final long stampNs, final int extensionWords, final boolean newFcs)
    {
        final ByteBuffer trailer = ByteBuffer.allocate(16 + 4 * extensionWords + (newFcs ? 4 : 0));
        trailer.putInt(ORIGINAL_FCS);
        if (extensionWords > 0)
        {
            final int dataWords = extensionWords - 1;
            for (int i = 0; i < dataWords; i++)
            {
                trailer.putInt(0x11111111 * (i + 1));
            }
            trailer.putInt(0x00_2A_00_00 | (dataWords << 6) | (1 << 5));
        }
        trailer.putInt((int)(stampNs / 1_000_000_000L)).putInt((int)(stampNs % 1_000_000_000L))
            .put((byte)(0x01 | (extensionWords > 0 ? 0x02 : 0))).putShort((short)0x0102).put((byte)7);
        if (newFcs)
        {
            trailer.putInt(NEW_FCS);
        }
        return trailer.array();
    }

    /**
     * An Exablaze / Cisco Nexus 3550 trailer: original FCS, device 3, port 9, seconds, the fraction of the second in
     * 2^-40 s (rounded up, so that reading it back rounded down gives {@code stampNs} exactly), reserved, and a new
     * FCS when {@code newFcs}.
     */
    public static byte[] exablazeTrailer(final long stampNs, final boolean newFcs)
    {
        final long nanos = stampNs % 1_000_000_000L;
        final long fraction = java.math.BigInteger.valueOf(nanos).shiftLeft(40)
            .add(java.math.BigInteger.valueOf(999_999_999L)).divide(java.math.BigInteger.valueOf(1_000_000_000L))
            .longValueExact();
        final ByteBuffer trailer = ByteBuffer.allocate(16 + (newFcs ? 4 : 0));
        trailer.putInt(ORIGINAL_FCS).put((byte)3).put((byte)9).putInt((int)(stampNs / 1_000_000_000L))
            .putInt((int)(fraction >>> 8)).put((byte)fraction).put((byte)0);
        if (newFcs)
        {
            trailer.putInt(NEW_FCS);
        }
        return trailer.array();
    }

    /**
     * The Ethernet frame with {@code trailer} after it (the frame padded with zeros to the 60-byte minimum first, as
     * on the wire), captured by a host at {@code hostTimeNs}.
     */
    public static Frame withTrailer(final Frame frame, final byte[] trailer, final long hostTimeNs)
    {
        final byte[] bytes = java.util.Arrays.copyOf(frame.bytes(), Math.max(frame.bytes().length, 60) +
            trailer.length);
        System.arraycopy(trailer, 0, bytes, bytes.length - trailer.length, trailer.length);
        return new Frame(hostTimeNs, frame.interfaceId(), bytes, bytes.length);
    }

    private TestCaptureWriter()
    {
    }

    public static Path write(final Path file, final Format format, final int linkType, final List<Frame> frames)
        throws IOException
    {
        if (format == Format.PCAPNG_LE || format == Format.PCAPNG_BE)
        {
            return writePcapng(file, format == Format.PCAPNG_LE ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN,
                List.of(new Interface(linkType, 9, 0)), frames);
        }
        Files.write(file, pcap(format, linkType, frames));
        return file;
    }

    public static byte[] pcap(final Format format, final int linkType, final List<Frame> frames)
    {
        final boolean nanos = format == Format.PCAP_NANOS_LE || format == Format.PCAP_NANOS_BE;
        final ByteOrder order = format == Format.PCAP_MICROS_LE || format == Format.PCAP_NANOS_LE ?
            ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteBuffer header = ByteBuffer.allocate(24).order(order);
        header.putInt(nanos ? PcapDescriptor.MAGIC_NANOS : PcapDescriptor.MAGIC_MICROS).putShort((short)2)
            .putShort((short)4).putInt(0).putInt(0).putInt(262_144).putInt(linkType);
        out.writeBytes(header.array());
        for (final Frame frame : frames)
        {
            final ByteBuffer record = ByteBuffer.allocate(16).order(order);
            final long seconds = frame.timeNs() / 1_000_000_000L;
            final long fraction = frame.timeNs() % 1_000_000_000L;
            record.putInt((int)seconds).putInt((int)(nanos ? fraction : fraction / 1000))
                .putInt(frame.bytes().length).putInt(frame.originalLength());
            out.writeBytes(record.array());
            out.writeBytes(frame.bytes());
        }
        return out.toByteArray();
    }

    public static Path writePcapng(final Path file, final ByteOrder order, final List<Interface> interfaces,
        final List<Frame> frames) throws IOException
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(block(order, PcapngDescriptor.SECTION_HEADER_BLOCK, ByteBuffer.allocate(16).order(order)
            .putInt(PcapngDescriptor.BYTE_ORDER_MAGIC).putShort((short)1).putShort((short)0).putLong(-1).array()));
        for (final Interface description : interfaces)
        {
            final byte[] hardware = description.hardware() == null ? new byte[0] :
                description.hardware().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            final int hardwareOption = hardware.length == 0 ? 0 : 4 + ((hardware.length + 3) & ~3);
            final ByteBuffer body = ByteBuffer.allocate(8 + 8 + 12 + hardwareOption + 4).order(order);
            body.putShort((short)description.linkType()).putShort((short)0).putInt(262_144);
            if (hardware.length > 0)
            {
                body.putShort((short)PcapngDescriptor.OPTION_IF_HARDWARE).putShort((short)hardware.length)
                    .put(hardware).put(new byte[hardwareOption - 4 - hardware.length]);
            }
            body.putShort((short)PcapngDescriptor.OPTION_IF_TSRESOL).putShort((short)1)
                .put((byte)description.tsresol()).put(new byte[3]);
            body.putShort((short)PcapngDescriptor.OPTION_IF_TSOFFSET).putShort((short)8)
                .putLong(description.tsoffsetSeconds());
            body.putInt(0);
            out.writeBytes(block(order, PcapngDescriptor.INTERFACE_DESCRIPTION_BLOCK, body.array()));
        }
        out.writeBytes(block(order, PcapngDescriptor.INTERFACE_STATISTICS_BLOCK,
            ByteBuffer.allocate(12).order(order).putInt(0).putLong(0).array()));
        for (final Frame frame : frames)
        {
            final Interface description = interfaces.get(frame.interfaceId());
            final long units = toUnits(frame.timeNs() - description.tsoffsetSeconds() * 1_000_000_000L,
                description.tsresol());
            final int padded = (frame.bytes().length + 3) & ~3;
            final ByteBuffer body = ByteBuffer.allocate(20 + padded).order(order);
            body.putInt(frame.interfaceId()).putInt((int)(units >>> 32)).putInt((int)units)
                .putInt(frame.bytes().length).putInt(frame.originalLength()).put(frame.bytes());
            out.writeBytes(block(order, PcapngDescriptor.ENHANCED_PACKET_BLOCK, body.array()));
        }
        Files.write(file, out.toByteArray());
        return file;
    }

    /**
     * Copies a little-endian nanosecond pcap (as the synthetic generator writes it), appending
     * {@code trailer.apply(stampNs)} to every Ethernet frame, where {@code stampNs} is the record's time, and giving
     * the record the host time {@code stampNs + hostSkewNs}.
     */
    public static void appendTrailers(final Path in, final Path out, final java.util.function.LongFunction<byte[]>
        trailer, final long hostSkewNs) throws IOException
    {
        final ByteBuffer source = ByteBuffer.wrap(Files.readAllBytes(in)).order(ByteOrder.LITTLE_ENDIAN);
        final ByteArrayOutputStream copy = new ByteArrayOutputStream(source.capacity() * 2);
        copy.write(source.array(), 0, 24);
        source.position(24);
        while (source.remaining() >= 16)
        {
            final long stampNs = source.getInt() * 1_000_000_000L + source.getInt();
            final int captured = source.getInt();
            source.getInt();
            final byte[] bytes = new byte[captured];
            source.get(bytes);
            final Frame frame = withTrailer(new Frame(stampNs, bytes), trailer.apply(stampNs), stampNs + hostSkewNs);
            final ByteBuffer record = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            record.putInt((int)(frame.timeNs() / 1_000_000_000L)).putInt((int)(frame.timeNs() % 1_000_000_000L))
                .putInt(frame.bytes().length).putInt(frame.bytes().length);
            copy.writeBytes(record.array());
            copy.writeBytes(frame.bytes());
        }
        Files.write(out, copy.toByteArray());
    }

    private static long toUnits(final long timeNs, final int tsresol)
    {
        final int exponent = tsresol & 0x7F;
        if ((tsresol & 0x80) == 0)
        {
            long units = timeNs;
            for (int i = exponent; i < 9; i++)
            {
                units /= 10;
            }
            for (int i = 9; i < exponent; i++)
            {
                units *= 10;
            }
            return units;
        }
        final long seconds = timeNs / 1_000_000_000L;
        final long fraction = timeNs % 1_000_000_000L;
        return (seconds << exponent) + (long)Math.ceil(fraction * Math.pow(2, exponent) / 1e9);
    }

    private static byte[] block(final ByteOrder order, final int type, final byte[] body)
    {
        final int total = 12 + body.length;
        return ByteBuffer.allocate(total).order(order).putInt(type).putInt(total).put(body).putInt(total).array();
    }
}
