package io.kairos.engine;

import static io.kairos.engine.CommandCodec.code;
import static io.kairos.engine.CommandCodec.enumOf;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Encodes and decodes the engine's events — {@link ExecutionEvent} and {@link BookEvent}, every field — for an
 * engine whose events cross a process boundary (the replicated engine's egress). Fixed-offset little-endian layouts
 * (Agrona's default byte order); an execution event ends with its two ClOrdIDs. Stateless; allocation-free.
 */
public final class EventCodec
{
    /** Bytes of an encoded book event. */
    public static final int BOOK_EVENT_LENGTH = 96;
    /** The longest encoded execution event: both ClOrdIDs at {@link AsciiId#MAX_LENGTH}. */
    public static final int MAX_EXECUTION_EVENT_LENGTH = 168 + 2 * AsciiId.MAX_LENGTH;

    /** Offsets in an encoded execution event of the stamps the matcher takes from its clock (not from the command). */
    public static final int EXECUTION_TRANSACT_TIME_OFFSET = 120;
    public static final int EXECUTION_MATCH_START_OFFSET = 144;
    public static final int EXECUTION_ENGINE_OUT_OFFSET = 152;
    /** Offsets in an encoded book event of the stamps the matcher takes from its clock. */
    public static final int BOOK_MATCH_START_OFFSET = 72;
    public static final int BOOK_ENGINE_OUT_OFFSET = 80;

    private static final ExecutionEvent.Kind[] KINDS = ExecutionEvent.Kind.values();
    private static final CommandType[] CAUSES = CommandType.values();
    private static final ExecType[] EXEC_TYPES = ExecType.values();
    private static final OrdStatus[] STATUSES = OrdStatus.values();
    private static final RejectReason[] REASONS = RejectReason.values();
    private static final Side[] SIDES = Side.values();
    private static final OrderType[] ORDER_TYPES = OrderType.values();
    private static final TimeInForce[] TIFS = TimeInForce.values();
    private static final BookEvent.Type[] BOOK_TYPES = BookEvent.Type.values();
    private static final TradingStatus[] TRADING_STATUSES = TradingStatus.values();
    private static final int BOOK_TRADING_STATUS_OFFSET = 88;
    private static final byte RECOVERED = 1;

    private EventCodec()
    {
    }

    /** @return the length written at {@code offset} (room for {@link #MAX_EXECUTION_EVENT_LENGTH} is needed). */
    public static int encode(final ExecutionEvent e, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset, code(e.kind));
        buffer.putByte(offset + 1, code(e.cause));
        buffer.putByte(offset + 2, code(e.execType));
        buffer.putByte(offset + 3, code(e.ordStatus));
        buffer.putByte(offset + 4, code(e.rejectReason));
        buffer.putByte(offset + 5, code(e.side));
        buffer.putByte(offset + 6, code(e.orderType));
        buffer.putByte(offset + 7, code(e.timeInForce));
        buffer.putByte(offset + 8, code(e.cxlRejResponseTo));
        buffer.putByte(offset + 9, e.recovered ? RECOVERED : 0);
        buffer.putByte(offset + 10, (byte)e.clOrdId.length());
        buffer.putByte(offset + 11, (byte)e.origClOrdId.length());
        buffer.putInt(offset + 12, e.sessionId);
        buffer.putInt(offset + 16, e.partition);
        buffer.putInt(offset + 20, e.instrumentId);
        buffer.putInt(offset + 24, e.affectedOrders);
        buffer.putInt(offset + 28, 0); // padding: written, so that equal events have equal bytes (digests)
        buffer.putLong(offset + 32, e.correlationId);
        buffer.putLong(offset + 40, e.orderId);
        buffer.putLong(offset + 48, e.execId);
        buffer.putLong(offset + 56, e.price);
        buffer.putLong(offset + 64, e.orderQty);
        buffer.putLong(offset + 72, e.cumQty);
        buffer.putLong(offset + 80, e.leavesQty);
        buffer.putLong(offset + 88, e.avgPx);
        buffer.putLong(offset + 96, e.lastPx);
        buffer.putLong(offset + 104, e.lastQty);
        buffer.putLong(offset + 112, e.contraOrderId);
        buffer.putLong(offset + EXECUTION_TRANSACT_TIME_OFFSET, e.transactTimeNs);
        buffer.putLong(offset + 128, e.gatewayInNs);
        buffer.putLong(offset + 136, e.engineInNs);
        buffer.putLong(offset + EXECUTION_MATCH_START_OFFSET, e.matchStartNs);
        buffer.putLong(offset + EXECUTION_ENGINE_OUT_OFFSET, e.engineOutNs);
        buffer.putLong(offset + 160, e.journalIndex);
        final int clLength = e.clOrdId.getBytes(buffer, offset + 168);
        return 168 + clLength + e.origClOrdId.getBytes(buffer, offset + 168 + clLength);
    }

    /**
     * Decodes into {@code e} (every field set). @return the length read, or -1 when the {@code available} bytes hold
     * no valid event (too short, an unknown code).
     */
    public static int decode(final DirectBuffer buffer, final int offset, final int available, final ExecutionEvent e)
    {
        if (available < 168)
        {
            return -1;
        }
        final int clLength = buffer.getByte(offset + 10) & 0xFF;
        final int origLength = buffer.getByte(offset + 11) & 0xFF;
        final int length = 168 + clLength + origLength;
        final ExecutionEvent.Kind kind = enumOf(KINDS, buffer.getByte(offset));
        final RejectReason reason = enumOf(REASONS, buffer.getByte(offset + 4));
        if (length > available || clLength > AsciiId.MAX_LENGTH || origLength > AsciiId.MAX_LENGTH || kind == null ||
            reason == null)
        {
            return -1;
        }
        e.kind = kind;
        e.cause = enumOf(CAUSES, buffer.getByte(offset + 1));
        e.execType = enumOf(EXEC_TYPES, buffer.getByte(offset + 2));
        e.ordStatus = enumOf(STATUSES, buffer.getByte(offset + 3));
        e.rejectReason = reason;
        e.side = enumOf(SIDES, buffer.getByte(offset + 5));
        e.orderType = enumOf(ORDER_TYPES, buffer.getByte(offset + 6));
        e.timeInForce = enumOf(TIFS, buffer.getByte(offset + 7));
        e.cxlRejResponseTo = enumOf(CAUSES, buffer.getByte(offset + 8));
        e.recovered = buffer.getByte(offset + 9) == RECOVERED;
        e.sessionId = buffer.getInt(offset + 12);
        e.partition = buffer.getInt(offset + 16);
        e.instrumentId = buffer.getInt(offset + 20);
        e.affectedOrders = buffer.getInt(offset + 24);
        e.correlationId = buffer.getLong(offset + 32);
        e.orderId = buffer.getLong(offset + 40);
        e.execId = buffer.getLong(offset + 48);
        e.price = buffer.getLong(offset + 56);
        e.orderQty = buffer.getLong(offset + 64);
        e.cumQty = buffer.getLong(offset + 72);
        e.leavesQty = buffer.getLong(offset + 80);
        e.avgPx = buffer.getLong(offset + 88);
        e.lastPx = buffer.getLong(offset + 96);
        e.lastQty = buffer.getLong(offset + 104);
        e.contraOrderId = buffer.getLong(offset + 112);
        e.transactTimeNs = buffer.getLong(offset + 120);
        e.gatewayInNs = buffer.getLong(offset + 128);
        e.engineInNs = buffer.getLong(offset + 136);
        e.matchStartNs = buffer.getLong(offset + 144);
        e.engineOutNs = buffer.getLong(offset + 152);
        e.journalIndex = buffer.getLong(offset + 160);
        e.clOrdId.set(buffer, offset + 168, clLength);
        e.origClOrdId.set(buffer, offset + 168 + clLength, origLength);
        return length;
    }

    /** @return {@link #BOOK_EVENT_LENGTH}, written at {@code offset}. */
    public static int encode(final BookEvent e, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset, code(e.type));
        buffer.putByte(offset + 1, code(e.side));
        buffer.putByte(offset + 2, code(e.aggressorSide));
        buffer.putByte(offset + 3, e.recovered ? RECOVERED : 0);
        buffer.putInt(offset + 4, e.instrumentId);
        buffer.putLong(offset + 8, e.sequence);
        buffer.putLong(offset + 16, e.orderId);
        buffer.putLong(offset + 24, e.price);
        buffer.putLong(offset + 32, e.quantity);
        buffer.putLong(offset + 40, e.tradeQuantity);
        buffer.putLong(offset + 48, e.aggressorOrderId);
        buffer.putLong(offset + 56, e.execId);
        buffer.putLong(offset + 64, e.engineInNs);
        buffer.putLong(offset + BOOK_MATCH_START_OFFSET, e.matchStartNs);
        buffer.putLong(offset + BOOK_ENGINE_OUT_OFFSET, e.engineOutNs);
        buffer.putLong(offset + BOOK_TRADING_STATUS_OFFSET, 0);
        buffer.putByte(offset + BOOK_TRADING_STATUS_OFFSET, code(e.tradingStatus));
        return BOOK_EVENT_LENGTH;
    }

    /** Decodes into {@code e} (every field set). @return {@link #BOOK_EVENT_LENGTH}, or -1 when not a book event. */
    public static int decode(final DirectBuffer buffer, final int offset, final int available, final BookEvent e)
    {
        final BookEvent.Type type = available < BOOK_EVENT_LENGTH ? null : enumOf(BOOK_TYPES, buffer.getByte(offset));
        if (type == null)
        {
            return -1;
        }
        e.type = type;
        e.side = enumOf(SIDES, buffer.getByte(offset + 1));
        e.aggressorSide = enumOf(SIDES, buffer.getByte(offset + 2));
        e.tradingStatus = enumOf(TRADING_STATUSES, buffer.getByte(offset + BOOK_TRADING_STATUS_OFFSET));
        e.recovered = buffer.getByte(offset + 3) == RECOVERED;
        e.instrumentId = buffer.getInt(offset + 4);
        e.sequence = buffer.getLong(offset + 8);
        e.orderId = buffer.getLong(offset + 16);
        e.price = buffer.getLong(offset + 24);
        e.quantity = buffer.getLong(offset + 32);
        e.tradeQuantity = buffer.getLong(offset + 40);
        e.aggressorOrderId = buffer.getLong(offset + 48);
        e.execId = buffer.getLong(offset + 56);
        e.engineInNs = buffer.getLong(offset + 64);
        e.matchStartNs = buffer.getLong(offset + 72);
        e.engineOutNs = buffer.getLong(offset + 80);
        return BOOK_EVENT_LENGTH;
    }
}
