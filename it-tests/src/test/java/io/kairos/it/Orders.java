package io.kairos.it;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import io.kairos.testsupport.MarketDataRequests;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.field.ClOrdID;
import quickfix.field.MassCancelRequestType;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.OrigClOrdID;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;

/** Builders of the client messages the tests send, and readers of the venue's answers. Stateless. */
final class Orders
{
    static final int REQUEST_TIME = 5979;
    static final int TRD_REG_TS_TIME_IN = 21002;
    static final int TRD_REG_TS_TIME_OUT = 21003;
    static final int RESPONSE_IN = 7765;

    private Orders()
    {
    }

    static Message limit(final String clOrdId, final String symbol, final char side, final long qty, final String price)
    {
        final Message m = base(MsgType.NEW_ORDER_SINGLE, clOrdId, symbol, side);
        m.setChar(OrdType.FIELD, OrdType.LIMIT);
        m.setDecimal(Price.FIELD, new BigDecimal(price));
        m.setDecimal(OrderQty.FIELD, BigDecimal.valueOf(qty));
        m.setChar(TimeInForce.FIELD, TimeInForce.DAY);
        return m;
    }

    static Message market(final String clOrdId, final String symbol, final char side, final long qty)
    {
        final Message m = base(MsgType.NEW_ORDER_SINGLE, clOrdId, symbol, side);
        m.setChar(OrdType.FIELD, OrdType.MARKET);
        m.setDecimal(OrderQty.FIELD, BigDecimal.valueOf(qty));
        m.setChar(TimeInForce.FIELD, TimeInForce.IMMEDIATE_OR_CANCEL);
        return m;
    }

    static Message cancel(final String clOrdId, final String origClOrdId, final String symbol, final char side)
    {
        final Message m = base(MsgType.ORDER_CANCEL_REQUEST, clOrdId, symbol, side);
        m.setString(OrigClOrdID.FIELD, origClOrdId);
        return m;
    }

    static Message replace(final String clOrdId, final String origClOrdId, final String symbol, final char side,
        final long qty, final String price)
    {
        final Message m = base(MsgType.ORDER_CANCEL_REPLACE_REQUEST, clOrdId, symbol, side);
        m.setString(OrigClOrdID.FIELD, origClOrdId);
        m.setChar(OrdType.FIELD, OrdType.LIMIT);
        m.setDecimal(Price.FIELD, new BigDecimal(price));
        m.setDecimal(OrderQty.FIELD, BigDecimal.valueOf(qty));
        return m;
    }

    static Message status(final String clOrdId, final String symbol, final char side)
    {
        final Message m = new Message();
        m.getHeader().setString(MsgType.FIELD, MsgType.ORDER_STATUS_REQUEST);
        m.setString(ClOrdID.FIELD, clOrdId);
        m.setString(Symbol.FIELD, symbol);
        m.setChar(Side.FIELD, side);
        return m;
    }

    static Message statusByOrderId(final String orderId, final String clOrdId, final String symbol, final char side)
    {
        final Message m = status(clOrdId, symbol, side);
        m.setString(OrderID.FIELD, orderId);
        return m;
    }

    static Message massCancelAll(final String clOrdId)
    {
        final Message m = new Message();
        m.getHeader().setString(MsgType.FIELD, MsgType.ORDER_MASS_CANCEL_REQUEST);
        m.setString(ClOrdID.FIELD, clOrdId);
        m.setChar(MassCancelRequestType.FIELD, MassCancelRequestType.CANCEL_ALL_ORDERS);
        m.setUtcTimeStamp(TransactTime.FIELD, LocalDateTime.now(ZoneOffset.UTC));
        return m;
    }

    private static Message base(final String msgType, final String clOrdId, final String symbol, final char side)
    {
        final Message m = new Message();
        m.getHeader().setString(MsgType.FIELD, msgType);
        m.setString(ClOrdID.FIELD, clOrdId);
        m.setString(Symbol.FIELD, symbol);
        m.setChar(Side.FIELD, side);
        m.setUtcTimeStamp(TransactTime.FIELD, LocalDateTime.now(ZoneOffset.UTC));
        return m;
    }

    static String str(final quickfix.FieldMap m, final int tag)
    {
        try
        {
            return m.getString(tag);
        }
        catch (final FieldNotFound ex)
        {
            throw new AssertionError("tag " + tag + " missing in " + m);
        }
    }

    static long num(final Message m, final int tag)
    {
        return new BigDecimal(str(m, tag)).longValueExact();
    }

    static BigDecimal dec(final Message m, final int tag)
    {
        return new BigDecimal(str(m, tag));
    }

    static boolean is(final quickfix.FieldMap m, final int tag, final String value)
    {
        return m.isSetField(tag) && value.equals(str(m, tag));
    }

    static String text(final Message m)
    {
        return m.toString().replace('\u0001', '|');
    }

    /** A MarketDataRequest (V) for bids, offers and trades, L2 (266=Y); set 266=N for order by order. */
    static Message subscribe(final String requestId, final String symbol, final int depth)
    {
        return subscribe(requestId, symbol, depth, 'Y', '0', '1', '2');
    }

    /** A MarketDataRequest (V) of {@code symbol}: see {@link MarketDataRequests#subscribe}. */
    static Message subscribe(final String requestId, final String symbol, final int depth, final char aggregated,
        final char... entryTypes)
    {
        return MarketDataRequests.subscribe(requestId, symbol, depth, aggregated, entryTypes);
    }
}
