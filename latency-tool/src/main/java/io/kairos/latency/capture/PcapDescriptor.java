package io.kairos.latency.capture;

/**
 * Layout of a classic libpcap file (all fields in the byte order given by the magic number).
 *
 * <pre>
 * global header (24 bytes)
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |  magic: a1b2c3d4 (us) / a1b23c4d (ns), either byte order     |  0
 * +-------------------------------+-------------------------------+
 * |         version major         |         version minor         |  4
 * +-------------------------------+-------------------------------+
 * |                   thiszone (ignored, always 0)                |  8
 * |                   sigfigs  (ignored)                          | 12
 * |                   snaplen                                     | 16
 * |  FCS bits (4)  |            link type (28 bits)               | 20
 * +---------------------------------------------------------------+
 * record header (16 bytes), then incl_len bytes of packet data
 * +---------------------------------------------------------------+
 * |                   timestamp seconds                           |  0
 * |                   timestamp micro- or nanoseconds             |  4
 * |                   incl_len (captured bytes)                   |  8
 * |                   orig_len (bytes on the wire)                | 12
 * +---------------------------------------------------------------+
 * </pre>
 * Constants only; thread-safe.
 */
public final class PcapDescriptor
{
    public static final int MAGIC_MICROS = 0xA1B2C3D4;
    public static final int MAGIC_NANOS = 0xA1B23C4D;
    public static final int MAGIC_MICROS_SWAPPED = 0xD4C3B2A1;
    public static final int MAGIC_NANOS_SWAPPED = 0x4D3CB2A1;

    public static final int GLOBAL_HEADER_LENGTH = 24;
    public static final int SNAPLEN_OFFSET = 16;
    public static final int LINK_TYPE_OFFSET = 20;
    public static final int LINK_TYPE_MASK = 0x0FFF_FFFF;

    public static final int RECORD_HEADER_LENGTH = 16;
    public static final int TS_SECONDS_OFFSET = 0;
    public static final int TS_FRACTION_OFFSET = 4;
    public static final int INCLUDED_LENGTH_OFFSET = 8;
    public static final int ORIGINAL_LENGTH_OFFSET = 12;

    /** Largest record we accept when the snaplen in the header is smaller or bogus (tcpdump's maximum). */
    public static final int MAX_RECORD_LENGTH = 262_144;

    private PcapDescriptor()
    {
    }
}
