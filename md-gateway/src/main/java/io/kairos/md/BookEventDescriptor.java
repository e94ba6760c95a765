package io.kairos.md;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.kairos.engine.TradingStatus;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Binary layout of one {@link BookEvent} in the gateway's inbound ring (written by engine matcher
 * threads, read by the gateway's event loop). Little-endian, 96 bytes:
 * <pre>
 *   0               4     5     6     7     8
 *   +---------------+-----+-----+-----+-----+
 *   | instrumentId  |type |side |aggr |recov|      type: BookEvent.Type ordinal
 *   +---------------+-----+-----+-----+-----+      side/aggr: 1 buy, 2 sell, 0 none
 *   |           sequence (long)             |  8
 *   |           orderId                     | 16
 *   |           price (fixed-point)         | 24
 *   |           quantity (resting)          | 32
 *   |           tradeQuantity               | 40
 *   |           aggressorOrderId            | 48
 *   |           execId                      | 56
 *   |           engineInNs (epoch ns)       | 64
 *   |           engineOutNs (epoch ns)      | 72
 *   |           enqueuedNanoTime (nanoTime) | 80
 *   |status |        (padding)              | 88   status: TradingStatus ordinal + 1 (STATUS events), else 0
 *   +---------------------------------------+ 96
 * </pre>
 * Stateless.
 */
final class BookEventDescriptor
{
    static final int MSG_TYPE_ID = 1;
    static final int INSTRUMENT_ID = 0;
    static final int TYPE = 4;
    static final int SIDE = 5;
    static final int AGGRESSOR_SIDE = 6;
    static final int RECOVERED = 7;
    static final int SEQUENCE = 8;
    static final int ORDER_ID = 16;
    static final int PRICE = 24;
    static final int QUANTITY = 32;
    static final int TRADE_QUANTITY = 40;
    static final int AGGRESSOR_ORDER_ID = 48;
    static final int EXEC_ID = 56;
    static final int ENGINE_IN_NS = 64;
    static final int ENGINE_OUT_NS = 72;
    static final int ENQUEUED_NANO_TIME = 80;
    static final int TRADING_STATUS = 88;
    static final int LENGTH = 96;

    private static final BookEvent.Type[] TYPES = BookEvent.Type.values();
    private static final TradingStatus[] TRADING_STATUSES = TradingStatus.values();

    private BookEventDescriptor()
    {
    }

    static void write(final MutableDirectBuffer buffer, final int offset, final BookEvent event, final long nanoTime)
    {
        buffer.putInt(offset + INSTRUMENT_ID, event.instrumentId);
        buffer.putByte(offset + TYPE, (byte)event.type.ordinal());
        buffer.putByte(offset + SIDE, sideCode(event.side));
        buffer.putByte(offset + AGGRESSOR_SIDE, sideCode(event.aggressorSide));
        buffer.putByte(offset + RECOVERED, (byte)(event.recovered ? 1 : 0));
        buffer.putLong(offset + SEQUENCE, event.sequence);
        buffer.putLong(offset + ORDER_ID, event.orderId);
        buffer.putLong(offset + PRICE, event.price);
        buffer.putLong(offset + QUANTITY, event.quantity);
        buffer.putLong(offset + TRADE_QUANTITY, event.tradeQuantity);
        buffer.putLong(offset + AGGRESSOR_ORDER_ID, event.aggressorOrderId);
        buffer.putLong(offset + EXEC_ID, event.execId);
        buffer.putLong(offset + ENGINE_IN_NS, event.engineInNs);
        buffer.putLong(offset + ENGINE_OUT_NS, event.engineOutNs);
        buffer.putLong(offset + ENQUEUED_NANO_TIME, nanoTime);
        buffer.putLong(offset + TRADING_STATUS, 0);
        buffer.putByte(offset + TRADING_STATUS,
            (byte)(event.tradingStatus == null ? 0 : event.tradingStatus.ordinal() + 1));
    }

    static void read(final DirectBuffer buffer, final int offset, final BookUpdate update)
    {
        update.instrumentId = buffer.getInt(offset + INSTRUMENT_ID);
        update.type = TYPES[buffer.getByte(offset + TYPE)];
        update.side = side(buffer.getByte(offset + SIDE));
        update.aggressorSide = side(buffer.getByte(offset + AGGRESSOR_SIDE));
        update.recovered = buffer.getByte(offset + RECOVERED) != 0;
        update.sequence = buffer.getLong(offset + SEQUENCE);
        update.orderId = buffer.getLong(offset + ORDER_ID);
        update.price = buffer.getLong(offset + PRICE);
        update.quantity = buffer.getLong(offset + QUANTITY);
        update.tradeQuantity = buffer.getLong(offset + TRADE_QUANTITY);
        update.aggressorOrderId = buffer.getLong(offset + AGGRESSOR_ORDER_ID);
        update.execId = buffer.getLong(offset + EXEC_ID);
        update.engineInNs = buffer.getLong(offset + ENGINE_IN_NS);
        update.engineOutNs = buffer.getLong(offset + ENGINE_OUT_NS);
        update.enqueuedNanoTime = buffer.getLong(offset + ENQUEUED_NANO_TIME);
        final int status = buffer.getByte(offset + TRADING_STATUS) - 1;
        update.tradingStatus = status >= 0 && status < TRADING_STATUSES.length ? TRADING_STATUSES[status] : null;
    }

    private static byte sideCode(final Side side)
    {
        return side == null ? 0 : (byte)(side.ordinal() + 1);
    }

    private static Side side(final byte code)
    {
        return code == 1 ? Side.BUY : code == 2 ? Side.SELL : null;
    }
}
