package io.kairos.fix;

import io.kairos.engine.AsciiId;
import io.kairos.engine.ExecutionEvent;

/**
 * A copy of one engine execution event on its way to a session, with the time the gateway thread took
 * it (FIX 7765 ResponseIn). Preallocated in the {@link EngineEventQueue} ring and in each session's
 * outbound backlog; owned by whichever of them holds it.
 */
final class QueuedExecution
{
    final ExecutionEvent event = new ExecutionEvent();
    /** Symbol (55) to report when the request named an instrument the reference data does not know. */
    final AsciiId unknownSymbol = new AsciiId();
    /** Set when the gateway itself rejected the request; the event then carries no engine reason. */
    GatewayReject gatewayReject;
    /** For an aggregated mass cancel report: MassCancelRequestType (530). */
    char massCancelRequestType;
    /** For a rejected mass cancel: MassCancelRejectReason (532); 0 when it succeeded. */
    char massCancelRejectReason;
    long responseInNs;
    /**
     * The number of a report the gateway made itself (ExecID "GW" + number), fixed when it is first encoded so that
     * a drop copy of it carries the same ExecID; 0 until then.
     */
    long localExecId;
    /** In a drop-copy session's backlog: the CompID of the order-entry session the report was sent to; else null. */
    String copyOf;

    /** Prepares the slot for an event the engine produced. */
    void clearGatewayFields()
    {
        unknownSymbol.clear();
        gatewayReject = null;
        massCancelRequestType = 0;
        massCancelRejectReason = 0;
        localExecId = 0;
        copyOf = null;
    }

    void copyFrom(final QueuedExecution other)
    {
        event.copyFrom(other.event);
        unknownSymbol.set(other.unknownSymbol);
        gatewayReject = other.gatewayReject;
        massCancelRequestType = other.massCancelRequestType;
        massCancelRejectReason = other.massCancelRejectReason;
        responseInNs = other.responseInNs;
        localExecId = other.localExecId;
        copyOf = other.copyOf;
    }
}
