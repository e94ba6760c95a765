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
import io.kairos.fix.codecs.decoder.OrderMassCancelRequestDecoder;
import uk.co.real_logic.artio.builder.Decoder;
import uk.co.real_logic.artio.util.AsciiBuffer;

/**
 * Decodes one inbound order-entry message (D, F, G, H, q) and calls back into an {@link OrderEntryHandler} with
 * its outcome: a command to publish, a session Reject naming the tag at fault (malformed message, missing field),
 * or a reply the gateway gives itself (unknown symbol, unsupported order type, too many decimals...). D, F, G and
 * H share one path: each message's fields are read into one {@link OrderEntryRequest}, then checked and turned
 * into an outcome alike. Flyweight decoders and preallocated results: allocation-free. Owned by the library
 * thread; what a callback receives is valid during the call only.
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

    private final StrictFieldValidator strictFields = new StrictFieldValidator();
    private final EngineCommand command = new EngineCommand();
    private final QueuedExecution localReply = new QueuedExecution();
    /** Never written: what a local reply's event starts from, so that no field of a previous reply survives. */
    private final ExecutionEvent blankEvent = new ExecutionEvent();
    private final OrderEntryRequest request = new OrderEntryRequest();
    private final ReferenceData referenceData;

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
        final Decoder decoder = request.decoder(messageType);
        if (decoder == null)
        {
            return handler.onUnsupportedMessage();
        }
        if (!decode(decoder, buffer, offset, length))
        {
            return rejectSession(handler);
        }
        if (decoder == request.massCancel)
        {
            return onMassCancel(sessionId, gatewayInNs, handler);
        }
        request.read(decoder);
        if (!checkRequest())
        {
            return rejectSession(handler);
        }
        final Instrument instrument = referenceData.bySymbol(request.symbol);
        final GatewayReject problem = request.problem();
        if (instrument == null || problem != null)
        {
            return handler.onLocalReply(request.type == CommandType.CANCEL || request.type == CommandType.REPLACE ?
                cancelReject(sessionId, gatewayInNs, problem) :
                orderReject(sessionId, gatewayInNs, problem, instrument));
        }
        return handler.onCommand(command(sessionId, gatewayInNs, instrument.id()));
    }

    /**
     * Checks the raw numeric, time and Symbol fields strictly ({@link StrictFieldValidator}), then decodes and
     * validates. @return false with the session Reject's tag and reason set.
     */
    private boolean decode(final Decoder decoder, final AsciiBuffer buffer, final int offset, final int length)
    {
        if (!strictFields.validate(buffer, offset, length, request.tags(decoder)))
        {
            return fail(strictFields.invalidTag(), strictFields.reason(), strictFields.text());
        }
        decoder.reset();
        decoder.decode(buffer, offset, length);
        return decoder.validate() || fail(decoder.invalidTagId(), decoder.rejectReason(), null);
    }

    /**
     * ClOrdID (and OrigClOrdID) within the engine's id length, a known side, OrderQty present and Price present
     * for a limit order. @return false with the session Reject's tag and reason set.
     */
    private boolean checkRequest()
    {
        if (request.clOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return fail(TAG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        if (request.origClOrdId.length() > AsciiId.MAX_LENGTH)
        {
            return fail(TAG_ORIG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
        }
        if (request.side == null)
        {
            return fail(TAG_SIDE, VALUE_IS_INCORRECT, "side must be 1 (buy) or 2 (sell)");
        }
        if (request.sized && !request.hasOrderQty)
        {
            return fail(TAG_ORDER_QTY, REQUIRED_TAG_MISSING, "OrderQty is required");
        }
        if (request.sized && request.orderType == OrderType.LIMIT && !request.hasPrice)
        {
            return fail(TAG_PRICE, REQUIRED_TAG_MISSING, "Price is required for a limit order");
        }
        return true;
    }

    private EngineCommand command(final int sessionId, final long gatewayInNs, final int instrumentId)
    {
        final OrderEntryRequest r = request;
        switch (r.type)
        {
            case NEW_ORDER:
                command.newOrder(sessionId, r.clOrdId, instrumentId, r.side, r.orderType, r.timeInForce, r.price,
                    r.quantity);
                command.minQty = r.minQty;
                command.maxFloor = r.maxFloor;
                command.possDup = r.possDup;
                break;
            case CANCEL:
                command.cancel(sessionId, r.clOrdId, r.origClOrdId, instrumentId, r.side);
                break;
            case REPLACE:
                command.replace(sessionId, r.clOrdId, r.origClOrdId, instrumentId, r.side, r.price, r.quantity);
                command.orderType = r.orderType;
                command.timeInForce = r.timeInForce;
                break;
            default:
                command.orderStatus(sessionId, r.clOrdId, instrumentId);
                command.side = r.side;
                break;
        }
        command.orderId = r.orderId;
        command.gatewayInNs = gatewayInNs;
        return command;
    }

    private Action onMassCancel(final int sessionId, final long gatewayInNs, final OrderEntryHandler handler)
    {
        final OrderMassCancelRequestDecoder d = request.massCancel;
        d.clOrdID(request.clOrdId);
        if (request.clOrdId.length() > AsciiId.MAX_LENGTH)
        {
            fail(TAG_CL_ORD_ID, VALUE_IS_INCORRECT, RejectReason.CL_ORD_ID_TOO_LONG.text());
            return rejectSession(handler);
        }
        final char requestType = d.massCancelRequestType();
        if (requestType == MASS_CANCEL_ALL)
        {
            command.massCancel(sessionId, request.clOrdId, EngineCommand.ALL_INSTRUMENTS);
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
        final Instrument instrument = referenceData.bySymbol(d.symbol(request.symbol));
        if (instrument == null)
        {
            localReply.unknownSymbol.set(request.symbol);
            localReply.massCancelRejectReason = MASS_CANCEL_UNKNOWN_SECURITY;
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
            return handler.onLocalReply(localReply);
        }
        command.massCancel(sessionId, request.clOrdId, instrument.id());
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
        reply.clOrdId.set(request.clOrdId);
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
        final ExecutionEvent reply =
            beginReply(sessionId, gatewayInNs, ExecutionEvent.Kind.EXECUTION_REPORT, request.type);
        reply.side = request.side;
        reply.execType = request.type == CommandType.ORDER_STATUS ? ExecType.ORDER_STATUS : ExecType.REJECTED;
        reply.ordStatus = OrdStatus.REJECTED;
        reply.orderId = request.orderId;
        reply.orderType = request.orderType;
        reply.timeInForce = request.type == CommandType.ORDER_STATUS ? null : request.timeInForce;
        reply.orderQty = request.quantity == FixDecimals.INVALID ? 0 : request.quantity;
        reply.price = request.price == FixDecimals.INVALID ? 0 : request.price;
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
            localReply.unknownSymbol.set(request.symbol);
        }
        return localReply;
    }

    /** An OrderCancelReject; {@code reason} null means an unknown symbol (the engine's reason), else the gateway's. */
    private QueuedExecution cancelReject(final int sessionId, final long gatewayInNs, final GatewayReject reason)
    {
        final ExecutionEvent reply =
            beginReply(sessionId, gatewayInNs, ExecutionEvent.Kind.CANCEL_REJECT, request.type);
        reply.cxlRejResponseTo = request.type;
        reply.origClOrdId.set(request.origClOrdId);
        reply.orderId = request.orderId;
        localReply.gatewayReject = reason;
        if (reason == null)
        {
            reply.rejectReason = RejectReason.UNKNOWN_INSTRUMENT;
        }
        return localReply;
    }
}
