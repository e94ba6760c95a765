package io.kairos.fix;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
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
import uk.co.real_logic.artio.fields.ReadOnlyDecimalFloat;
import uk.co.real_logic.artio.util.AsciiBuffer;

/**
 * Decodes one inbound order-entry message (D, F, G, H, q) and calls back into an {@link OrderEntryHandler} with
 * its outcome: a command to publish, a session Reject naming the tag at fault (malformed message, missing field),
 * or a reply the gateway gives itself (unknown symbol, unsupported order type, too many decimals...). D, F, G and
 * H share one path: each message's fields are read into this adapter, then checked and turned into an outcome
 * alike. Flyweight decoders and preallocated results: allocation-free. Owned by the library thread; what a
 * callback receives is valid during the call only.
 */
final class FixCommandAdapter
{
    /** FIX 373 SessionRejectReason values used here. */
    static final int REQUIRED_TAG_MISSING = 1;
    static final int VALUE_IS_INCORRECT = 5;

    private static final int TAG_CL_ORD_ID = 11;
    private static final int TAG_ORIG_CL_ORD_ID = 41;
    private static final int TAG_ORDER_QTY = 38;
    private static final int TAG_PRICE = 44;
    private static final int TAG_SIDE = 54;
    private static final int TAG_SYMBOL = 55;
    private static final char MASS_CANCEL_BY_SECURITY = '1';
    private static final char MASS_CANCEL_ALL = '7';
    private static final char MASS_CANCEL_UNSUPPORTED = '0';
    private static final char MASS_CANCEL_UNKNOWN_SECURITY = '1';
    /** A local reply names no instrument: id 0 is a real one, so the writer must not find it by id. */
    private static final int NO_INSTRUMENT = -1;

    private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
    private final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
    private final OrderStatusRequestDecoder status = new OrderStatusRequestDecoder();
    private final OrderMassCancelRequestDecoder massCancel = new OrderMassCancelRequestDecoder();
    private final StrictFieldValidator strictFields = new StrictFieldValidator();
    private final EngineCommand command = new EngineCommand();
    private final QueuedExecution localReply = new QueuedExecution();
    /** Never written: what a local reply's event starts from, so that no field of a previous reply survives. */
    private final ExecutionEvent blankEvent = new ExecutionEvent();
    private final ReferenceData referenceData;

    // the request being decoded, read from whichever decoder matched
    private final AsciiSequenceView clOrdId = new AsciiSequenceView();
    private final AsciiSequenceView origClOrdId = new AsciiSequenceView();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final AsciiSequenceView orderIdText = new AsciiSequenceView();
    private CommandType type;
    private Side side;
    /** Whether the request carries OrderQty (38) and, for a limit order, Price (44): D and G. */
    private boolean sized;
    private boolean hasOrderQty;
    private boolean hasPrice;
    private OrderType orderType;
    private TimeInForce timeInForce;
    private long quantity;
    private long price;
    private long orderId;
    private boolean possDup;

    // the session Reject a failed check asks for
    private int rejectTagId;
    private int sessionRejectReason;
    private String rejectText;

    FixCommandAdapter(final ReferenceData referenceData)
    {
        this.referenceData = referenceData;
    }

    /**
     * Decodes {@code messageType} from {@code buffer} and calls {@code handler} once with the outcome.
     *
     * @return what the handler returned
     */
    Action onMessage(
        final long messageType, final AsciiBuffer buffer, final int offset, final int length, final int sessionId,
        final long gatewayInNs, final OrderEntryHandler handler)
    {
        final Decoder decoder = decoder(messageType);
        if (decoder == null)
        {
            return handler.onUnsupportedMessage();
        }
        if (!decode(decoder, buffer, offset, length))
        {
            return rejectSession(handler);
        }
        if (decoder == massCancel)
        {
            return onMassCancel(sessionId, gatewayInNs, handler);
        }
        read(decoder);
        if (!checkRequest())
        {
            return rejectSession(handler);
        }
        final Instrument instrument = referenceData.bySymbol(symbol);
        final GatewayReject problem = problem();
        if (instrument == null || problem != null)
        {
            return handler.onLocalReply(type == CommandType.CANCEL || type == CommandType.REPLACE ?
                cancelReject(sessionId, gatewayInNs, problem) :
                orderReject(sessionId, gatewayInNs, problem, instrument));
        }
        return handler.onCommand(command(sessionId, gatewayInNs, instrument.id()));
    }

    private Decoder decoder(final long messageType)
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

    /**
     * Checks the raw numeric, time and Symbol fields strictly ({@link StrictFieldValidator}), then decodes and
     * validates. @return false with the session Reject's tag and reason set.
     */
    private boolean decode(final Decoder decoder, final AsciiBuffer buffer, final int offset, final int length)
    {
        if (!strictFields.validate(buffer, offset, length))
        {
            return fail(strictFields.invalidTag(), strictFields.reason(), strictFields.text());
        }
        decoder.reset();
        decoder.decode(buffer, offset, length);
        return decoder.validate() || fail(decoder.invalidTagId(), decoder.rejectReason(), null);
    }

    /** Reads the fields of a decoded D, F, G or H: the only place that knows which message has which field. */
    private void read(final Decoder decoder)
    {
        origClOrdId.reset();
        orderIdText.reset();
        timeInForce = null;
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
            // a replace keeps the order's time in force: never refused for it
            timeInForce = TimeInForce.DAY;
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

    /**
     * ClOrdID (and OrigClOrdID) within the engine's id length, a known side, OrderQty present and Price present
     * for a limit order. @return false with the session Reject's tag and reason set.
     */
    private boolean checkRequest()
    {
        if (clOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return fail(TAG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        if (origClOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return fail(TAG_ORIG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        if (side == null)
        {
            return fail(TAG_SIDE, VALUE_IS_INCORRECT, "side must be 1 (buy) or 2 (sell)");
        }
        if (sized && !hasOrderQty)
        {
            return fail(TAG_ORDER_QTY, REQUIRED_TAG_MISSING, "OrderQty is required");
        }
        if (sized && orderType == OrderType.LIMIT && !hasPrice)
        {
            return fail(TAG_PRICE, REQUIRED_TAG_MISSING, "Price is required for a limit order");
        }
        return true;
    }

    /** Why the gateway refuses a well-formed D or G itself, in the order the client should learn it; or null. */
    private GatewayReject problem()
    {
        if (!sized)
        {
            return null;
        }
        if (orderType == null)
        {
            return GatewayReject.UNSUPPORTED_ORDER_TYPE;
        }
        if (timeInForce == null)
        {
            return GatewayReject.UNSUPPORTED_TIME_IN_FORCE;
        }
        if (quantity == FixDecimals.INVALID)
        {
            return GatewayReject.FRACTIONAL_QUANTITY;
        }
        return price == FixDecimals.INVALID ? GatewayReject.TOO_MANY_DECIMALS : null;
    }

    private EngineCommand command(final int sessionId, final long gatewayInNs, final int instrumentId)
    {
        switch (type)
        {
            case NEW_ORDER:
                command.newOrder(sessionId, clOrdId, instrumentId, side, orderType, timeInForce, price, quantity);
                command.possDup = possDup;
                break;
            case CANCEL:
                command.cancel(sessionId, clOrdId, origClOrdId, instrumentId, side);
                break;
            case REPLACE:
                command.replace(sessionId, clOrdId, origClOrdId, instrumentId, side, price, quantity);
                command.orderType = orderType;
                break;
            default:
                command.orderStatus(sessionId, clOrdId, instrumentId);
                command.side = side;
                break;
        }
        command.orderId = orderId;
        command.gatewayInNs = gatewayInNs;
        return command;
    }

    private Action onMassCancel(final int sessionId, final long gatewayInNs, final OrderEntryHandler handler)
    {
        final OrderMassCancelRequestDecoder d = massCancel;
        d.clOrdID(clOrdId);
        if (clOrdId.length() > AsciiId.MAX_LENGTH)
        {
            fail(TAG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
            return rejectSession(handler);
        }
        final char requestType = d.massCancelRequestType();
        if (requestType == MASS_CANCEL_ALL)
        {
            command.massCancel(sessionId, clOrdId, EngineCommand.ALL_INSTRUMENTS);
            command.gatewayInNs = gatewayInNs;
            return handler.onMassCancel(command, requestType);
        }
        final ExecutionEvent reply = beginReply(sessionId, gatewayInNs, ExecutionEvent.Kind.MASS_CANCEL_REPORT,
            CommandType.MASS_CANCEL);
        localReply.massCancelRequestType = requestType;
        if (requestType != MASS_CANCEL_BY_SECURITY)
        {
            localReply.massCancelRejectReason = MASS_CANCEL_UNSUPPORTED;
            localReply.gatewayReject = GatewayReject.UNSUPPORTED_MASS_CANCEL_TYPE;
            return handler.onLocalReply(localReply);
        }
        if (d.symbolLength() == 0)
        {
            fail(TAG_SYMBOL, REQUIRED_TAG_MISSING, "Symbol is required to cancel by security");
            return rejectSession(handler);
        }
        final Instrument instrument = referenceData.bySymbol(d.symbol(symbol));
        if (instrument == null)
        {
            localReply.unknownSymbol.set(symbol);
            localReply.massCancelRejectReason = MASS_CANCEL_UNKNOWN_SECURITY;
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
            return handler.onLocalReply(localReply);
        }
        command.massCancel(sessionId, clOrdId, instrument.id());
        command.gatewayInNs = gatewayInNs;
        return handler.onMassCancel(command, requestType);
    }

    private boolean fail(final int tagId, final int reason, final String text)
    {
        rejectTagId = tagId;
        sessionRejectReason = reason;
        rejectText = text;
        return false;
    }

    private Action rejectSession(final OrderEntryHandler handler)
    {
        return handler.onSessionReject(rejectTagId, sessionRejectReason, rejectText);
    }

    /** Starts the local reply from a blank event and blank gateway fields. @return its event. */
    private ExecutionEvent beginReply(
        final int sessionId, final long gatewayInNs, final ExecutionEvent.Kind kind, final CommandType cause)
    {
        localReply.clearGatewayFields();
        final ExecutionEvent reply = localReply.event;
        reply.copyFrom(blankEvent);
        reply.kind = kind;
        reply.cause = cause;
        reply.sessionId = sessionId;
        reply.clOrdId.set(clOrdId);
        reply.instrumentId = NO_INSTRUMENT;
        reply.gatewayInNs = gatewayInNs;
        return reply;
    }

    /**
     * An ExecutionReport rejecting a new order or order status request; {@code reason} null means an unknown
     * symbol (the engine's reason), else the gateway's own.
     */
    private QueuedExecution orderReject(
        final int sessionId, final long gatewayInNs, final GatewayReject reason, final Instrument instrument)
    {
        final ExecutionEvent reply = beginReply(sessionId, gatewayInNs, ExecutionEvent.Kind.EXECUTION_REPORT, type);
        reply.side = side;
        reply.execType = type == CommandType.ORDER_STATUS ? ExecType.ORDER_STATUS : ExecType.REJECTED;
        reply.ordStatus = OrdStatus.REJECTED;
        reply.orderId = orderId;
        reply.orderType = orderType;
        reply.timeInForce = type == CommandType.ORDER_STATUS ? null : timeInForce;
        reply.orderQty = quantity == FixDecimals.INVALID ? 0 : quantity;
        reply.price = price == FixDecimals.INVALID ? 0 : price;
        localReply.gatewayReject = reason;
        if (reason == null)
        {
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
        }
        if (instrument != null)
        {
            reply.instrumentId = instrument.id();
        }
        else
        {
            localReply.unknownSymbol.set(symbol);
        }
        return localReply;
    }

    /** An OrderCancelReject; {@code reason} null means an unknown symbol (the engine's reason), else the gateway's. */
    private QueuedExecution cancelReject(final int sessionId, final long gatewayInNs, final GatewayReject reason)
    {
        final ExecutionEvent reply = beginReply(sessionId, gatewayInNs, ExecutionEvent.Kind.CANCEL_REJECT, type);
        reply.cxlRejResponseTo = type;
        reply.origClOrdId.set(origClOrdId);
        reply.orderId = orderId;
        localReply.gatewayReject = reason;
        if (reason == null)
        {
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
        }
        return localReply;
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
