package io.kairos.latency.net;

import java.nio.ByteBuffer;

import static io.kairos.latency.net.NetworkHeadersDescriptor.*;

/**
 * Decodes link layer, IPv4/IPv6 and TCP headers of one captured packet into a {@link TcpSegment}, using the IP length
 * (not the captured length) to find the end of the payload, so Ethernet padding is never taken for data.
 * Allocates nothing. Owned by the analysis thread.
 */
public final class TcpSegmentDecoder
{
    public static final int TCP = 0;
    public static final int NOT_IP = 1;
    public static final int NOT_TCP = 2;
    public static final int UNSUPPORTED_LINK_TYPE = 3;
    public static final int TRUNCATED_HEADERS = 4;
    public static final int IP_FRAGMENT = 5;

    private static final int MAX_VLAN_TAGS = 4;
    private static final int MAX_IPV6_EXTENSIONS = 8;

    private final TcpSegment segment = new TcpSegment();

    public TcpSegment segment()
    {
        return segment;
    }

    /**
     * Bytes the snaplen cut off are found from the IP length, so the original length is not needed.
     *
     * @return {@link #TCP} when {@link #segment()} holds a decoded segment, otherwise why not.
     */
    public int decode(
        final ByteBuffer buffer, final int offset, final int capturedLength, final int linkType)
    {
        final int end = offset + capturedLength;
        switch (linkType)
        {
            case LINKTYPE_ETHERNET:
                return decodeEthernet(buffer, offset, end);
            case LINKTYPE_LINUX_SLL:
                return capturedLength < SLL_HEADER_LENGTH ? TRUNCATED_HEADERS :
                    decodeEthertype(buffer, buffer.getShort(offset + SLL_PROTOCOL_OFFSET) & 0xFFFF,
                        offset + SLL_HEADER_LENGTH, end);
            case LINKTYPE_LINUX_SLL2:
                return capturedLength < SLL2_HEADER_LENGTH ? TRUNCATED_HEADERS :
                    decodeEthertype(buffer, buffer.getShort(offset + SLL2_PROTOCOL_OFFSET) & 0xFFFF,
                        offset + SLL2_HEADER_LENGTH, end);
            case LINKTYPE_NULL:
            case LINKTYPE_LOOP:
                return decodeLoopback(buffer, offset, end);
            case LINKTYPE_RAW:
            case DLT_RAW_12:
            case DLT_RAW_14:
            case LINKTYPE_IPV4:
            case LINKTYPE_IPV6:
                return decodeIp(buffer, offset, end);
            default:
                return UNSUPPORTED_LINK_TYPE;
        }
    }

    private int decodeEthernet(final ByteBuffer buffer, final int offset, final int end)
    {
        int position = offset + ETHERTYPE_OFFSET;
        for (int tags = 0; tags <= MAX_VLAN_TAGS; tags++)
        {
            if (position + 2 > end)
            {
                return TRUNCATED_HEADERS;
            }
            final int ethertype = buffer.getShort(position) & 0xFFFF;
            if (ethertype != ETHERTYPE_VLAN && ethertype != ETHERTYPE_QINQ && ethertype != ETHERTYPE_QINQ_OLD)
            {
                return decodeEthertype(buffer, ethertype, position + 2, end);
            }
            position += VLAN_TAG_LENGTH;
        }
        return NOT_IP;
    }

    private int decodeEthertype(final ByteBuffer buffer, final int ethertype, final int ipStart, final int end)
    {
        if (ethertype != ETHERTYPE_IPV4 && ethertype != ETHERTYPE_IPV6)
        {
            return NOT_IP;
        }
        return decodeIp(buffer, ipStart, end);
    }

    private int decodeLoopback(final ByteBuffer buffer, final int offset, final int end)
    {
        if (offset + NULL_HEADER_LENGTH > end)
        {
            return TRUNCATED_HEADERS;
        }
        final int raw = buffer.getInt(offset);
        final int family = (raw & 0xFFFF0000) != 0 ? Integer.reverseBytes(raw) : raw;
        if (family != AF_INET && family != AF_INET6_BSD && family != AF_INET6_FREEBSD && family != AF_INET6_DARWIN)
        {
            return NOT_IP;
        }
        return decodeIp(buffer, offset + NULL_HEADER_LENGTH, end);
    }

    private int decodeIp(final ByteBuffer buffer, final int ipStart, final int end)
    {
        if (ipStart >= end)
        {
            return TRUNCATED_HEADERS;
        }
        final int version = (buffer.get(ipStart) & 0xF0) >>> 4;
        if (version == 4)
        {
            return decodeIpv4(buffer, ipStart, end);
        }
        if (version == 6)
        {
            return decodeIpv6(buffer, ipStart, end);
        }
        return NOT_IP;
    }

    private int decodeIpv4(final ByteBuffer buffer, final int ipStart, final int end)
    {
        if (ipStart + IPV4_MIN_HEADER_LENGTH > end)
        {
            return TRUNCATED_HEADERS;
        }
        final int headerLength = (buffer.get(ipStart) & 0x0F) * 4;
        final int totalLength = buffer.getShort(ipStart + IPV4_TOTAL_LENGTH_OFFSET) & 0xFFFF;
        if ((buffer.get(ipStart + IPV4_PROTOCOL_OFFSET) & 0xFF) != PROTOCOL_TCP)
        {
            return NOT_TCP;
        }
        final int fragment = buffer.getShort(ipStart + IPV4_FRAGMENT_OFFSET) & 0x3FFF;
        if (fragment != 0)
        {
            return IP_FRAGMENT;
        }
        segment.ipVersion = 4;
        segment.sourceHigh = 0;
        segment.sourceLow = Integer.toUnsignedLong(buffer.getInt(ipStart + IPV4_SRC_OFFSET));
        segment.destinationHigh = 0;
        segment.destinationLow = Integer.toUnsignedLong(buffer.getInt(ipStart + IPV4_DST_OFFSET));
        final int ipEnd = totalLength == 0 ? end : ipStart + totalLength;
        return decodeTcp(buffer, ipStart + headerLength, end, ipEnd);
    }

    private int decodeIpv6(final ByteBuffer buffer, final int ipStart, final int end)
    {
        if (ipStart + IPV6_HEADER_LENGTH > end)
        {
            return TRUNCATED_HEADERS;
        }
        final int payloadLength = buffer.getShort(ipStart + IPV6_PAYLOAD_LENGTH_OFFSET) & 0xFFFF;
        int nextHeader = buffer.get(ipStart + IPV6_NEXT_HEADER_OFFSET) & 0xFF;
        int position = ipStart + IPV6_HEADER_LENGTH;
        for (int i = 0; i < MAX_IPV6_EXTENSIONS && nextHeader != PROTOCOL_TCP; i++)
        {
            if (nextHeader == IPV6_FRAGMENT)
            {
                return IP_FRAGMENT;
            }
            if (nextHeader != IPV6_HOP_BY_HOP && nextHeader != IPV6_ROUTING && nextHeader != IPV6_DESTINATION)
            {
                return NOT_TCP;
            }
            if (position + 2 > end)
            {
                return TRUNCATED_HEADERS;
            }
            nextHeader = buffer.get(position) & 0xFF;
            position += ((buffer.get(position + 1) & 0xFF) + 1) * 8;
        }
        if (nextHeader != PROTOCOL_TCP)
        {
            return NOT_TCP;
        }
        segment.ipVersion = 6;
        segment.sourceHigh = buffer.getLong(ipStart + IPV6_SRC_OFFSET);
        segment.sourceLow = buffer.getLong(ipStart + IPV6_SRC_OFFSET + 8);
        segment.destinationHigh = buffer.getLong(ipStart + IPV6_DST_OFFSET);
        segment.destinationLow = buffer.getLong(ipStart + IPV6_DST_OFFSET + 8);
        final int ipEnd = payloadLength == 0 ? end : ipStart + IPV6_HEADER_LENGTH + payloadLength;
        return decodeTcp(buffer, position, end, ipEnd);
    }

    private int decodeTcp(final ByteBuffer buffer, final int tcpStart, final int capturedEnd, final int ipEnd)
    {
        if (tcpStart + TCP_MIN_HEADER_LENGTH > capturedEnd || tcpStart + TCP_MIN_HEADER_LENGTH > ipEnd)
        {
            return TRUNCATED_HEADERS;
        }
        final int headerLength = ((buffer.get(tcpStart + TCP_DATA_OFFSET_OFFSET) & 0xF0) >>> 4) * 4;
        if (headerLength < TCP_MIN_HEADER_LENGTH || tcpStart + headerLength > capturedEnd)
        {
            return TRUNCATED_HEADERS;
        }
        segment.sourcePort = buffer.getShort(tcpStart) & 0xFFFF;
        segment.destinationPort = buffer.getShort(tcpStart + 2) & 0xFFFF;
        segment.sequence = buffer.getInt(tcpStart + TCP_SEQUENCE_OFFSET);
        segment.acknowledgment = buffer.getInt(tcpStart + TCP_ACK_OFFSET);
        segment.flags = buffer.get(tcpStart + TCP_FLAGS_OFFSET) & 0xFF;
        segment.buffer = buffer;
        final int payloadStart = tcpStart + headerLength;
        final int wireLength = Math.max(0, ipEnd - payloadStart);
        final int presentLength = Math.max(0, Math.min(ipEnd, capturedEnd) - payloadStart);
        segment.payloadOffset = payloadStart;
        segment.payloadLength = presentLength;
        segment.missingPayloadBytes = wireLength - presentLength;
        return TCP;
    }
}
