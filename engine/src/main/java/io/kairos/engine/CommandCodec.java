package io.kairos.engine;

import static io.kairos.engine.JournalDescriptor.*;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Encodes and decodes {@link EngineCommand}s in the journal's payload layout, which is also how a command travels to
 * a replicated engine (the cluster's ingress). Stateless; allocation-free.
 */
public final class CommandCodec
{
    /** The longest encoding: both ClOrdIDs at {@link AsciiId#MAX_LENGTH}, and the order instructions. */
    public static final int MAX_LENGTH = MAX_PAYLOAD_LENGTH;

    private static final Side[] SIDES = Side.values();
    private static final OrderType[] ORDER_TYPES = OrderType.values();
    private static final TimeInForce[] TIFS = TimeInForce.values();
    private static final RejectReason[] REASONS = RejectReason.values();
    private static final TradingAction[] TRADING_ACTIONS = TradingAction.values();

    private CommandCodec()
    {
    }

    /** @return the payload length written at {@code offset}. */
    public static int encode(final EngineCommand c, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset + TYPE_OFFSET, (byte)(c.type.ordinal() + 1));
        buffer.putByte(offset + SIDE_OFFSET, code(c.side));
        buffer.putByte(offset + ORD_TYPE_OFFSET,
            c.type == CommandType.TRADING_STATUS ? code(c.tradingAction) : code(c.orderType));
        buffer.putByte(offset + TIF_OFFSET, code(c.timeInForce));
        buffer.putByte(offset + PRE_REJECT_OFFSET, (byte)c.preReject.ordinal());
        buffer.putByte(offset + CL_ORD_ID_LENGTH_OFFSET, (byte)c.clOrdId.length());
        buffer.putByte(offset + ORIG_CL_ORD_ID_LENGTH_OFFSET, (byte)c.origClOrdId.length());
        final boolean instructions = c.minQty != 0 || c.maxFloor != 0;
        buffer.putByte(offset + FLAGS_OFFSET, (byte)((c.possDup ? FLAG_POSS_DUP : 0) |
            (instructions ? FLAG_INSTRUCTIONS : 0) | (c.byOperator ? FLAG_BY_OPERATOR : 0)));
        buffer.putInt(offset + SESSION_ID_OFFSET, c.sessionId);
        buffer.putInt(offset + INSTRUMENT_ID_OFFSET, c.instrumentId);
        buffer.putLong(offset + CORRELATION_ID_OFFSET, c.correlationId);
        buffer.putLong(offset + ORDER_ID_OFFSET, c.orderId);
        buffer.putLong(offset + PRICE_OFFSET, c.type == CommandType.TRADING_STATUS ? c.tradingDate : c.price);
        buffer.putLong(offset + QUANTITY_OFFSET, c.quantity);
        buffer.putLong(offset + GATEWAY_IN_OFFSET, c.gatewayInNs);
        buffer.putLong(offset + ENGINE_IN_OFFSET, c.engineInNs);
        final int clLength = c.clOrdId.getBytes(buffer, offset + IDS_OFFSET);
        final int origLength = c.origClOrdId.getBytes(buffer, offset + IDS_OFFSET + clLength);
        final int idsEnd = IDS_OFFSET + clLength + origLength;
        if (!instructions)
        {
            return idsEnd;
        }
        buffer.putLong(offset + idsEnd, c.minQty);
        buffer.putLong(offset + idsEnd + Long.BYTES, c.maxFloor);
        return idsEnd + INSTRUCTIONS_LENGTH;
    }

    /** @return false when the payload is not a valid command (unknown codes or lengths). */
    public static boolean decode(final DirectBuffer buffer, final int offset, final int length, final EngineCommand c)
    {
        final CommandType type = CommandType.fromOrdinal(buffer.getByte(offset + TYPE_OFFSET) - 1);
        final int clLength = buffer.getByte(offset + CL_ORD_ID_LENGTH_OFFSET) & 0xFF;
        final int origLength = buffer.getByte(offset + ORIG_CL_ORD_ID_LENGTH_OFFSET) & 0xFF;
        final int reason = buffer.getByte(offset + PRE_REJECT_OFFSET) & 0xFF;
        final byte flags = buffer.getByte(offset + FLAGS_OFFSET);
        final int idsEnd = IDS_OFFSET + clLength + origLength;
        final boolean instructions = (flags & FLAG_INSTRUCTIONS) != 0;
        if (type == null || reason >= REASONS.length || idsEnd + (instructions ? INSTRUCTIONS_LENGTH : 0) != length ||
            clLength > AsciiId.MAX_LENGTH || origLength > AsciiId.MAX_LENGTH)
        {
            return false;
        }
        c.reset();
        c.type = type;
        c.side = enumOf(SIDES, buffer.getByte(offset + SIDE_OFFSET));
        if (type == CommandType.TRADING_STATUS)
        {
            c.tradingAction = enumOf(TRADING_ACTIONS, buffer.getByte(offset + ORD_TYPE_OFFSET));
        }
        else
        {
            c.orderType = enumOf(ORDER_TYPES, buffer.getByte(offset + ORD_TYPE_OFFSET));
        }
        c.timeInForce = enumOf(TIFS, buffer.getByte(offset + TIF_OFFSET));
        c.preReject = REASONS[reason];
        c.sessionId = buffer.getInt(offset + SESSION_ID_OFFSET);
        c.instrumentId = buffer.getInt(offset + INSTRUMENT_ID_OFFSET);
        c.correlationId = buffer.getLong(offset + CORRELATION_ID_OFFSET);
        c.orderId = buffer.getLong(offset + ORDER_ID_OFFSET);
        if (type == CommandType.TRADING_STATUS)
        {
            c.tradingDate = (int)buffer.getLong(offset + PRICE_OFFSET);
        }
        else
        {
            c.price = buffer.getLong(offset + PRICE_OFFSET);
        }
        c.quantity = buffer.getLong(offset + QUANTITY_OFFSET);
        c.gatewayInNs = buffer.getLong(offset + GATEWAY_IN_OFFSET);
        c.engineInNs = buffer.getLong(offset + ENGINE_IN_OFFSET);
        c.possDup = (flags & FLAG_POSS_DUP) != 0;
        c.byOperator = (flags & FLAG_BY_OPERATOR) != 0;
        c.clOrdId.set(buffer, offset + IDS_OFFSET, clLength);
        c.origClOrdId.set(buffer, offset + IDS_OFFSET + clLength, origLength);
        if (instructions)
        {
            c.minQty = buffer.getLong(offset + idsEnd);
            c.maxFloor = buffer.getLong(offset + idsEnd + Long.BYTES);
        }
        return true;
    }

    static byte code(final Enum<?> value)
    {
        return value == null ? 0 : (byte)(value.ordinal() + 1);
    }

    static <E> E enumOf(final E[] values, final byte code)
    {
        final int index = code - 1;
        return index >= 0 && index < values.length ? values[index] : null;
    }
}
