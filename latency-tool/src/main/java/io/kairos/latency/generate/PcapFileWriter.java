package io.kairos.latency.generate;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.latency.capture.PcapDescriptor;
import io.kairos.latency.net.NetworkHeadersDescriptor;

/**
 * Writes a little-endian, nanosecond pcap of Ethernet/IPv4/TCP frames (layouts in {@link PcapDescriptor} and
 * {@link NetworkHeadersDescriptor}); the IPv4 header checksum is filled in, the TCP checksum left 0 (tcpdump does the
 * same with checksum offload). Reuses one frame buffer. Owned by the generating thread.
 */
public final class PcapFileWriter implements AutoCloseable
{
    private static final int HEADERS = 14 + 20 + 20;

    private final OutputStream out;
    private final ByteBuffer frame = ByteBuffer.allocate(HEADERS + 65_535 + 16);
    private long packets;

    public PcapFileWriter(final Path file) throws IOException
    {
        out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
        final ByteBuffer header =
            ByteBuffer.allocate(PcapDescriptor.GLOBAL_HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(PcapDescriptor.MAGIC_NANOS).putShort((short)2).putShort((short)4).putInt(0).putInt(0)
            .putInt(262_144).putInt(NetworkHeadersDescriptor.LINKTYPE_ETHERNET);
        out.write(header.array());
    }

    public long packets()
    {
        return packets;
    }

    /** Writes one TCP segment from {@code sourceIp:sourcePort} to {@code destinationIp:destinationPort}. */
    public void writeTcp(
        final long timestampNs, final int sourceIp, final int sourcePort, final int destinationIp,
        final int destinationPort, final int sequence, final int acknowledgment, final int flags,
        final byte[] payload, final int payloadLength) throws IOException
    {
        final int frameLength = HEADERS + payloadLength;
        frame.clear().order(ByteOrder.LITTLE_ENDIAN);
        frame.putInt((int)(timestampNs / 1_000_000_000L)).putInt((int)(timestampNs % 1_000_000_000L))
            .putInt(frameLength).putInt(frameLength);
        frame.order(ByteOrder.BIG_ENDIAN);
        frame.putInt(0x02000000).putShort((short)destinationIp).putInt(0x02000000).putShort((short)sourceIp)
            .putShort((short)NetworkHeadersDescriptor.ETHERTYPE_IPV4);
        final int ipStart = frame.position();
        frame.put((byte)0x45).put((byte)0).putShort((short)(20 + 20 + payloadLength)).putShort((short)packets)
            .putShort((short)0x4000).put((byte)64).put((byte)NetworkHeadersDescriptor.PROTOCOL_TCP).putShort((short)0)
            .putInt(sourceIp).putInt(destinationIp);
        frame.putShort(ipStart + 10, ipChecksum(ipStart));
        frame.putShort((short)sourcePort).putShort((short)destinationPort).putInt(sequence).putInt(acknowledgment)
            .put((byte)0x50).put((byte)flags).putShort((short)65_535).putInt(0);
        frame.put(payload, 0, payloadLength);
        out.write(frame.array(), 0, frame.position());
        packets++;
    }

    private short ipChecksum(final int ipStart)
    {
        int sum = 0;
        for (int i = 0; i < 20; i += 2)
        {
            sum += frame.getShort(ipStart + i) & 0xFFFF;
        }
        while ((sum >>> 16) != 0)
        {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (short)~sum;
    }

    public void close() throws IOException
    {
        out.close();
    }
}
