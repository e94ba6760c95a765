package io.kairos.latency.net;

/**
 * Layouts of the hardware-timestamp trailers that taps and layer-1 switches append to an Ethernet frame, after the
 * frame's original FCS (all fields big-endian). The capturing NIC may or may not keep the new FCS that follows.
 * Sources: the published layouts as Wireshark dissects them ({@code epan/dissectors/packet-metamako.c},
 * {@code packet-exablaze.c}) and ntop PF_RING's {@code pfring_hw_timestamp.h} (MetaWatch).
 *
 * <pre>
 * Metamako / Arista 7130 MetaWatch (16 bytes, more with extensions)
 * | frame incl. padding | original FCS (4) | extensions: N words, when flags &amp; 0x02 |
 * | seconds (4) | nanoseconds (4) | flags (1) | device id (2) | port id (1) | [new FCS (4)] |
 *   flags: 0x01 original FCS valid, 0x02 extensions present, 0x04 duplicate, 0x10 timestamp degraded
 *   extension word, read backwards from the seconds: tag = bits 0-4, last = bit 5, data words = bits 6-7
 *   (tag 31, a secondary tag: bits 6-15, plus 1); its data words come before it
 *
 * Exablaze / Cisco Nexus 3550 (ExaLINK Fusion) (16 bytes)
 * | frame incl. padding | original FCS (4) | device id (1) | port (1) | seconds (4) |
 * | fraction of the second in units of 2^-40 s (5) | reserved (1) | [new FCS (4)] |
 * </pre>
 * Constants only; thread-safe.
 */
public final class TrailerDescriptor
{
    public static final int FCS_LENGTH = 4;
    /** Shortest Ethernet frame without its FCS: shorter frames are padded to it (to 64 bytes by some VLAN bridges). */
    public static final int MIN_FRAME_LENGTH = 60;
    public static final int MIN_TAGGED_FRAME_LENGTH = 64;

    public static final int METAMAKO_LENGTH = 16;
    /** Offsets back from the end of the trailer (before any new FCS). */
    public static final int METAMAKO_SECONDS_FROM_END = 12;
    public static final int METAMAKO_NANOSECONDS_FROM_END = 8;
    public static final int METAMAKO_FLAGS_FROM_END = 4;
    public static final int METAMAKO_FLAG_EXTENSIONS = 0x02;
    public static final int METAMAKO_TAG_MASK = 0x1F;
    public static final int METAMAKO_TAG_SECONDARY = 0x1F;
    public static final int METAMAKO_LAST_TAG_BIT = 5;
    public static final int METAMAKO_WORDS_SHIFT = 6;
    public static final int METAMAKO_WORDS_MASK = 0x3;
    public static final int METAMAKO_SECONDARY_WORDS_MASK = 0x3FF;

    public static final int EXABLAZE_LENGTH = 16;
    public static final int EXABLAZE_DEVICE_OFFSET = 4;
    public static final int EXABLAZE_PORT_OFFSET = 5;
    public static final int EXABLAZE_SECONDS_OFFSET = 6;
    public static final int EXABLAZE_FRACTION_OFFSET = 10;
    public static final int EXABLAZE_FRACTION_BITS = 40;

    private TrailerDescriptor()
    {
    }
}
