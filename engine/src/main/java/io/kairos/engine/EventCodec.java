package io.kairos.engine;

import static io.kairos.engine.CommandCodec.code;
import static io.kairos.engine.CommandCodec.enumOf;
import static io.kairos.engine.EventDescriptor.*;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Encodes and decodes the engine's events — {@link ExecutionEvent} and {@link BookEvent}, every field — for an
 * engine whose events cross a process boundary (the replicated engine's egress), in the layout
 * {@link EventDescriptor} names; an execution event ends with its two ClOrdIDs. Stateless; allocation-free.
 */
public final class EventCodec
{
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

    private EventCodec()
    {
    }

    /**
     * @return the length written at {@code offset} (room for {@link EventDescriptor#MAX_EXECUTION_EVENT_LENGTH} is
     * needed).
     */
    public static int encode(final ExecutionEvent e, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset + EXECUTION_KIND_OFFSET, code(e.kind));
        buffer.putByte(offset + EXECUTION_CAUSE_OFFSET, code(e.cause));
        buffer.putByte(offset + EXECUTION_EXEC_TYPE_OFFSET, code(e.execType));
        buffer.putByte(offset + EXECUTION_ORD_STATUS_OFFSET, code(e.ordStatus));
        buffer.putByte(offset + EXECUTION_REJECT_REASON_OFFSET, code(e.rejectReason));
        buffer.putByte(offset + EXECUTION_SIDE_OFFSET, code(e.side));
        buffer.putByte(offset + EXECUTION_ORDER_TYPE_OFFSET, code(e.orderType));
        buffer.putByte(offset + EXECUTION_TIF_OFFSET, code(e.timeInForce));
        buffer.putByte(offset + EXECUTION_CXL_REJ_RESPONSE_TO_OFFSET, code(e.cxlRejResponseTo));
        buffer.putByte(offset + EXECUTION_RECOVERED_OFFSET, e.recovered ? RECOVERED : 0);
        buffer.putByte(offset + EXECUTION_CL_ORD_ID_LENGTH_OFFSET, (byte)e.clOrdId.length());
        buffer.putByte(offset + EXECUTION_ORIG_CL_ORD_ID_LENGTH_OFFSET, (byte)e.origClOrdId.length());
        buffer.putInt(offset + EXECUTION_SESSION_ID_OFFSET, e.sessionId);
        buffer.putInt(offset + EXECUTION_PARTITION_OFFSET, e.partition);
        buffer.putInt(offset + EXECUTION_INSTRUMENT_ID_OFFSET, e.instrumentId);
        buffer.putInt(offset + EXECUTION_AFFECTED_ORDERS_OFFSET, e.affectedOrders);
        buffer.putInt(offset + EXECUTION_PADDING_OFFSET, 0); // written, so that equal events have equal bytes
        buffer.putLong(offset + EXECUTION_CORRELATION_ID_OFFSET, e.correlationId);
        buffer.putLong(offset + EXECUTION_ORDER_ID_OFFSET, e.orderId);
        buffer.putLong(offset + EXECUTION_EXEC_ID_OFFSET, e.execId);
        buffer.putLong(offset + EXECUTION_PRICE_OFFSET, e.price);
        buffer.putLong(offset + EXECUTION_ORDER_QTY_OFFSET, e.orderQty);
        buffer.putLong(offset + EXECUTION_CUM_QTY_OFFSET, e.cumQty);
        buffer.putLong(offset + EXECUTION_LEAVES_QTY_OFFSET, e.leavesQty);
        buffer.putLong(offset + EXECUTION_AVG_PX_OFFSET, e.avgPx);
        buffer.putLong(offset + EXECUTION_LAST_PX_OFFSET, e.lastPx);
        buffer.putLong(offset + EXECUTION_LAST_QTY_OFFSET, e.lastQty);
        buffer.putLong(offset + EXECUTION_CONTRA_ORDER_ID_OFFSET, e.contraOrderId);
        buffer.putLong(offset + EXECUTION_TRANSACT_TIME_OFFSET, e.transactTimeNs);
        buffer.putLong(offset + EXECUTION_GATEWAY_IN_OFFSET, e.gatewayInNs);
        buffer.putLong(offset + EXECUTION_ENGINE_IN_OFFSET, e.engineInNs);
        buffer.putLong(offset + EXECUTION_MATCH_START_OFFSET, e.matchStartNs);
        buffer.putLong(offset + EXECUTION_ENGINE_OUT_OFFSET, e.engineOutNs);
        buffer.putLong(offset + EXECUTION_JOURNAL_INDEX_OFFSET, e.journalIndex);
        final int clLength = e.clOrdId.getBytes(buffer, offset + EXECUTION_IDS_OFFSET);
        final int origLength = e.origClOrdId.getBytes(buffer, offset + EXECUTION_IDS_OFFSET + clLength);
        return EXECUTION_IDS_OFFSET + clLength + origLength;
    }

    /**
     * Decodes into {@code e} (every field set). @return the length read, or -1 when the {@code available} bytes hold
     * no valid event (too short, an unknown code).
     */
    public static int decode(final DirectBuffer buffer, final int offset, final int available, final ExecutionEvent e)
    {
        if (available < EXECUTION_IDS_OFFSET)
        {
            return -1;
        }
        final int clLength = buffer.getByte(offset + EXECUTION_CL_ORD_ID_LENGTH_OFFSET) & 0xFF;
        final int origLength = buffer.getByte(offset + EXECUTION_ORIG_CL_ORD_ID_LENGTH_OFFSET) & 0xFF;
        final int length = EXECUTION_IDS_OFFSET + clLength + origLength;
        final ExecutionEvent.Kind kind = enumOf(KINDS, buffer.getByte(offset + EXECUTION_KIND_OFFSET));
        final RejectReason reason = enumOf(REASONS, buffer.getByte(offset + EXECUTION_REJECT_REASON_OFFSET));
        if (length > available || clLength > AsciiId.MAX_LENGTH || origLength > AsciiId.MAX_LENGTH || kind == null ||
            reason == null)
        {
            return -1;
        }
        e.kind = kind;
        e.cause = enumOf(CAUSES, buffer.getByte(offset + EXECUTION_CAUSE_OFFSET));
        e.execType = enumOf(EXEC_TYPES, buffer.getByte(offset + EXECUTION_EXEC_TYPE_OFFSET));
        e.ordStatus = enumOf(STATUSES, buffer.getByte(offset + EXECUTION_ORD_STATUS_OFFSET));
        e.rejectReason = reason;
        e.side = enumOf(SIDES, buffer.getByte(offset + EXECUTION_SIDE_OFFSET));
        e.orderType = enumOf(ORDER_TYPES, buffer.getByte(offset + EXECUTION_ORDER_TYPE_OFFSET));
        e.timeInForce = enumOf(TIFS, buffer.getByte(offset + EXECUTION_TIF_OFFSET));
        e.cxlRejResponseTo = enumOf(CAUSES, buffer.getByte(offset + EXECUTION_CXL_REJ_RESPONSE_TO_OFFSET));
        e.recovered = buffer.getByte(offset + EXECUTION_RECOVERED_OFFSET) == RECOVERED;
        e.sessionId = buffer.getInt(offset + EXECUTION_SESSION_ID_OFFSET);
        e.partition = buffer.getInt(offset + EXECUTION_PARTITION_OFFSET);
        e.instrumentId = buffer.getInt(offset + EXECUTION_INSTRUMENT_ID_OFFSET);
        e.affectedOrders = buffer.getInt(offset + EXECUTION_AFFECTED_ORDERS_OFFSET);
        e.correlationId = buffer.getLong(offset + EXECUTION_CORRELATION_ID_OFFSET);
        e.orderId = buffer.getLong(offset + EXECUTION_ORDER_ID_OFFSET);
        e.execId = buffer.getLong(offset + EXECUTION_EXEC_ID_OFFSET);
        e.price = buffer.getLong(offset + EXECUTION_PRICE_OFFSET);
        e.orderQty = buffer.getLong(offset + EXECUTION_ORDER_QTY_OFFSET);
        e.cumQty = buffer.getLong(offset + EXECUTION_CUM_QTY_OFFSET);
        e.leavesQty = buffer.getLong(offset + EXECUTION_LEAVES_QTY_OFFSET);
        e.avgPx = buffer.getLong(offset + EXECUTION_AVG_PX_OFFSET);
        e.lastPx = buffer.getLong(offset + EXECUTION_LAST_PX_OFFSET);
        e.lastQty = buffer.getLong(offset + EXECUTION_LAST_QTY_OFFSET);
        e.contraOrderId = buffer.getLong(offset + EXECUTION_CONTRA_ORDER_ID_OFFSET);
        e.transactTimeNs = buffer.getLong(offset + EXECUTION_TRANSACT_TIME_OFFSET);
        e.gatewayInNs = buffer.getLong(offset + EXECUTION_GATEWAY_IN_OFFSET);
        e.engineInNs = buffer.getLong(offset + EXECUTION_ENGINE_IN_OFFSET);
        e.matchStartNs = buffer.getLong(offset + EXECUTION_MATCH_START_OFFSET);
        e.engineOutNs = buffer.getLong(offset + EXECUTION_ENGINE_OUT_OFFSET);
        e.journalIndex = buffer.getLong(offset + EXECUTION_JOURNAL_INDEX_OFFSET);
        e.clOrdId.set(buffer, offset + EXECUTION_IDS_OFFSET, clLength);
        e.origClOrdId.set(buffer, offset + EXECUTION_IDS_OFFSET + clLength, origLength);
        return length;
    }

    /** @return {@link EventDescriptor#BOOK_EVENT_LENGTH}, written at {@code offset}. */
    public static int encode(final BookEvent e, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset + BOOK_TYPE_OFFSET, code(e.type));
        buffer.putByte(offset + BOOK_SIDE_OFFSET, code(e.side));
        buffer.putByte(offset + BOOK_AGGRESSOR_SIDE_OFFSET, code(e.aggressorSide));
        buffer.putByte(offset + BOOK_RECOVERED_OFFSET, e.recovered ? RECOVERED : 0);
        buffer.putInt(offset + BOOK_INSTRUMENT_ID_OFFSET, e.instrumentId);
        buffer.putLong(offset + BOOK_SEQUENCE_OFFSET, e.sequence);
        buffer.putLong(offset + BOOK_ORDER_ID_OFFSET, e.orderId);
        buffer.putLong(offset + BOOK_PRICE_OFFSET, e.price);
        buffer.putLong(offset + BOOK_QUANTITY_OFFSET, e.quantity);
        buffer.putLong(offset + BOOK_TRADE_QUANTITY_OFFSET, e.tradeQuantity);
        buffer.putLong(offset + BOOK_AGGRESSOR_ORDER_ID_OFFSET, e.aggressorOrderId);
        buffer.putLong(offset + BOOK_EXEC_ID_OFFSET, e.execId);
        buffer.putLong(offset + BOOK_ENGINE_IN_OFFSET, e.engineInNs);
        buffer.putLong(offset + BOOK_MATCH_START_OFFSET, e.matchStartNs);
        buffer.putLong(offset + BOOK_ENGINE_OUT_OFFSET, e.engineOutNs);
        buffer.putLong(offset + BOOK_TRADING_STATUS_OFFSET, 0);
        buffer.putByte(offset + BOOK_TRADING_STATUS_OFFSET, code(e.tradingStatus));
        return BOOK_EVENT_LENGTH;
    }

    /**
     * Decodes into {@code e} (every field set). @return {@link EventDescriptor#BOOK_EVENT_LENGTH}, or -1 when not a
     * book event.
     */
    public static int decode(final DirectBuffer buffer, final int offset, final int available, final BookEvent e)
    {
        final BookEvent.Type type =
            available < BOOK_EVENT_LENGTH ? null : enumOf(BOOK_TYPES, buffer.getByte(offset + BOOK_TYPE_OFFSET));
        if (type == null)
        {
            return -1;
        }
        e.type = type;
        e.side = enumOf(SIDES, buffer.getByte(offset + BOOK_SIDE_OFFSET));
        e.aggressorSide = enumOf(SIDES, buffer.getByte(offset + BOOK_AGGRESSOR_SIDE_OFFSET));
        e.tradingStatus = enumOf(TRADING_STATUSES, buffer.getByte(offset + BOOK_TRADING_STATUS_OFFSET));
        e.recovered = buffer.getByte(offset + BOOK_RECOVERED_OFFSET) == RECOVERED;
        e.instrumentId = buffer.getInt(offset + BOOK_INSTRUMENT_ID_OFFSET);
        e.sequence = buffer.getLong(offset + BOOK_SEQUENCE_OFFSET);
        e.orderId = buffer.getLong(offset + BOOK_ORDER_ID_OFFSET);
        e.price = buffer.getLong(offset + BOOK_PRICE_OFFSET);
        e.quantity = buffer.getLong(offset + BOOK_QUANTITY_OFFSET);
        e.tradeQuantity = buffer.getLong(offset + BOOK_TRADE_QUANTITY_OFFSET);
        e.aggressorOrderId = buffer.getLong(offset + BOOK_AGGRESSOR_ORDER_ID_OFFSET);
        e.execId = buffer.getLong(offset + BOOK_EXEC_ID_OFFSET);
        e.engineInNs = buffer.getLong(offset + BOOK_ENGINE_IN_OFFSET);
        e.matchStartNs = buffer.getLong(offset + BOOK_MATCH_START_OFFSET);
        e.engineOutNs = buffer.getLong(offset + BOOK_ENGINE_OUT_OFFSET);
        return BOOK_EVENT_LENGTH;
    }
}
