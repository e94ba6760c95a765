package io.kairos.latency.net;

import java.nio.ByteBuffer;

import static io.kairos.latency.net.NetworkHeadersDescriptor.*;
import static io.kairos.latency.net.TrailerDescriptor.MIN_FRAME_LENGTH;
import static io.kairos.latency.net.TrailerDescriptor.MIN_TAGGED_FRAME_LENGTH;

/**
 * Finds the bytes that follow the IP packet in a captured Ethernet frame, where a tap's trailer sits: the IP length
 * says exactly where the packet ends, and a frame shorter than the Ethernet minimum was padded before the original
 * FCS. A reusable flyweight; allocation-free. Owned by the analysis thread.
 */
public final class FrameTail
{
    private static final int MAX_VLAN_TAGS = 4;

    private int ipEnd;
    private int paddedEnd;
    private int taggedPaddedEnd;

    /**
     * @return true when the frame is Ethernet (VLAN tags allowed) with an IPv4/IPv6 packet of known length that ends
     *         inside the captured bytes; then {@link #ipEnd()} and the padded ends are set.
     */
    public boolean locate(final ByteBuffer buffer, final int offset, final int capturedLength)
    {
        final int end = offset + capturedLength;
        int position = offset + ETHERTYPE_OFFSET;
        int tags = 0;
        int ethertype = -1;
        while (position + 2 <= end)
        {
            ethertype = buffer.getShort(position) & 0xFFFF;
            position += 2;
            if (ethertype != ETHERTYPE_VLAN && ethertype != ETHERTYPE_QINQ && ethertype != ETHERTYPE_QINQ_OLD)
            {
                break;
            }
            if (++tags > MAX_VLAN_TAGS)
            {
                return false;
            }
            position += VLAN_TAG_LENGTH - 2;
        }
        final int ipLength = ipLength(buffer, ethertype, position, end);
        if (ipLength <= 0 || position + ipLength > end)
        {
            return false;
        }
        ipEnd = position + ipLength;
        paddedEnd = Math.max(ipEnd, offset + MIN_FRAME_LENGTH);
        taggedPaddedEnd = tags > 0 ? Math.max(ipEnd, offset + MIN_TAGGED_FRAME_LENGTH) : paddedEnd;
        return true;
    }

    /** IP length in bytes, or -1 when not IP, not known (0 in the header) or not captured. */
    private static int ipLength(final ByteBuffer buffer, final int ethertype, final int ipStart, final int end)
    {
        if (ethertype == ETHERTYPE_IPV4 && ipStart + IPV4_MIN_HEADER_LENGTH <= end &&
            (buffer.get(ipStart) & 0xF0) == 0x40)
        {
            final int total = buffer.getShort(ipStart + IPV4_TOTAL_LENGTH_OFFSET) & 0xFFFF;
            return total >= IPV4_MIN_HEADER_LENGTH ? total : -1;
        }
        if (ethertype == ETHERTYPE_IPV6 && ipStart + IPV6_HEADER_LENGTH <= end &&
            (buffer.get(ipStart) & 0xF0) == 0x60)
        {
            final int payload = buffer.getShort(ipStart + IPV6_PAYLOAD_LENGTH_OFFSET) & 0xFFFF;
            return payload > 0 ? IPV6_HEADER_LENGTH + payload : -1;
        }
        return -1;
    }

    /** Index of the first byte after the IP packet. */
    public int ipEnd()
    {
        return ipEnd;
    }

    /** Where the frame ends if it was padded to the 60-byte Ethernet minimum ({@link #ipEnd()} if long enough). */
    public int paddedEnd()
    {
        return paddedEnd;
    }

    /** As {@link #paddedEnd()} for a VLAN-tagged frame padded to 64 bytes; equal to it for an untagged frame. */
    public int taggedPaddedEnd()
    {
        return taggedPaddedEnd;
    }
}
