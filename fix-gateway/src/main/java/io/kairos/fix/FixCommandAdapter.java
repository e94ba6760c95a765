package io.kairos.fix;

import io.kairos.engine.AsciiId;
import io.kairos.engine.CommandType;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrdStatus;
import io.kairos.engine.OrderType;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.RejectReason;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.fix.codecs.decoder.NewOrderSingleDecoder;
import io.kairos.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.kairos.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.kairos.fix.codecs.decoder.OrderMassCancelRequestDecoder;
import io.kairos.fix.codecs.decoder.OrderStatusRequestDecoder;
import org.agrona.AsciiSequenceView;
import uk.co.real_logic.artio.builder.Decoder;
import uk.co.real_logic.artio.util.AsciiBuffer;

/**
 * Decodes the order-entry requests D, F, G, H and q and turns each into one of: an {@link #command()} to
 * publish ({@link #PUBLISH}); a session Reject naming {@link #rejectTagId()} ({@link #SESSION_REJECT},
 * malformed message or missing field); or a {@link #localReply()} the gateway answers itself
 * ({@link #LOCAL_REPLY}: unknown symbol, unsupported order type, too many decimals...). Flyweight
 * decoders and preallocated results: allocation-free. Owned by the library thread; results are valid
 * until the next call.
 */
final class FixCommandAdapter
{
    static final int PUBLISH = 0;
    static final int SESSION_REJECT = 1;
    static final int LOCAL_REPLY = 2;

    /** FIX 373 SessionRejectReason values used here. */
    static final int REQUIRED_TAG_MISSING = 1;
    static final int VALUE_IS_INCORRECT = 5;

    private static final int TAG_CL_ORD_ID = 11;
    private static final int TAG_ORIG_CL_ORD_ID = 41;
    private static final int TAG_ORDER_QTY = 38;
    private static final int TAG_PRICE = 44;
    private static final int TAG_SIDE = 54;
    private static final int TAG_SYMBOL = 55;
    private static final int TAG_MASS_CANCEL_REQUEST_TYPE = 530;
    private static final char MASS_CANCEL_BY_SECURITY = '1';
    private static final char MASS_CANCEL_ALL = '7';
    private static final char MASS_CANCEL_UNSUPPORTED = '0';
    private static final char MASS_CANCEL_UNKNOWN_SECURITY = '1';

    private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
    private final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
    private final OrderStatusRequestDecoder status = new OrderStatusRequestDecoder();
    private final OrderMassCancelRequestDecoder massCancel = new OrderMassCancelRequestDecoder();
    private final AsciiSequenceView clOrdId = new AsciiSequenceView();
    private final AsciiSequenceView origClOrdId = new AsciiSequenceView();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final StrictFieldValidator strictFields = new StrictFieldValidator();
    private final AsciiSequenceView orderIdText = new AsciiSequenceView();
    private final EngineCommand command = new EngineCommand();
    private final QueuedExecution localReply = new QueuedExecution();
    private final ReferenceData referenceData;
    private int rejectTagId;
    private int sessionRejectReason;
    private String rejectText;
    private GatewayReject gatewayReject;

    FixCommandAdapter(final ReferenceData referenceData)
    {
        this.referenceData = referenceData;
    }

    EngineCommand command()
    {
        return command;
    }

    QueuedExecution localReply()
    {
        return localReply;
    }

    int rejectTagId()
    {
        return rejectTagId;
    }

    int sessionRejectReason()
    {
        return sessionRejectReason;
    }

    String rejectText()
    {
        return rejectText;
    }

    /** Why the gateway answered itself or rejected, for metrics; null when the engine's reason applies. */
    GatewayReject gatewayReject()
    {
        return gatewayReject;
    }

    int onNewOrder(final AsciiBuffer buffer, final int offset, final int length, final int sessionId, final long gatewayInNs)
    {
        final NewOrderSingleDecoder d = newOrder;
        final int decoded = decode(d, buffer, offset, length);
        if (decoded != PUBLISH)
        {
            return decoded;
        }
        d.clOrdID(clOrdId);
        d.symbol(symbol);
        final Side side = Side.fromFix(d.side());
        final int checked = checkIds(side, false);
        if (checked != PUBLISH)
        {
            return checked;
        }
        final OrderType orderType = OrderType.fromFix(d.ordType());
        final int sized = checkSize(d.hasOrderQty(), orderType, d.hasPrice());
        if (sized != PUBLISH)
        {
            return sized;
        }
        beginOrderReply(sessionId, gatewayInNs, CommandType.NEW_ORDER, side);
        final ExecutionEvent reply = localReply.event;
        reply.orderType = orderType;
        final TimeInForce timeInForce = d.hasTimeInForce() ? TimeInForce.fromFix(d.timeInForce()) : TimeInForce.DAY;
        reply.timeInForce = timeInForce;
        final long quantity = FixDecimals.toQuantity(d.orderQty());
        reply.orderQty = quantity == FixDecimals.INVALID ? 0 : quantity;
        final long price = orderType == OrderType.LIMIT ? FixDecimals.toPrice(d.price()) : 0;
        reply.price = price == FixDecimals.INVALID ? 0 : price;
        final Instrument instrument = referenceData.bySymbol(symbol);
        if (orderType == null)
        {
            return localOrderReject(GatewayReject.UNSUPPORTED_ORDER_TYPE, instrument);
        }
        if (timeInForce == null)
        {
            return localOrderReject(GatewayReject.UNSUPPORTED_TIME_IN_FORCE, instrument);
        }
        if (quantity == FixDecimals.INVALID)
        {
            return localOrderReject(GatewayReject.FRACTIONAL_QUANTITY, instrument);
        }
        if (price == FixDecimals.INVALID)
        {
            return localOrderReject(GatewayReject.TOO_MANY_DECIMALS, instrument);
        }
        if (instrument == null)
        {
            return localOrderReject(null, null);
        }
        command.newOrder(sessionId, clOrdId, instrument.id(), side, orderType, timeInForce, reply.price, quantity);
        command.gatewayInNs = gatewayInNs;
        command.possDup = d.header().hasPossDupFlag() && d.header().possDupFlag();
        return PUBLISH;
    }

    int onCancel(final AsciiBuffer buffer, final int offset, final int length, final int sessionId, final long gatewayInNs)
    {
        final OrderCancelRequestDecoder d = cancel;
        final int decoded = decode(d, buffer, offset, length);
        if (decoded != PUBLISH)
        {
            return decoded;
        }
        d.clOrdID(clOrdId);
        d.origClOrdID(origClOrdId);
        d.symbol(symbol);
        final int checked = checkIds(Side.fromFix(d.side()), true);
        if (checked != PUBLISH)
        {
            return checked;
        }
        final Instrument instrument = referenceData.bySymbol(symbol);
        final long orderId = d.hasOrderID() ? parseOrderId(d.orderID(orderIdText)) : 0;
        if (instrument == null)
        {
            return localCancelReject(sessionId, gatewayInNs, CommandType.CANCEL, orderId, null);
        }
        command.cancel(sessionId, clOrdId, origClOrdId, instrument.id(), Side.fromFix(d.side()));
        command.orderId = orderId;
        command.gatewayInNs = gatewayInNs;
        return PUBLISH;
    }

    int onReplace(final AsciiBuffer buffer, final int offset, final int length, final int sessionId, final long gatewayInNs)
    {
        final OrderCancelReplaceRequestDecoder d = replace;
        final int decoded = decode(d, buffer, offset, length);
        if (decoded != PUBLISH)
        {
            return decoded;
        }
        d.clOrdID(clOrdId);
        d.origClOrdID(origClOrdId);
        d.symbol(symbol);
        final Side side = Side.fromFix(d.side());
        final int checked = checkIds(side, true);
        if (checked != PUBLISH)
        {
            return checked;
        }
        final OrderType orderType = OrderType.fromFix(d.ordType());
        final int sized = checkSize(d.hasOrderQty(), orderType, d.hasPrice());
        if (sized != PUBLISH)
        {
            return sized;
        }
        final long orderId = d.hasOrderID() ? parseOrderId(d.orderID(orderIdText)) : 0;
        final Instrument instrument = referenceData.bySymbol(symbol);
        final long quantity = FixDecimals.toQuantity(d.orderQty());
        final long price = orderType == OrderType.LIMIT ? FixDecimals.toPrice(d.price()) : 0;
        final GatewayReject problem = orderType == null ? GatewayReject.UNSUPPORTED_ORDER_TYPE :
            quantity == FixDecimals.INVALID ? GatewayReject.FRACTIONAL_QUANTITY :
            price == FixDecimals.INVALID ? GatewayReject.TOO_MANY_DECIMALS : null;
        if (instrument == null || problem != null)
        {
            return localCancelReject(sessionId, gatewayInNs, CommandType.REPLACE, orderId, problem);
        }
        command.replace(sessionId, clOrdId, origClOrdId, instrument.id(), side, price, quantity);
        command.orderType = orderType;
        command.orderId = orderId;
        command.gatewayInNs = gatewayInNs;
        return PUBLISH;
    }

    int onOrderStatus(final AsciiBuffer buffer, final int offset, final int length, final int sessionId, final long gatewayInNs)
    {
        final OrderStatusRequestDecoder d = status;
        final int decoded = decode(d, buffer, offset, length);
        if (decoded != PUBLISH)
        {
            return decoded;
        }
        d.clOrdID(clOrdId);
        d.symbol(symbol);
        final Side side = Side.fromFix(d.side());
        final int checked = checkIds(side, false);
        if (checked != PUBLISH)
        {
            return checked;
        }
        final long orderId = d.hasOrderID() ? parseOrderId(d.orderID(orderIdText)) : 0;
        final Instrument instrument = referenceData.bySymbol(symbol);
        if (instrument == null)
        {
            beginOrderReply(sessionId, gatewayInNs, CommandType.ORDER_STATUS, side);
            localReply.event.execType = ExecType.ORDER_STATUS;
            localReply.event.orderId = orderId;
            return localOrderReject(null, null);
        }
        command.orderStatus(sessionId, clOrdId, instrument.id());
        command.side = side;
        command.orderId = orderId;
        command.gatewayInNs = gatewayInNs;
        return PUBLISH;
    }

    int onMassCancel(final AsciiBuffer buffer, final int offset, final int length, final int sessionId, final long gatewayInNs)
    {
        final OrderMassCancelRequestDecoder d = massCancel;
        final int decoded = decode(d, buffer, offset, length);
        if (decoded != PUBLISH)
        {
            return decoded;
        }
        d.clOrdID(clOrdId);
        if (clOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return sessionReject(TAG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        final char type = d.massCancelRequestType();
        beginReply(sessionId, gatewayInNs);
        final ExecutionEvent reply = localReply.event;
        reply.kind = ExecutionEvent.Kind.MASS_CANCEL_REPORT;
        reply.cause = CommandType.MASS_CANCEL;
        localReply.massCancelRequestType = type;
        if (type == MASS_CANCEL_ALL)
        {
            command.massCancel(sessionId, clOrdId, EngineCommand.ALL_INSTRUMENTS);
            command.gatewayInNs = gatewayInNs;
            return PUBLISH;
        }
        if (type != MASS_CANCEL_BY_SECURITY)
        {
            localReply.massCancelRejectReason = MASS_CANCEL_UNSUPPORTED;
            localReply.gatewayReject = GatewayReject.UNSUPPORTED_MASS_CANCEL_TYPE;
            gatewayReject = GatewayReject.UNSUPPORTED_MASS_CANCEL_TYPE;
            return LOCAL_REPLY;
        }
        if (d.symbolLength() == 0)
        {
            return sessionReject(TAG_SYMBOL, REQUIRED_TAG_MISSING, "Symbol is required to cancel by security");
        }
        final Instrument instrument = referenceData.bySymbol(d.symbol(symbol));
        if (instrument == null)
        {
            localReply.unknownSymbol.set(symbol);
            localReply.massCancelRejectReason = MASS_CANCEL_UNKNOWN_SECURITY;
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
            return LOCAL_REPLY;
        }
        command.massCancel(sessionId, clOrdId, instrument.id());
        command.gatewayInNs = gatewayInNs;
        return PUBLISH;
    }

    /** The FIX 530 type of the last mass cancel decoded. */
    char massCancelRequestType()
    {
        return localReply.massCancelRequestType;
    }

    /** ClOrdID (and OrigClOrdID) within the engine's id length and a known side, else a session Reject. */
    private int checkIds(final Side side, final boolean withOrigClOrdId)
    {
        if (clOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return sessionReject(TAG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        if (withOrigClOrdId && origClOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return sessionReject(TAG_ORIG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        if (side == null)
        {
            return sessionReject(TAG_SIDE, VALUE_IS_INCORRECT, "side must be 1 (buy) or 2 (sell)");
        }
        return PUBLISH;
    }

    /** OrderQty present, and Price present for a limit order, else a session Reject naming the missing tag. */
    private int checkSize(final boolean hasOrderQty, final OrderType orderType, final boolean hasPrice)
    {
        if (!hasOrderQty)
        {
            return sessionReject(TAG_ORDER_QTY, REQUIRED_TAG_MISSING, "OrderQty is required");
        }
        if (orderType == OrderType.LIMIT && !hasPrice)
        {
            return sessionReject(TAG_PRICE, REQUIRED_TAG_MISSING, "Price is required for a limit order");
        }
        return PUBLISH;
    }

    /**
     * Checks the raw numeric, time and Symbol fields strictly ({@link StrictFieldValidator}), then decodes and
     * validates; @return {@link #PUBLISH} or {@link #SESSION_REJECT} with the tag and reason.
     */
    private int decode(final Decoder decoder, final AsciiBuffer buffer, final int offset, final int length)
    {
        if (!strictFields.validate(buffer, offset, length))
        {
            return sessionReject(strictFields.invalidTag(), strictFields.reason(), strictFields.text());
        }
        decoder.reset();
        decoder.decode(buffer, offset, length);
        return decoder.validate() ? PUBLISH : sessionReject(decoder.invalidTagId(), decoder.rejectReason(), null);
    }

    private int sessionReject(final int tagId, final int reason, final String text)
    {
        rejectTagId = tagId;
        sessionRejectReason = reason;
        rejectText = text;
        gatewayReject = GatewayReject.INVALID_MESSAGE;
        return SESSION_REJECT;
    }

    private void beginReply(final int sessionId, final long gatewayInNs)
    {
        gatewayReject = null;
        localReply.clearGatewayFields();
        final ExecutionEvent reply = localReply.event;
        reply.kind = ExecutionEvent.Kind.EXECUTION_REPORT;
        reply.sessionId = sessionId;
        reply.correlationId = 0;
        reply.cause = null;
        reply.execType = null;
        reply.ordStatus = null;
        reply.rejectReason = RejectReason.NONE;
        reply.orderId = 0;
        reply.execId = 0;
        reply.clOrdId.set(clOrdId);
        reply.origClOrdId.clear();
        reply.instrumentId = -1;
        reply.side = null;
        reply.orderType = null;
        reply.timeInForce = null;
        reply.price = 0;
        reply.orderQty = 0;
        reply.cumQty = 0;
        reply.leavesQty = 0;
        reply.avgPx = 0;
        reply.lastPx = 0;
        reply.lastQty = 0;
        reply.contraOrderId = 0;
        reply.cxlRejResponseTo = null;
        reply.affectedOrders = 0;
        reply.transactTimeNs = 0;
        reply.gatewayInNs = gatewayInNs;
        reply.engineInNs = 0;
        reply.matchStartNs = 0;
        reply.engineOutNs = 0;
    }

    private void beginOrderReply(final int sessionId, final long gatewayInNs, final CommandType cause, final Side side)
    {
        beginReply(sessionId, gatewayInNs);
        localReply.event.cause = cause;
        localReply.event.side = side;
        localReply.event.execType = ExecType.REJECTED;
        localReply.event.ordStatus = OrdStatus.REJECTED;
    }

    /** An ExecutionReport rejecting the order; {@code reason} null means an unknown symbol. */
    private int localOrderReject(final GatewayReject reason, final Instrument instrument)
    {
        final QueuedExecution reply = localReply;
        if (reason == null)
        {
            reply.event.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
            reply.unknownSymbol.set(symbol);
        }
        else
        {
            reply.gatewayReject = reason;
            gatewayReject = reason;
            if (instrument != null)
            {
                reply.event.instrumentId = instrument.id();
            }
            else
            {
                reply.unknownSymbol.set(symbol);
            }
        }
        return LOCAL_REPLY;
    }

    private int localCancelReject(
        final int sessionId, final long gatewayInNs, final CommandType responseTo, final long orderId, final GatewayReject reason)
    {
        beginReply(sessionId, gatewayInNs);
        final ExecutionEvent reply = localReply.event;
        reply.kind = ExecutionEvent.Kind.CANCEL_REJECT;
        reply.cause = responseTo;
        reply.cxlRejResponseTo = responseTo;
        reply.origClOrdId.set(origClOrdId);
        reply.orderId = orderId;
        if (reason == null)
        {
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
        }
        else
        {
            localReply.gatewayReject = reason;
            gatewayReject = reason;
        }
        return LOCAL_REPLY;
    }

    /** @return the OrderID (37) as the engine's number, or 0 when it is not one (the engine then uses OrigClOrdID). */
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
