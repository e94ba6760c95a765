package io.kairos.fix;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.kairos.engine.CommandSink;
import io.kairos.engine.CommandType;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.RejectReason;
import io.kairos.fix.codecs.decoder.HeaderDecoder;
import io.kairos.fix.codecs.decoder.SequenceResetDecoder;
import io.kairos.fix.delivery.MsgSeqNums;
import io.kairos.fix.delivery.RefusedSequenceResets;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.messages.MessageStatus;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * One configured order-entry session across its connections: handles the requests Artio delivers
 * (publishes engine commands, answers rejects), delivers the engine's reports (directly, or through its
 * {@link OutboundBacklog} while disconnected, logging on or back-pressured), watches the run of
 * throttle-rejected messages and cancels the session's orders on disconnect when configured.
 * Allocation-free per message in steady state. Owned by the library thread.
 */
final class OrderEntrySession implements SessionHandler, OrderEntryHandler
{
    private static final String COD_REQUEST_ID = "CANCEL-ON-DISCONNECT";

    private final FixSessionConfig config;
    private final OrderEntryShared shared;
    /** The reports' way out: at once, or through the backlog; pending until the framer wrote them. */
    private final SessionOutbound outbound;
    private final MassCancelTracker massCancels = new MassCancelTracker();
    private final MutableAsciiBuffer asciiBuffer = new MutableAsciiBuffer();
    private final HeaderDecoder header = new HeaderDecoder();
    private final EngineCommand cancelOnDisconnect = new EngineCommand();
    private Session session;
    /** The Artio session of the message being handled: where the adapter's callbacks answer. */
    private Session requestSession;
    private int lastHandledSeqNum;
    private int countedThrottleRun;
    private boolean throttleDisconnectRequested;
    private boolean pendingCancelOnDisconnect;
    /** Written on connect and disconnect only (allocates then), read by an operator's thread. */
    private volatile OrderEntrySessionState state;
    /** The drop-copy sessions of this session's firm: each gets a copy of every ExecutionReport sent here. */
    private DropCopySession[] dropCopies = new DropCopySession[0];

    OrderEntrySession(final FixSessionConfig config, final OrderEntryShared shared)
    {
        this.config = config;
        this.shared = shared;
        state = state(false, "");
        outbound = new SessionOutbound(shared, config.compId(), config.sessionId(), config.compId(),
            shared.writer::send);
    }

    FixSessionConfig config()
    {
        return config;
    }

    /** At construction of the agent: the drop-copy sessions of this session's firm. */
    void dropCopies(final DropCopySession[] copiesTo)
    {
        dropCopies = copiesTo.clone();
    }

    /** Artio handed us a new connection of this session (its logon is being processed). */
    SessionHandler onConnected(final Session newSession)
    {
        session = newSession;
        lastHandledSeqNum = newSession.lastReceivedMsgSeqNum();
        countedThrottleRun = 0;
        throttleDisconnectRequested = false;
        shared.metrics.sessionsConnected().incrementAndGet();
        state = state(true, newSession.connectedHost() + ":" + newSession.connectedPort());
        return this;
    }

    /** Any thread. */
    OrderEntrySessionState state()
    {
        return state;
    }

    private OrderEntrySessionState state(final boolean loggedOn, final String remoteAddress)
    {
        return new OrderEntrySessionState(config.compId(), config.firm(), config.sessionId(), loggedOn, remoteAddress,
            System.currentTimeMillis());
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
        final int seqNum = artioSession.lastReceivedMsgSeqNum();
        if (!OrderEntryMessageTypes.isSessionLevel(messageType) &&
            MsgSeqNums.of(buffer, offset, length) <= lastHandledSeqNum)
        {
            // a PossDupFlag=Y retransmission of a number already handled, which Artio passes on: FIX says ignore it
            shared.metrics.onReject(GatewayReject.STALE_RETRANSMISSION);
            return Action.CONTINUE;
        }
        if (messageType != SequenceResetDecoder.MESSAGE_TYPE)
        {
            countThrottled(seqNum - 1 - lastHandledSeqNum); // counts a run once, however often it is delivered
        }
        final Action action = handle(buffer, offset, length, artioSession, messageType, timestampInNs, messageInfo);
        if (action != Action.ABORT)
        {
            // Only a handled message counts as handled: Artio delivers an aborted one again, which must then not
            // look like a retransmission of a number already handled (that lost every order aborted under
            // back-pressure: 936 of 400,000 in a 20,000/s scenario run).
            lastHandledSeqNum = seqNum;
            countedThrottleRun = 0;
        }
        return action;
    }

    private Action handle(
        final DirectBuffer buffer, final int offset, final int length, final Session artioSession,
        final long messageType, final long timestampInNs, final OnMessageInfo messageInfo)
    {
        if (!messageInfo.isValid())
        {
            shared.metrics.onReject(GatewayReject.INVALID_MESSAGE);
            return Action.CONTINUE;
        }
        if (OrderEntryMessageTypes.isSessionLevel(messageType))
        {
            return Action.CONTINUE;
        }
        if (artioSession.isActive() && !outbound.readyForRequest(session))
        {
            return Action.ABORT;
        }
        asciiBuffer.wrap(buffer, offset, length);
        requestSession = artioSession;
        return shared.adapter.onMessage(messageType, asciiBuffer, 0, length, config.sessionId(), timestampInNs, this);
    }

    @Override
    public Action onCommand(final EngineCommand command)
    {
        return publish(command, (char)0);
    }

    @Override
    public Action onMassCancel(final EngineCommand command, final char requestType)
    {
        return publish(command, requestType);
    }

    @Override
    public Action onSessionReject(final int refTagId, final int sessionRejectReason, final String text)
    {
        decodeHeader();
        if (shared.rejects.sendReject(requestSession, header.msgSeqNum(), header.msgType(), header.msgTypeLength(),
            refTagId, sessionRejectReason, text) < 0)
        {
            return Action.ABORT;
        }
        shared.metrics.onReject(GatewayReject.INVALID_MESSAGE);
        return Action.CONTINUE;
    }

    @Override
    public Action onLocalReply(final QueuedExecution reply)
    {
        reply.event.engineInNs = shared.clock.nanoTime();
        reply.event.engineOutNs = reply.event.engineInNs;
        reply.responseInNs = reply.event.engineInNs;
        if (shared.writer.send(requestSession, reply) < 0)
        {
            return Action.ABORT;
        }
        copyToDropCopies(reply);
        shared.metrics.onOrderIn();
        countReject(reply);
        return Action.CONTINUE;
    }

    @Override
    public Action onUnsupportedMessage()
    {
        return businessReject(SessionRejectWriter.UNSUPPORTED_MESSAGE_TYPE, GatewayReject.UNSUPPORTED_MESSAGE_TYPE);
    }

    /** @param massCancelRequestType FIX 530 of a mass cancel, echoed in its report; 0 for any other command */
    private Action publish(final EngineCommand command, final char massCancelRequestType)
    {
        command.correlationId = ++shared.lastCorrelationId;
        final int reached = shared.publisher.tryPublish(command);
        if (reached == CommandSink.BACK_PRESSURED)
        {
            shared.metrics.onEngineBackPressure();
            return Action.ABORT;
        }
        if (reached == CommandSink.CLOSED)
        {
            return businessReject(SessionRejectWriter.APPLICATION_NOT_AVAILABLE, GatewayReject.ENGINE_UNAVAILABLE);
        }
        shared.metrics.onOrderIn();
        if (command.type == CommandType.MASS_CANCEL)
        {
            final MassCancelTracker.PendingMassCancel pending = massCancels.begin(command.correlationId, reached);
            pending.clOrdId.set(command.clOrdId);
            pending.requestType = massCancelRequestType;
            pending.gatewayInNs = command.gatewayInNs;
        }
        return Action.CONTINUE;
    }

    /** A BusinessMessageReject (35=j) of the message being handled, counted as {@code reject}. */
    private Action businessReject(final int businessRejectReason, final GatewayReject reject)
    {
        decodeHeader();
        if (shared.rejects.sendBusinessReject(requestSession, header.msgSeqNum(), header.msgType(),
            header.msgTypeLength(), businessRejectReason, reject.text()) < 0)
        {
            return Action.ABORT;
        }
        shared.metrics.onReject(reject);
        return Action.CONTINUE;
    }

    /** Decodes the header of the message being handled, which {@link #asciiBuffer} wraps exactly. */
    private void decodeHeader()
    {
        header.reset();
        header.decode(asciiBuffer, 0, asciiBuffer.capacity());
    }

    /** An engine event for this session, on the library thread. */
    void onExecution(final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        if (event.kind == ExecutionEvent.Kind.MASS_CANCEL_REPORT)
        {
            onMassCancelReport(execution);
            return;
        }
        copyToDropCopies(execution);
        if (outbound.deliveries().hadBeforeRestart(event))
        {
            // emitted again at start-up for a drop copy that lacked it; this session had it
            return;
        }
        if (event.execType == ExecType.TRADE)
        {
            shared.metrics.onExecution();
        }
        countReject(execution);
        outbound.deliveries().onArrived(event);
        deliver(execution);
    }

    /**
     * The drop copies of this session's firm get every ExecutionReport (35=8) it is sent; not OrderCancelRejects
     * (35=9) or OrderMassCancelReports (35=r), whose effects on orders reach them as ExecutionReports anyway.
     */
    private void copyToDropCopies(final QueuedExecution execution)
    {
        if (execution.event.kind != ExecutionEvent.Kind.EXECUTION_REPORT)
        {
            return;
        }
        for (final DropCopySession dropCopy : dropCopies)
        {
            dropCopy.copy(execution, config.compId());
        }
    }

    private void onMassCancelReport(final QueuedExecution execution)
    {
        final MassCancelTracker.PendingMassCancel done = massCancels.onReport(execution.event, execution.responseInNs);
        if (done == null)
        {
            shared.killSwitches.onReport(execution.event); // an operator's, or one this session no longer tracks
            return;
        }
        if (!done.silent)
        {
            final ExecutionEvent event = execution.event;
            event.clOrdId.set(done.clOrdId);
            event.affectedOrders = done.affectedOrders;
            event.gatewayInNs = done.gatewayInNs;
            event.engineInNs = done.engineInNs;
            event.engineOutNs = done.engineOutNs;
            execution.massCancelRequestType = done.requestType;
            execution.massCancelRejectReason = 0;
            deliver(execution);
        }
        massCancels.release(done);
    }

    private void deliver(final QueuedExecution execution)
    {
        outbound.deliver(session, execution);
    }

    /** Marks delivered the reports the framer has written to the socket. @return how many. */
    int confirmWritten()
    {
        return outbound.confirmWritten();
    }

    /** Whether reports wait in this session's backlog for its connection to take them. */
    boolean hasBacklog()
    {
        return outbound.hasBacklog(session);
    }

    /** Housekeeping on each duty cycle: flush waiting reports, enforce the throttle disconnect. @return work done. */
    int doWork()
    {
        final Session current = session;
        int work = outbound.doWork(current);
        if (current == null)
        {
            return work;
        }
        final int throttledRun = current.lastReceivedMsgSeqNum() - lastHandledSeqNum;
        if (throttledRun > countedThrottleRun)
        {
            countThrottled(throttledRun);
            if (throttledRun >= shared.throttleDisconnectAfterRejects && !throttleDisconnectRequested)
            {
                throttleDisconnectRequested = true;
                current.logoutAndDisconnect();
            }
            work++;
        }
        return work;
    }

    private void countThrottled(final int run)
    {
        if (run > countedThrottleRun)
        {
            shared.metrics.onThrottleRejects(run - countedThrottleRun);
            countedThrottleRun = run;
        }
    }

    private void countReject(final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        final boolean rejected = event.kind == ExecutionEvent.Kind.CANCEL_REJECT ||
            event.execType == ExecType.REJECTED || execution.massCancelRejectReason != 0;
        if (!rejected)
        {
            return;
        }
        if (execution.gatewayReject != null)
        {
            shared.metrics.onReject(execution.gatewayReject);
        }
        else if (event.rejectReason != RejectReason.NONE)
        {
            shared.metrics.onReject(event.rejectReason);
        }
    }

    @Override
    public Action onDisconnect(final int libraryId, final Session artioSession, final DisconnectReason reason)
    {
        if (session == artioSession)
        {
            session = null;
            shared.metrics.sessionsConnected().decrementAndGet();
            state = state(false, "");
            pendingCancelOnDisconnect = config.cancelOnDisconnect();
        }
        cancelOnDisconnectIfPending();
        return Action.CONTINUE;
    }

    /** Publishes the cancel-on-disconnect mass cancel; retried from the agent while the engine's ring is full. */
    int cancelOnDisconnectIfPending()
    {
        if (!pendingCancelOnDisconnect)
        {
            return 0;
        }
        final EngineCommand command = cancelOnDisconnect;
        command.massCancel(config.sessionId(), COD_REQUEST_ID, EngineCommand.ALL_INSTRUMENTS);
        command.correlationId = ++shared.lastCorrelationId;
        command.gatewayInNs = shared.clock.nanoTime();
        final int reached = shared.publisher.tryPublish(command);
        if (reached == CommandSink.BACK_PRESSURED)
        {
            return 0;
        }
        pendingCancelOnDisconnect = false;
        if (reached > 0)
        {
            massCancels.begin(command.correlationId, reached).silent = true;
        }
        return 1;
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
