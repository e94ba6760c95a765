package io.kairos.latency.net;

/**
 * Offsets of the link, network and transport headers the tool decodes (all multi-byte fields big-endian unless
 * noted).
 *
 * <pre>
 * Ethernet (LINKTYPE_ETHERNET 1)
 * | dst MAC (6) | src MAC (6) | ethertype (2) | ...      ethertype 8100/88a8/9100 = VLAN tag:
 *                                                       | TCI (2) | inner ethertype (2) |, repeated for QinQ
 * Linux cooked v1 (LINKTYPE_LINUX_SLL 113)
 * | packet type (2) | ARPHRD (2) | addr len (2) | addr (8) | protocol (2) |          16 bytes
 * Linux cooked v2 (LINKTYPE_LINUX_SLL2 276)
 * | protocol (2) | reserved (2) | if index (4) | ARPHRD (2) | pkt type (1) | addr len (1) | addr (8) |  20 bytes
 * BSD loopback (LINKTYPE_NULL 0: family in the capturing host's byte order; LINKTYPE_LOOP 108: big-endian)
 * | address family (4) |        2 = IPv4; 24, 28, 30 = IPv6 (NetBSD/OpenBSD, FreeBSD, macOS)
 * Raw IP (LINKTYPE_RAW 101, DLT_RAW 12/14, LINKTYPE_IPV4 228, LINKTYPE_IPV6 229): the IP header at byte 0
 *
 * IPv4
 * | ver/IHL (1) | DSCP (1) | total length (2) | id (2) | flags/fragment offset (2) | TTL (1) | protocol (1) |
 * | checksum (2) | src (4) | dst (4) | options (IHL*4 - 20) |
 * IPv6
 * | ver/class/flow (4) | payload length (2) | next header (1) | hop limit (1) | src (16) | dst (16) |
 * extension headers 0 (hop-by-hop), 43 (routing), 60 (destination): | next (1) | len in 8 bytes - 1 (1) | ... |
 * fragment header 44: 8 bytes
 * TCP
 * | src port (2) | dst port (2) | sequence (4) | acknowledgment (4) | offset/flags (2) | window (2) | ...
 *   data offset = high 4 bits of byte 12, in 32-bit words; flags in byte 13: FIN 01 SYN 02 RST 04 ACK 10
 * </pre>
 * Constants only; thread-safe.
 */
public final class NetworkHeadersDescriptor
{
    public static final int LINKTYPE_NULL = 0;
    public static final int LINKTYPE_ETHERNET = 1;
    public static final int DLT_RAW_12 = 12;
    public static final int DLT_RAW_14 = 14;
    public static final int LINKTYPE_RAW = 101;
    public static final int LINKTYPE_LOOP = 108;
    public static final int LINKTYPE_LINUX_SLL = 113;
    public static final int LINKTYPE_IPV4 = 228;
    public static final int LINKTYPE_IPV6 = 229;
    public static final int LINKTYPE_LINUX_SLL2 = 276;

    public static final int ETHERNET_HEADER_LENGTH = 14;
    public static final int ETHERTYPE_OFFSET = 12;
    public static final int ETHERTYPE_IPV4 = 0x0800;
    public static final int ETHERTYPE_IPV6 = 0x86DD;
    public static final int ETHERTYPE_VLAN = 0x8100;
    public static final int ETHERTYPE_QINQ = 0x88A8;
    public static final int ETHERTYPE_QINQ_OLD = 0x9100;
    public static final int VLAN_TAG_LENGTH = 4;

    public static final int SLL_HEADER_LENGTH = 16;
    public static final int SLL_PROTOCOL_OFFSET = 14;
    public static final int SLL2_HEADER_LENGTH = 20;
    public static final int SLL2_PROTOCOL_OFFSET = 0;
    public static final int NULL_HEADER_LENGTH = 4;
    public static final int AF_INET = 2;
    public static final int AF_INET6_BSD = 24;
    public static final int AF_INET6_FREEBSD = 28;
    public static final int AF_INET6_DARWIN = 30;

    public static final int IPV4_MIN_HEADER_LENGTH = 20;
    public static final int IPV4_TOTAL_LENGTH_OFFSET = 2;
    public static final int IPV4_FRAGMENT_OFFSET = 6;
    public static final int IPV4_PROTOCOL_OFFSET = 9;
    public static final int IPV4_SRC_OFFSET = 12;
    public static final int IPV4_DST_OFFSET = 16;
    public static final int IPV6_HEADER_LENGTH = 40;
    public static final int IPV6_PAYLOAD_LENGTH_OFFSET = 4;
    public static final int IPV6_NEXT_HEADER_OFFSET = 6;
    public static final int IPV6_SRC_OFFSET = 8;
    public static final int IPV6_DST_OFFSET = 24;
    public static final int IPV6_HOP_BY_HOP = 0;
    public static final int IPV6_ROUTING = 43;
    public static final int IPV6_FRAGMENT = 44;
    public static final int IPV6_DESTINATION = 60;
    public static final int PROTOCOL_TCP = 6;

    public static final int TCP_MIN_HEADER_LENGTH = 20;
    public static final int TCP_SEQUENCE_OFFSET = 4;
    public static final int TCP_ACK_OFFSET = 8;
    public static final int TCP_DATA_OFFSET_OFFSET = 12;
    public static final int TCP_FLAGS_OFFSET = 13;
    public static final int TCP_FIN = 0x01;
    public static final int TCP_SYN = 0x02;
    public static final int TCP_RST = 0x04;
    public static final int TCP_ACK = 0x10;

    private NetworkHeadersDescriptor()
    {
    }
}
