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
 * (decimal or binary) and if_tsoffset, plus an interface statistics block the reader must skip.
 */
public final class TestCaptureWriter
{
    public enum Format
    {
        PCAP_MICROS_LE, PCAP_MICROS_BE, PCAP_NANOS_LE, PCAP_NANOS_BE, PCAPNG_LE, PCAPNG_BE
    }

    /** A pcapng interface: link type, raw if_tsresol byte (6 = µs, 9 = ns, 0x80|n = 2^-n) and if_tsoffset (s). */
    public record Interface(int linkType, int tsresol, long tsoffsetSeconds)
    {
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
            final ByteBuffer body = ByteBuffer.allocate(8 + 8 + 12 + 4).order(order);
            body.putShort((short)description.linkType()).putShort((short)0).putInt(262_144);
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
