package io.kairos.latency.net;

import java.nio.ByteBuffer;

/**
 * The decoded headers of one TCP segment: a reusable flyweight filled by {@link TcpSegmentDecoder}; the payload stays
 * in the capture buffer. IPv4 addresses sit in the low 32 bits of {@code …AddressLow} with {@code …High} zero.
 * Owned by the analysis thread; valid until the next decode.
 */
public final class TcpSegment
{
    int ipVersion;
    long sourceHigh;
    long sourceLow;
    long destinationHigh;
    long destinationLow;
    int sourcePort;
    int destinationPort;
    int sequence;
    int acknowledgment;
    int flags;
    ByteBuffer buffer;
    int payloadOffset;
    int payloadLength;
    int missingPayloadBytes;

    public int ipVersion()
    {
        return ipVersion;
    }

    public long sourceHigh()
    {
        return sourceHigh;
    }

    public long sourceLow()
    {
        return sourceLow;
    }

    public long destinationHigh()
    {
        return destinationHigh;
    }

    public long destinationLow()
    {
        return destinationLow;
    }

    public int sourcePort()
    {
        return sourcePort;
    }

    public int destinationPort()
    {
        return destinationPort;
    }

    public int sequence()
    {
        return sequence;
    }

    public int acknowledgment()
    {
        return acknowledgment;
    }

    public boolean isSyn()
    {
        return (flags & NetworkHeadersDescriptor.TCP_SYN) != 0;
    }

    public boolean isFin()
    {
        return (flags & NetworkHeadersDescriptor.TCP_FIN) != 0;
    }

    public boolean isAck()
    {
        return (flags & NetworkHeadersDescriptor.TCP_ACK) != 0;
    }

    public boolean isRst()
    {
        return (flags & NetworkHeadersDescriptor.TCP_RST) != 0;
    }

    public ByteBuffer buffer()
    {
        return buffer;
    }

    public int payloadOffset()
    {
        return payloadOffset;
    }

    /** Payload bytes present in the capture. */
    public int payloadLength()
    {
        return payloadLength;
    }

    /** Payload bytes the packet carried on the wire but the capture cut off (snaplen). */
    public int missingPayloadBytes()
    {
        return missingPayloadBytes;
    }

    /** Whether an address (as held by this flyweight: IPv4 in the low word) is loopback: 127.0.0.0/8 or ::1. */
    public static boolean isLoopback(final int ipVersion, final long high, final long low)
    {
        return ipVersion == 4 ? ((low >>> 24) & 0xFF) == 127 : high == 0 && low == 1;
    }

    /** Appends "a.b.c.d:port" or "[v6]:port" of the source (or destination) to {@code out}. Allocates. */
    public static void appendEndpoint(
        final StringBuilder out, final int ipVersion, final long high, final long low, final int port)
    {
        if (ipVersion == 4)
        {
            out.append((low >>> 24) & 0xFF).append('.').append((low >>> 16) & 0xFF).append('.')
                .append((low >>> 8) & 0xFF).append('.').append(low & 0xFF).append(':').append(port);
            return;
        }
        out.append('[');
        for (int i = 0; i < 8; i++)
        {
            final long word = i < 4 ? high : low;
            final int shift = 48 - 16 * (i & 3);
            out.append(i == 0 ? "" : ":").append(Long.toHexString((word >>> shift) & 0xFFFF));
        }
        out.append("]:").append(port);
    }
}
