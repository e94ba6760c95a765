package io.kairos.fix;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.kairos.engine.ExecutionEvent;
import io.kairos.fix.codecs.decoder.HeaderDecoder;
import io.kairos.fix.codecs.decoder.SequenceResetDecoder;
import io.kairos.fix.delivery.RefusedSequenceResets;
import io.kairos.fix.delivery.SessionDeliveries;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.messages.MessageStatus;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * One configured drop-copy session across its connections: receives a copy of every ExecutionReport its firms'
 * order-entry sessions are sent ({@link ExecutionReportWriter#sendCopy}), with its own sequence numbers, and refuses
 * every application message it sends with a BusinessMessageReject (nothing reaches the engine). Its copies take
 * the order-entry sessions' path to the wire and to the crash-recovery marks: its own {@link OutboundBacklog} while
 * it is logged off, logging on or back-pressured (delivered once at its next logon), and its own
 * {@link SessionDeliveries} record, so that a restart after {@code kill -9} emits again what the framer had not
 * written to it. Allocation-free per report in steady state. Owned by the library thread.
 */
final class DropCopySession implements SessionHandler
{

    private final DropCopySessionConfig config;
    private final OrderEntryShared shared;
    /** The copies' way out, as an order-entry session's reports: at once or through the backlog. */
    private final SessionOutbound outbound;
    private final MutableAsciiBuffer asciiBuffer = new MutableAsciiBuffer();
    private final HeaderDecoder header = new HeaderDecoder();
    private Session session;

    DropCopySession(final DropCopySessionConfig config, final OrderEntryShared shared)
    {
        this.config = config;
        this.shared = shared;
        outbound = new SessionOutbound(shared, "drop copy " + config.compId(), config.sessionId(), config.compId(),
            (current, execution) -> shared.writer.sendCopy(current, execution, execution.copyOf));
    }

    DropCopySessionConfig config()
    {
        return config;
    }

    /** Artio handed us a new connection of this session (its logon is being processed). */
    SessionHandler onConnected(final Session newSession)
    {
        session = newSession;
        shared.metrics.sessionsConnected().incrementAndGet();
        return this;
    }

    boolean isConnected()
    {
        return session != null;
    }

    Session session()
    {
        return session;
    }

    int backlogSize()
    {
        return outbound.backlogSize();
    }

    /**
     * An ExecutionReport went (or goes, from its backlog) to the order-entry session {@code copyOf} of one of this
     * session's firms: send the copy, or keep it until the connection takes it. A report the engine emitted again at
     * start-up that this session had before the restart is skipped.
     */
    void copy(final QueuedExecution execution, final String copyOf)
    {
        final ExecutionEvent event = execution.event;
        if (outbound.deliveries().hadBeforeRestart(event))
        {
            return;
        }
        outbound.deliveries().onArrived(event);
        final String previous = execution.copyOf;
        execution.copyOf = copyOf;
        outbound.deliver(session, execution);
        execution.copyOf = previous;
    }

    @Override
    public Action onMessage(
        final DirectBuffer buffer, final int offset, final int length, final int libraryId, final Session artioSession,
        final int sequenceIndex, final long messageType, final long timestampInNs, final long position,
        final OnMessageInfo messageInfo)
    {
        if (messageInfo.status() != MessageStatus.OK)
        {
            return Action.CONTINUE;
        }
        if (messageType == SequenceResetDecoder.MESSAGE_TYPE)
        {
            RefusedSequenceResets.consumeIfRefused(buffer, offset, length, artioSession);
        }
        outbound.onClientMessage(messageType, buffer, offset, length);
        if (!messageInfo.isValid() || OrderEntryMessageTypes.isSessionLevel(messageType))
        {
            return Action.CONTINUE;
        }
        // a drop copy only listens: every application message (an order, a cancel, a status request) is refused
        asciiBuffer.wrap(buffer, offset, length);
        header.reset();
        header.decode(asciiBuffer, 0, length);
        if (shared.rejects.sendBusinessReject(artioSession, header.msgSeqNum(), header.msgType(),
            header.msgTypeLength(), SessionRejectWriter.NOT_AUTHORIZED,
            GatewayReject.DROP_COPY_CANNOT_ENTER_ORDERS.text()) < 0)
        {
            return Action.ABORT;
        }
        shared.metrics.onReject(GatewayReject.DROP_COPY_CANNOT_ENTER_ORDERS);
        return Action.CONTINUE;
    }

    /** Marks delivered the copies the framer has written to the socket. @return how many. */
    int confirmWritten()
    {
        return outbound.confirmWritten();
    }

    /** Whether copies wait in this session's backlog for its connection to take them. */
    boolean hasBacklog()
    {
        return outbound.hasBacklog(session);
    }

    /** Housekeeping on each duty cycle: confirm written copies, flush waiting ones. @return work done. */
    int doWork()
    {
        return outbound.doWork(session);
    }

    @Override
    public Action onDisconnect(final int libraryId, final Session artioSession, final DisconnectReason reason)
    {
        if (session == artioSession)
        {
            session = null;
            shared.metrics.sessionsConnected().decrementAndGet();
        }
        return Action.CONTINUE;
    }

    @Override
    public void onSessionStart(final Session artioSession)
    {
    }

    @Override
    public void onTimeout(final int libraryId, final Session artioSession)
    {
    }

    @Override
    public void onSlowStatus(final int libraryId, final Session artioSession, final boolean hasBecomeSlow)
    {
    }
}
