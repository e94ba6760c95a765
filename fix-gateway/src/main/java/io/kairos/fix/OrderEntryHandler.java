package io.kairos.fix;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.kairos.engine.EngineCommand;

/**
 * What {@link FixCommandAdapter} calls back with the outcome of one decoded order-entry request: exactly one
 * method per request. Each returns Artio's {@link Action}: {@link Action#ABORT} when the outcome could not be
 * passed on (ring full, send back-pressured), so that Artio delivers the same message again and the adapter
 * decodes it afresh. The arguments are the adapter's flyweights: valid only during the call. Implemented by
 * {@link OrderEntrySession}; called on the library thread.
 */
interface OrderEntryHandler
{
    /** A valid new order, cancel, cancel/replace or order status request to publish to the engine. */
    Action onCommand(EngineCommand command);

    /** A valid mass cancel to publish; {@code requestType} is its MassCancelRequestType (530), echoed in the report. */
    Action onMassCancel(EngineCommand command, char requestType);

    /**
     * A malformed request or one missing a required field: answer with a session-level Reject (35=3).
     *
     * @param refTagId            RefTagID (371), 0 when no tag is at fault
     * @param sessionRejectReason SessionRejectReason (373)
     * @param text                Text (58), or null
     */
    Action onSessionReject(int refTagId, int sessionRejectReason, String text);

    /** A request the gateway answers itself (unknown symbol, unsupported order type...): send {@code reply}. */
    Action onLocalReply(QueuedExecution reply);

    /** A message type the order-entry gateway does not serve: answer with a BusinessMessageReject (35=j). */
    Action onUnsupportedMessage();
}
