package io.kairos.latency.capture;

/**
 * Layout of a pcapng file: a sequence of blocks, each 32-bit aligned, in the byte order of its section.
 *
 * <pre>
 * generic block
 * +---------------------------------------------------------------+
 * |                        block type                             |  0
 * |                        block total length (incl. both copies) |  4
 * /                        block body (padded to 32 bits)         /  8
 * |                        block total length (repeated)          | -4
 * +---------------------------------------------------------------+
 * section header block (type 0a0d0d0a, palindromic)
 * |  byte-order magic 1a2b3c4d  | major(2) | minor(2) | section length (8) | options |
 * interface description block (type 1)
 * |  link type (2) | reserved (2) | snaplen (4) | options: if_tsresol (9, 1 byte), if_tsoffset (14, 8 bytes),
 *                                                   if_hardware (15, UTF-8 text) |
 * enhanced packet block (type 6)
 * |  interface id (4) | ts high (4) | ts low (4) | captured len (4) | original len (4) | data | options |
 * simple packet block (type 3): | original len (4) | data |   (interface 0, no timestamp)
 * obsolete packet block (type 2)
 * |  interface id (2) | drops (2) | ts high (4) | ts low (4) | captured len (4) | original len (4) | data |
 * option: | code (2) | length (2) | value padded to 32 bits |, code 0 ends the list
 * </pre>
 * Constants only; thread-safe.
 */
public final class PcapngDescriptor
{
    public static final int SECTION_HEADER_BLOCK = 0x0A0D0D0A;
    public static final int INTERFACE_DESCRIPTION_BLOCK = 1;
    public static final int OBSOLETE_PACKET_BLOCK = 2;
    public static final int SIMPLE_PACKET_BLOCK = 3;
    public static final int NAME_RESOLUTION_BLOCK = 4;
    public static final int INTERFACE_STATISTICS_BLOCK = 5;
    public static final int ENHANCED_PACKET_BLOCK = 6;

    public static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    public static final int BLOCK_HEADER_LENGTH = 8;
    public static final int BLOCK_TRAILER_LENGTH = 4;
    public static final int MIN_BLOCK_LENGTH = 12;
    public static final int SHB_BYTE_ORDER_OFFSET = 8;
    public static final int SHB_OPTIONS_OFFSET = 24;

    public static final int IDB_LINK_TYPE_OFFSET = 8;
    public static final int IDB_SNAPLEN_OFFSET = 12;
    public static final int IDB_OPTIONS_OFFSET = 16;
    public static final int OPTION_END = 0;
    public static final int OPTION_IF_TSRESOL = 9;
    public static final int OPTION_IF_TSOFFSET = 14;
    /** Free text describing the interface's hardware; the format has no option saying who took the stamps. */
    public static final int OPTION_IF_HARDWARE = 15;

    public static final int EPB_INTERFACE_OFFSET = 8;
    public static final int EPB_TS_HIGH_OFFSET = 12;
    public static final int EPB_TS_LOW_OFFSET = 16;
    public static final int EPB_CAPTURED_LENGTH_OFFSET = 20;
    public static final int EPB_ORIGINAL_LENGTH_OFFSET = 24;
    public static final int EPB_DATA_OFFSET = 28;

    public static final int SPB_ORIGINAL_LENGTH_OFFSET = 8;
    public static final int SPB_DATA_OFFSET = 12;

    /**
     * The obsolete packet block's interface id (2 bytes, then 2 bytes of drops); from ts high on its offsets are the
     * enhanced packet block's ({@code EPB_…}).
     */
    public static final int PB_INTERFACE_OFFSET = 8;

    /** Blocks larger than this are treated as corrupt (a packet block never needs more). */
    public static final int MAX_BLOCK_LENGTH = 16 * 1024 * 1024;

    private PcapngDescriptor()
    {
    }
}
