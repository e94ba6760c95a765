package io.kairos.fix;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

import quickfix.Message;
import quickfix.field.ClOrdID;
import quickfix.field.MassCancelRequestType;
import quickfix.field.OrdType;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.OrigClOrdID;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;
import quickfix.fix44.OrderCancelReplaceRequest;
import quickfix.fix44.OrderCancelRequest;
import quickfix.fix44.OrderMassCancelRequest;
import quickfix.fix44.OrderStatusRequest;

/** Test-data builders for the order-entry requests, as a QuickFIX/J client sends them. Stateless. */
final class Requests
{
    static final char BUY = Side.BUY;
    static final char SELL = Side.SELL;

    private Requests()
    {
    }

    static NewOrderSingle limit(final String clOrdId, final char side, final String symbol, final double qty,
        final double price)
    {
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID(clOrdId), new Side(side), now(),
            new OrdType(OrdType.LIMIT));
        order.set(new Symbol(symbol));
        order.set(new OrderQty(qty));
        order.set(new Price(price));
        order.set(new TimeInForce(TimeInForce.DAY));
        return order;
    }

    static NewOrderSingle market(final String clOrdId, final char side, final String symbol, final double qty)
    {
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID(clOrdId), new Side(side), now(),
            new OrdType(OrdType.MARKET));
        order.set(new Symbol(symbol));
        order.set(new OrderQty(qty));
        order.set(new TimeInForce(TimeInForce.IMMEDIATE_OR_CANCEL));
        return order;
    }

    static OrderCancelRequest cancel(final String clOrdId, final String origClOrdId, final char side,
        final String symbol)
    {
        final OrderCancelRequest cancel = new OrderCancelRequest(new OrigClOrdID(origClOrdId), new ClOrdID(clOrdId),
            new Side(side), now());
        cancel.set(new Symbol(symbol));
        return cancel;
    }

    static OrderCancelReplaceRequest replace(
        final String clOrdId, final String origClOrdId, final char side, final String symbol, final double qty,
            final double price)
    {
        final OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest(
            new OrigClOrdID(origClOrdId), new ClOrdID(clOrdId), new Side(side), now(), new OrdType(OrdType.LIMIT));
        replace.set(new Symbol(symbol));
        replace.set(new OrderQty(qty));
        replace.set(new Price(price));
        return replace;
    }

    static OrderStatusRequest status(final String clOrdId, final char side, final String symbol)
    {
        final OrderStatusRequest status = new OrderStatusRequest(new ClOrdID(clOrdId), new Side(side));
        status.set(new Symbol(symbol));
        return status;
    }

    static OrderStatusRequest statusByOrderId(final String clOrdId, final String orderId, final char side,
        final String symbol)
    {
        final OrderStatusRequest status = status(clOrdId, side, symbol);
        status.set(new OrderID(orderId));
        return status;
    }

    static OrderMassCancelRequest massCancel(final String clOrdId, final char type, final String symbol)
    {
        final OrderMassCancelRequest request = new OrderMassCancelRequest(new ClOrdID(clOrdId),
            new MassCancelRequestType(type), now());
        if (symbol != null)
        {
            request.set(new Symbol(symbol));
        }
        return request;
    }

    /** A message of a type the gateway does not serve (QuoteRequest, 35=R). */
    static Message unsupported()
    {
        final quickfix.fix44.QuoteRequest request = new quickfix.fix44.QuoteRequest(
            new quickfix.field.QuoteReqID("Q1"));
        return request;
    }

    private static TransactTime now()
    {
        return new TransactTime(LocalDateTime.now(ZoneOffset.UTC));
    }
}
