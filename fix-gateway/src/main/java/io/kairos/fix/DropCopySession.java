package io.kairos.fix;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.kairos.engine.ExecutionEvent;
import io.kairos.fix.codecs.decoder.HeaderDecoder;
import io.kairos.fix.codecs.decoder.SequenceResetDecoder;
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
    private static final int MAX_FLUSH_PER_CYCLE = 64;

    private final DropCopySessionConfig config;
    private final OrderEntryShared shared;
    private final OutboundBacklog backlog = new OutboundBacklog(64);
    private final SessionDeliveries deliveries;
    private final int floorSlot;
    private final MutableAsciiBuffer asciiBuffer = new MutableAsciiBuffer();
    private final HeaderDecoder header = new HeaderDecoder();
    private final ReplayWatch replayWatch = new ReplayWatch(ReplayWatch.STALL_NS);
    private Session session;

    DropCopySession(final DropCopySessionConfig config, final OrderEntryShared shared)
    {
        this.config = config;
        this.shared = shared;
        deliveries = new SessionDeliveries(shared.marks, config.sessionId());
        floorSlot = shared.floor.slot(config.compId());
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
        return backlog.size();
    }

    /**
     * An ExecutionReport went (or goes, from its backlog) to the order-entry session {@code copyOf} of one of this
     * session's firms: send the copy, or keep it until the connection takes it. A report the engine emitted again at
     * start-up that this session had before the restart is skipped.
     */
    void copy(final QueuedExecution execution, final String copyOf)
    {
        final ExecutionEvent event = execution.event;
        if (deliveries.hadBeforeRestart(event))
        {
            return;
        }
        deliveries.onArrived(event);
        final Session current = session;
        if (current != null && backlog.isEmpty() && current.isActive() &&
            shared.writer.sendCopy(current, execution, copyOf) >= 0)
        {
            deliveries.onAccepted(event, current.lastSentMsgSeqNum());
            return;
        }
        final String previous = execution.copyOf;
        execution.copyOf = copyOf;
        backlog.add(execution);
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
        return floorSlot == SentSequenceFloor.UNKNOWN_SLOT || !deliveries.awaitingWrite() ?
            0 : deliveries.confirmWritten(shared.floor.lastSent(floorSlot));
    }

    /** Whether copies wait in this session's backlog for its connection to take them. */
    boolean hasBacklog()
    {
        return !backlog.isEmpty() && session != null && session.isActive();
    }

    /** Housekeeping on each duty cycle: confirm written copies, flush waiting ones. @return work done. */
    int doWork()
    {
        int work = confirmWritten();
        final Session current = session;
        if (current == null)
        {
            return work;
        }
        if (current.isActive() && current.lastSentMsgSeqNum() < deliveries.newestAwaiting())
        {
            deliveries.onSequenceReset();
        }
        work += watchReplay(current);
        if (!backlog.isEmpty() && current.isActive())
        {
            final int before = backlog.size();
            flushBacklog(MAX_FLUSH_PER_CYCLE);
            work += before - backlog.size();
        }
        return work;
    }

    /** As {@link OrderEntrySession}: a resend that does not complete silences the session; end it visibly. */
    private int watchReplay(final Session current)
    {
        if (!current.isReplaying())
        {
            replayWatch.onIdle();
            return 0;
        }
        if (!replayWatch.isStalled(shared.clock.nanoTime()) || current.logoutAndDisconnect() < 0)
        {
            return 0;
        }
        replayWatch.onReported();
        shared.metrics.onReplayStalled();
        System.out.println("kairos-fix-gateway: drop copy " + config.compId() + ": a resend has not completed in " +
            ReplayWatch.STALL_NS / 1_000_000_000L + " s; logged out and disconnected");
        return 1;
    }

    /** @return true when nothing is left waiting. */
    private boolean flushBacklog(final int maxReports)
    {
        final Session current = session;
        int sent = 0;
        QueuedExecution next;
        while (sent < maxReports && (next = backlog.peek()) != null)
        {
            if (current == null || !current.isActive() || shared.writer.sendCopy(current, next, next.copyOf) < 0)
            {
                return false;
            }
            deliveries.onAccepted(next.event, current.lastSentMsgSeqNum());
            backlog.removeFirst();
            sent++;
        }
        return backlog.isEmpty();
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
