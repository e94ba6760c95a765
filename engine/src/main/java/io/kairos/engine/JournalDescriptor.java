package io.kairos.engine;

/**
 * Layout of the command journal. The journal directory ({@code journal.dir}) holds one sub-directory per partition,
 * {@code p<partition>} (with the partition's lock file, {@code partition.lock}). A partition's journal is a directory
 * of pre-sized, memory-mapped
 * segment files named {@code journal-<first command index, 20 digits>.dat}. Each segment holds
 * records back to back, 8-byte aligned:
 *
 * <pre>
 *   0               4               8                               16
 *   +---------------+---------------+-------------------------------+-----------------------+
 *   | length (int)  | crc32c (int)  | command index (long)          | command (see below)   |
 *   +---------------+---------------+-------------------------------+-----------------------+
 *   length: whole record incl. this header, a multiple of 8; 0 = no more records (the rest of
 *           the segment is zero); -1 = end of segment, continue in the next file.
 *   crc32c: over bytes [8, length) — the index and the command. The length is written last, so a
 *           torn record has either no length or a CRC that does not match.
 *
 *   command (payload, offsets from its start):
 *   0 type  1 side  2 ordType  3 tif  4 preReject  5 clOrdId len  6 origClOrdId len  7 flags
 *   8 sessionId (int)   12 instrumentId (int)   16 correlationId (long)   24 orderId (long)
 *   32 price (long)     40 quantity (long)      48 gatewayInNs (long)     56 engineInNs (long)
 *   64 clOrdId bytes, then origClOrdId bytes, then (flag bit 1 only) minQty (long), maxFloor (long)
 *   in a TRADING_STATUS command (no order there), ordType holds its trading action and price its trading date;
 *   enum fields hold ordinal + 1 (0 = absent); flags: bit 0 = possDup (journals written before it have 0),
 *   bit 1 = the order instructions minQty and maxFloor follow the ids (absent: both 0; so records written before
 *   them read as before), bit 2 = an operator's command (clOrdId names the operator)
 * </pre>
 */
final class JournalDescriptor
{
    static final int LENGTH_OFFSET = 0;
    static final int CRC_OFFSET = 4;
    static final int INDEX_OFFSET = 8;
    static final int HEADER_LENGTH = 16;
    static final int ALIGNMENT = 8;
    static final int END_OF_SEGMENT = -1;

    static final int TYPE_OFFSET = 0;
    static final int SIDE_OFFSET = 1;
    static final int ORD_TYPE_OFFSET = 2;
    static final int TIF_OFFSET = 3;
    static final int PRE_REJECT_OFFSET = 4;
    static final int CL_ORD_ID_LENGTH_OFFSET = 5;
    static final int ORIG_CL_ORD_ID_LENGTH_OFFSET = 6;
    static final int FLAGS_OFFSET = 7;
    static final byte FLAG_POSS_DUP = 1;
    static final byte FLAG_INSTRUCTIONS = 2;
    static final byte FLAG_BY_OPERATOR = 4;
    static final int INSTRUCTIONS_LENGTH = 16;
    static final int SESSION_ID_OFFSET = 8;
    static final int INSTRUMENT_ID_OFFSET = 12;
    static final int CORRELATION_ID_OFFSET = 16;
    static final int ORDER_ID_OFFSET = 24;
    static final int PRICE_OFFSET = 32;
    static final int QUANTITY_OFFSET = 40;
    static final int GATEWAY_IN_OFFSET = 48;
    static final int ENGINE_IN_OFFSET = 56;
    static final int IDS_OFFSET = 64;

    static final int MAX_PAYLOAD_LENGTH = IDS_OFFSET + 2 * AsciiId.MAX_LENGTH + INSTRUCTIONS_LENGTH;
    static final int MAX_RECORD_LENGTH = align(HEADER_LENGTH + MAX_PAYLOAD_LENGTH);

    static final String PARTITION_DIR_PREFIX = "p";
    static final String LOCK_FILE = "partition.lock";
    static final String SEGMENT_PREFIX = "journal-";
    static final String SEGMENT_SUFFIX = ".dat";

    private JournalDescriptor()
    {
    }

    static int align(final int length)
    {
        return (length + ALIGNMENT - 1) & -ALIGNMENT;
    }

    static String segmentName(final long firstIndex)
    {
        return String.format("%s%020d%s", SEGMENT_PREFIX, firstIndex, SEGMENT_SUFFIX);
    }

    /** @return the first command index encoded in a segment file name, or -1 if it is not a segment. */
    static long firstIndexOf(final String fileName)
    {
        if (!fileName.startsWith(SEGMENT_PREFIX) || !fileName.endsWith(SEGMENT_SUFFIX))
        {
            return -1;
        }
        try
        {
            return Long.parseLong(
                fileName.substring(SEGMENT_PREFIX.length(), fileName.length() - SEGMENT_SUFFIX.length()));
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }
}
