package io.kairos.engine;

/**
 * Layout of the engine's events as {@link EventCodec} writes them: the replicated engine's egress carries these bytes
 * and {@link EventDigest} hashes them, so the offsets are a format (little-endian, Agrona's default byte order).
 *
 * <pre>
 *   execution event (offsets from its start):
 *   0 kind  1 cause  2 execType  3 ordStatus  4 rejectReason  5 side  6 ordType  7 tif
 *   8 cxlRejResponseTo  9 recovered  10 clOrdId len  11 origClOrdId len
 *   12 sessionId (int)    16 partition (int)    20 instrumentId (int)    24 affectedOrders (int)   28 (padding, 0)
 *   32 correlationId      40 orderId            48 execId                56 price
 *   64 orderQty           72 cumQty             80 leavesQty             88 avgPx
 *   96 lastPx            104 lastQty           112 contraOrderId        120 transactTimeNs
 *  128 gatewayInNs       136 engineInNs        144 matchStartNs         152 engineOutNs
 *  160 journalIndex (all longs)
 *  168 clOrdId bytes, then origClOrdId bytes
 *
 *   book event, 96 bytes:
 *   0 type  1 side  2 aggressorSide  3 recovered  4 instrumentId (int)
 *   8 sequence    16 orderId         24 price      32 quantity        40 tradeQuantity
 *  48 aggressorOrderId  56 execId    64 engineInNs  72 matchStartNs   80 engineOutNs (all longs)
 *  88 tradingStatus, then 7 bytes of padding (0)
 *
 *   enum fields hold ordinal + 1 (0 = absent); recovered: 1 = a replayed event, else 0.
 * </pre>
 *
 * Padding is written (as 0) so that equal events have equal bytes, which digests compare. Stamps the matcher takes
 * from its clock (not from the command) are the {@code TRANSACT_TIME}, {@code MATCH_START} and {@code ENGINE_OUT}
 * fields: a replay runs at another time, so the digest clears them.
 */
public final class EventDescriptor
{
    public static final int EXECUTION_KIND_OFFSET = 0;
    public static final int EXECUTION_CAUSE_OFFSET = 1;
    public static final int EXECUTION_EXEC_TYPE_OFFSET = 2;
    public static final int EXECUTION_ORD_STATUS_OFFSET = 3;
    public static final int EXECUTION_REJECT_REASON_OFFSET = 4;
    public static final int EXECUTION_SIDE_OFFSET = 5;
    public static final int EXECUTION_ORDER_TYPE_OFFSET = 6;
    public static final int EXECUTION_TIF_OFFSET = 7;
    public static final int EXECUTION_CXL_REJ_RESPONSE_TO_OFFSET = 8;
    public static final int EXECUTION_RECOVERED_OFFSET = 9;
    public static final int EXECUTION_CL_ORD_ID_LENGTH_OFFSET = 10;
    public static final int EXECUTION_ORIG_CL_ORD_ID_LENGTH_OFFSET = 11;
    public static final int EXECUTION_SESSION_ID_OFFSET = 12;
    public static final int EXECUTION_PARTITION_OFFSET = 16;
    public static final int EXECUTION_INSTRUMENT_ID_OFFSET = 20;
    public static final int EXECUTION_AFFECTED_ORDERS_OFFSET = 24;
    public static final int EXECUTION_PADDING_OFFSET = 28;
    public static final int EXECUTION_CORRELATION_ID_OFFSET = 32;
    public static final int EXECUTION_ORDER_ID_OFFSET = 40;
    public static final int EXECUTION_EXEC_ID_OFFSET = 48;
    public static final int EXECUTION_PRICE_OFFSET = 56;
    public static final int EXECUTION_ORDER_QTY_OFFSET = 64;
    public static final int EXECUTION_CUM_QTY_OFFSET = 72;
    public static final int EXECUTION_LEAVES_QTY_OFFSET = 80;
    public static final int EXECUTION_AVG_PX_OFFSET = 88;
    public static final int EXECUTION_LAST_PX_OFFSET = 96;
    public static final int EXECUTION_LAST_QTY_OFFSET = 104;
    public static final int EXECUTION_CONTRA_ORDER_ID_OFFSET = 112;
    public static final int EXECUTION_TRANSACT_TIME_OFFSET = 120;
    public static final int EXECUTION_GATEWAY_IN_OFFSET = 128;
    public static final int EXECUTION_ENGINE_IN_OFFSET = 136;
    public static final int EXECUTION_MATCH_START_OFFSET = 144;
    public static final int EXECUTION_ENGINE_OUT_OFFSET = 152;
    public static final int EXECUTION_JOURNAL_INDEX_OFFSET = 160;
    /** Where the ClOrdID's bytes start, the OrigClOrdID's right after them: the fixed part's length. */
    public static final int EXECUTION_IDS_OFFSET = 168;
    /** The longest encoded execution event: both ClOrdIDs at {@link AsciiId#MAX_LENGTH}. */
    public static final int MAX_EXECUTION_EVENT_LENGTH = EXECUTION_IDS_OFFSET + 2 * AsciiId.MAX_LENGTH;

    public static final int BOOK_TYPE_OFFSET = 0;
    public static final int BOOK_SIDE_OFFSET = 1;
    public static final int BOOK_AGGRESSOR_SIDE_OFFSET = 2;
    public static final int BOOK_RECOVERED_OFFSET = 3;
    public static final int BOOK_INSTRUMENT_ID_OFFSET = 4;
    public static final int BOOK_SEQUENCE_OFFSET = 8;
    public static final int BOOK_ORDER_ID_OFFSET = 16;
    public static final int BOOK_PRICE_OFFSET = 24;
    public static final int BOOK_QUANTITY_OFFSET = 32;
    public static final int BOOK_TRADE_QUANTITY_OFFSET = 40;
    public static final int BOOK_AGGRESSOR_ORDER_ID_OFFSET = 48;
    public static final int BOOK_EXEC_ID_OFFSET = 56;
    public static final int BOOK_ENGINE_IN_OFFSET = 64;
    public static final int BOOK_MATCH_START_OFFSET = 72;
    public static final int BOOK_ENGINE_OUT_OFFSET = 80;
    /** The trading status byte, first of a long written as 0 so that the padding after it is 0 too. */
    public static final int BOOK_TRADING_STATUS_OFFSET = 88;
    /** Bytes of an encoded book event. */
    public static final int BOOK_EVENT_LENGTH = 96;

    /** The recovered byte of a replayed event (0 otherwise). */
    public static final byte RECOVERED = 1;

    private EventDescriptor()
    {
    }
}
