package io.kairos.fix;

import io.kairos.engine.CommandType;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.fix.codecs.decoder.NewOrderSingleDecoder;
import io.kairos.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.kairos.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.kairos.fix.codecs.decoder.OrderMassCancelRequestDecoder;
import io.kairos.fix.codecs.decoder.OrderStatusRequestDecoder;
import org.agrona.AsciiSequenceView;
import uk.co.real_logic.artio.builder.Decoder;
import uk.co.real_logic.artio.fields.ReadOnlyDecimalFloat;

/**
 * The order-entry decoders and the fields of the request just decoded: D, F, G and H are read into one shape here
 * (the only place that knows which message has which field), so that {@link FixCommandAdapter} checks them and
 * turns them into an outcome along one path. Flyweights over the inbound message: valid until the next message.
 * Owned by the library thread (through the adapter).
 */
final class OrderEntryRequest
{
    final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
    final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
    final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
    final OrderStatusRequestDecoder status = new OrderStatusRequestDecoder();
    final OrderMassCancelRequestDecoder massCancel = new OrderMassCancelRequestDecoder();

    final AsciiSequenceView clOrdId = new AsciiSequenceView();
    final AsciiSequenceView origClOrdId = new AsciiSequenceView();
    final AsciiSequenceView symbol = new AsciiSequenceView();
    final AsciiSequenceView orderIdText = new AsciiSequenceView();
    CommandType type;
    Side side;
    /** Whether the request carries OrderQty (38) and, for a limit order, Price (44): D and G. */
    boolean sized;
    boolean hasOrderQty;
    boolean hasPrice;
    OrderType orderType;
    TimeInForce timeInForce;
    long quantity;
    long price;
    /** MinQty (110) and MaxFloor (111) of a new order; 0 when absent (or not a whole number: see {@link #problem}). */
    long minQty;
    long maxFloor;
    /** A replace that states no TimeInForce (59) keeps the order's. */
    boolean keepsTimeInForce;
    long orderId;
    boolean possDup;

    /** @return the decoder of this message type, or null: not an order-entry message the gateway serves */
    Decoder decoder(final long messageType)
    {
        if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE)
        {
            return newOrder;
        }
        if (messageType == OrderCancelRequestDecoder.MESSAGE_TYPE)
        {
            return cancel;
        }
        if (messageType == OrderCancelReplaceRequestDecoder.MESSAGE_TYPE)
        {
            return replace;
        }
        if (messageType == OrderStatusRequestDecoder.MESSAGE_TYPE)
        {
            return status;
        }
        return messageType == OrderMassCancelRequestDecoder.MESSAGE_TYPE ? massCancel : null;
    }

    /** The tags {@code decoder}'s message type may carry. */
    OrderEntryTags tags(final Decoder decoder)
    {
        if (decoder == newOrder)
        {
            return OrderEntryTags.NEW_ORDER;
        }
        if (decoder == cancel)
        {
            return OrderEntryTags.CANCEL;
        }
        if (decoder == replace)
        {
            return OrderEntryTags.REPLACE;
        }
        return decoder == status ? OrderEntryTags.STATUS : OrderEntryTags.MASS_CANCEL;
    }

    /** Reads the fields of a decoded D, F, G or H. */
    void read(final Decoder decoder)
    {
        origClOrdId.reset();
        orderIdText.reset();
        timeInForce = null;
        keepsTimeInForce = false;
        minQty = 0;
        maxFloor = 0;
        possDup = false;
        if (decoder == newOrder)
        {
            final NewOrderSingleDecoder d = newOrder;
            type = CommandType.NEW_ORDER;
            d.clOrdID(clOrdId);
            d.symbol(symbol);
            side = Side.fromFix(d.side());
            readSize(d.ordType(), d.hasOrderQty() ? d.orderQty() : null, d.hasPrice() ? d.price() : null);
            timeInForce = d.hasTimeInForce() ? TimeInForce.fromFix(d.timeInForce()) : TimeInForce.DAY;
            minQty = d.hasMinQty() ? FixDecimals.toQuantity(d.minQty()) : 0;
            maxFloor = d.hasMaxFloor() ? FixDecimals.toQuantity(d.maxFloor()) : 0;
            possDup = d.header().hasPossDupFlag() && d.header().possDupFlag();
        }
        else if (decoder == cancel)
        {
            final OrderCancelRequestDecoder d = cancel;
            type = CommandType.CANCEL;
            d.clOrdID(clOrdId);
            d.origClOrdID(origClOrdId);
            d.symbol(symbol);
            side = Side.fromFix(d.side());
            noSize();
            if (d.hasOrderID())
            {
                d.orderID(orderIdText);
            }
        }
        else if (decoder == replace)
        {
            final OrderCancelReplaceRequestDecoder d = replace;
            type = CommandType.REPLACE;
            d.clOrdID(clOrdId);
            d.origClOrdID(origClOrdId);
            d.symbol(symbol);
            side = Side.fromFix(d.side());
            readSize(d.ordType(), d.hasOrderQty() ? d.orderQty() : null, d.hasPrice() ? d.price() : null);
            // a replace keeps the order's time in force; one it states must be the order's (the engine checks)
            keepsTimeInForce = !d.hasTimeInForce();
            timeInForce = keepsTimeInForce ? null : TimeInForce.fromFix(d.timeInForce());
            if (d.hasOrderID())
            {
                d.orderID(orderIdText);
            }
        }
        else
        {
            final OrderStatusRequestDecoder d = status;
            type = CommandType.ORDER_STATUS;
            d.clOrdID(clOrdId);
            d.symbol(symbol);
            side = Side.fromFix(d.side());
            noSize();
            if (d.hasOrderID())
            {
                d.orderID(orderIdText);
            }
        }
        orderId = parseOrderId(orderIdText);
    }

    /** @param qty OrderQty (38), null when absent; @param px Price (44), null when absent (the getters throw). */
    private void readSize(final char ordType, final ReadOnlyDecimalFloat qty, final ReadOnlyDecimalFloat px)
    {
        sized = true;
        orderType = OrderType.fromFix(ordType);
        hasOrderQty = qty != null;
        hasPrice = px != null;
        quantity = qty == null ? 0 : FixDecimals.toQuantity(qty);
        price = orderType == OrderType.LIMIT && px != null ? FixDecimals.toPrice(px) : 0;
    }

    private void noSize()
    {
        sized = false;
        orderType = null;
        quantity = 0;
        price = 0;
    }

    /** Why the gateway refuses a well-formed D or G itself, in the order the client should learn it; or null. */
    GatewayReject problem()
    {
        if (!sized)
        {
            return null;
        }
        if (orderType == null)
        {
            return GatewayReject.UNSUPPORTED_ORDER_TYPE;
        }
        if (timeInForce == null && !keepsTimeInForce)
        {
            return GatewayReject.UNSUPPORTED_TIME_IN_FORCE;
        }
        if (quantity == FixDecimals.INVALID || minQty == FixDecimals.INVALID || maxFloor == FixDecimals.INVALID)
        {
            return GatewayReject.FRACTIONAL_QUANTITY;
        }
        return price == FixDecimals.INVALID ? GatewayReject.TOO_MANY_DECIMALS : null;
    }

    /**
     * @return the OrderID (37) as the engine's number, or 0 when it is absent or not one (the engine then uses
     * OrigClOrdID)
     */
    private static long parseOrderId(final CharSequence text)
    {
        final int length = text.length();
        if (length == 0 || length > 18)
        {
            return 0;
        }
        long value = 0;
        for (int i = 0; i < length; i++)
        {
            final char c = text.charAt(i);
            if (c < '0' || c > '9')
            {
                return 0;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
