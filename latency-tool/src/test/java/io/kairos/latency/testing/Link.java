package io.kairos.latency.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.kairos.latency.net.NetworkHeadersDescriptor;

/** How test frames are wrapped below IP: link type plus its variant (VLAN tags, loopback byte order). */
public record Link(String name, int linkType, int vlanTags, boolean littleEndianFamily)
{
    public static final Link ETHERNET = new Link("ethernet", NetworkHeadersDescriptor.LINKTYPE_ETHERNET, 0, false);
    public static final Link VLAN = new Link("ethernet-vlan", NetworkHeadersDescriptor.LINKTYPE_ETHERNET, 1, false);
    public static final Link QINQ = new Link("ethernet-qinq", NetworkHeadersDescriptor.LINKTYPE_ETHERNET, 2, false);
    public static final Link SLL = new Link("linux-sll", NetworkHeadersDescriptor.LINKTYPE_LINUX_SLL, 0, false);
    public static final Link SLL2 = new Link("linux-sll2", NetworkHeadersDescriptor.LINKTYPE_LINUX_SLL2, 0, false);
    public static final Link NULL_LE = new Link("null-le", NetworkHeadersDescriptor.LINKTYPE_NULL, 0, true);
    public static final Link NULL_BE = new Link("null-be", NetworkHeadersDescriptor.LINKTYPE_NULL, 0, false);
    public static final Link LOOP = new Link("loop", NetworkHeadersDescriptor.LINKTYPE_LOOP, 0, false);
    public static final Link RAW = new Link("raw", NetworkHeadersDescriptor.LINKTYPE_RAW, 0, false);

    /** Prepends this link's header to an IP packet. */
    public byte[] wrap(final byte[] ip, final int ipVersion)
    {
        final int ethertype = ipVersion == 4 ? NetworkHeadersDescriptor.ETHERTYPE_IPV4 :
            NetworkHeadersDescriptor.ETHERTYPE_IPV6;
        final ByteBuffer out;
        switch (linkType)
        {
            case NetworkHeadersDescriptor.LINKTYPE_ETHERNET ->
            {
                out = ByteBuffer.allocate(14 + 4 * vlanTags + ip.length);
                out.put(new byte[] {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2});
                for (int i = 0; i < vlanTags; i++)
                {
                    out.putShort((short)(i == 0 && vlanTags > 1 ? NetworkHeadersDescriptor.ETHERTYPE_QINQ :
                        NetworkHeadersDescriptor.ETHERTYPE_VLAN)).putShort((short)(100 + i));
                }
                out.putShort((short)ethertype);
            }
            case NetworkHeadersDescriptor.LINKTYPE_LINUX_SLL ->
            {
                out = ByteBuffer.allocate(16 + ip.length);
                out.putShort((short)0).putShort((short)772).putShort((short)6).put(new byte[8])
                    .putShort((short)ethertype);
            }
            case NetworkHeadersDescriptor.LINKTYPE_LINUX_SLL2 ->
            {
                out = ByteBuffer.allocate(20 + ip.length);
                out.putShort((short)ethertype).putShort((short)0).putInt(1).putShort((short)772).put((byte)0)
                    .put((byte)6).put(new byte[8]);
            }
            case NetworkHeadersDescriptor.LINKTYPE_NULL, NetworkHeadersDescriptor.LINKTYPE_LOOP ->
            {
                out = ByteBuffer.allocate(4 + ip.length);
                final int family = ipVersion == 4 ? 2 : 30;
                out.order(littleEndianFamily ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN).putInt(family);
                out.order(ByteOrder.BIG_ENDIAN);
            }
            default -> out = ByteBuffer.allocate(ip.length);
        }
        out.put(ip);
        return out.array();
    }

    public String toString()
    {
        return name;
    }
}
