package io.kairos.fix;

import io.kairos.fix.codecs.builder.TestRequestEncoder;
import io.kairos.fix.codecs.decoder.HeartbeatDecoder;
import io.kairos.fix.codecs.decoder.ResendRequestDecoder;
import io.kairos.fix.delivery.SentSequenceFloor;
import io.kairos.fix.delivery.SessionDeliveries;
import io.kairos.fix.delivery.UncertainReports;
import io.kairos.fix.wire.FixFieldScan;
import io.kairos.fix.wire.FixTags;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.session.Session;

/**
 * The way out of one session, order entry's or a drop copy's alike: a report goes to the wire at once when the
 * connection takes it, else waits in the session's {@link OutboundBacklog} (logged off, logging on, back-pressured)
 * and is flushed on later duty cycles; each one Artio accepted stays pending in the session's
 * {@link SessionDeliveries} until the framer has written its MsgSeqNum ({@link SentSequenceFloor}); a resend that
 * stalls ({@link ReplayWatch}) ends the connection visibly. After a crash that left reports uncertain
 * ({@link UncertainReports}: taken by the framer, never archived) the session sends nothing more until its client has
 * said which it lacks: a TestRequest after the logon, and the client's ResendRequest (it lacks the numbers from its
 * BeginSeqNo on) or the Heartbeat answering the TestRequest (it lacks none) decides. What differs between the two kinds
 * of session is only how a report is encoded ({@link Sender}). Owned by the library thread; allocation-free per report
 * in steady state.
 */
final class SessionOutbound
{
    /** Reports flushed from the backlog per duty cycle, so that one session's catch-up cannot starve the others. */
    static final int MAX_FLUSH_PER_CYCLE = 64;

    /** Encodes one report to the connection. */
    @FunctionalInterface
    interface Sender
    {
        /** @return Artio's position, negative when back-pressured (the report then waits). */
        long send(Session session, QueuedExecution execution);
    }

    private final OrderEntryShared shared;
    private final String label;
    private final Sender sender;
    private final OutboundBacklog backlog = new OutboundBacklog(64);
    private final SessionDeliveries deliveries;
    private final int floorSlot;
    private final ReplayWatch replayWatch = new ReplayWatch(ReplayWatch.STALL_NS);
    private final UncertainReports uncertain;
    /** The connection asked which uncertain reports it lacks, and the TestReqID it was asked with. */
    private Session asked;
    private int askedWith;

    /**
     * @param label     how the log names the session ("CLIENT01", "drop copy DC01")
     * @param sessionId the session's record in the delivery marks
     * @param compId    the session's record in the sent-sequence floor
     */
    SessionOutbound(final OrderEntryShared shared, final String label, final int sessionId, final String compId,
        final Sender sender)
    {
        this.shared = shared;
        this.label = label;
        this.sender = sender;
        deliveries = new SessionDeliveries(shared.marks, sessionId);
        uncertain = deliveries.uncertain();
        floorSlot = shared.floor.slot(compId);
    }

    SessionDeliveries deliveries()
    {
        return deliveries;
    }

    int backlogSize()
    {
        return backlog.size();
    }

    /**
     * Sends the report now if {@code current} takes it and nothing waits before it; else keeps it, in order. A report
     * the client said it had after a crash is not sent again.
     */
    void deliver(final Session current, final QueuedExecution execution)
    {
        if (deliveries.clientHad(execution.event))
        {
            return;
        }
        if (current != null && backlog.isEmpty() && !uncertain.awaitingClient() && current.isActive() &&
            sender.send(current, execution) >= 0)
        {
            deliveries.onAccepted(execution.event, current.lastSentMsgSeqNum());
            return;
        }
        backlog.add(execution);
    }

    /** Marks delivered the reports the framer has written to the socket. @return how many. */
    int confirmWritten()
    {
        // the floor is read only when a report waits for it: this runs on every duty cycle for every session
        return floorSlot == SentSequenceFloor.UNKNOWN_SLOT || !deliveries.awaitingWrite() ?
            0 : deliveries.confirmWritten(shared.floor.lastSent(floorSlot));
    }

    /** Whether reports wait in the backlog for {@code current}, a connection that can take them. */
    boolean hasBacklog(final Session current)
    {
        return !backlog.isEmpty() && current != null && current.isActive();
    }

    /**
     * Housekeeping on each duty cycle: confirm written reports, notice a sequence reset, watch resends, flush
     * waiting reports. @return work done.
     */
    int doWork(final Session current)
    {
        int work = confirmWritten();
        if (current == null)
        {
            asked = null;
            return work;
        }
        if (current.isActive() && current.lastSentMsgSeqNum() < deliveries.newestAwaiting())
        {
            deliveries.onSequenceReset();
        }
        work += watchReplay(current);
        if (uncertain.awaitingClient())
        {
            return work + askClient(current);
        }
        if (!backlog.isEmpty() && current.isActive())
        {
            final int before = backlog.size();
            flush(current, MAX_FLUSH_PER_CYCLE);
            work += before - backlog.size();
        }
        return work;
    }

    /**
     * Before a request is handled: sends the waiting reports, so that its answers follow them. @return false when
     * some could not be sent (the request waits); true also while the reports wait for the client's word, which may
     * come after this request (its answers then wait behind them).
     */
    boolean readyForRequest(final Session current)
    {
        return backlog.isEmpty() || uncertain.awaitingClient() || flush(current, Integer.MAX_VALUE);
    }

    /** Sends at most {@code maxReports} waiting reports to {@code current}. @return true when none waits. */
    boolean flush(final Session current, final int maxReports)
    {
        if (uncertain.awaitingClient())
        {
            return false;
        }
        int sent = 0;
        QueuedExecution next;
        while (sent < maxReports && (next = backlog.peek()) != null)
        {
            if (current == null || !current.isActive() || sender.send(current, next) < 0)
            {
                return false;
            }
            deliveries.onAccepted(next.event, current.lastSentMsgSeqNum());
            backlog.removeFirst();
            sent++;
        }
        return backlog.isEmpty();
    }

    /**
     * Every message the client sends, before it is handled: while uncertain reports wait, its ResendRequest or its
     * Heartbeat answering the session's TestRequest says which it lacks; those it had leave the backlog.
     */
    void onClientMessage(final long messageType, final DirectBuffer buffer, final int offset, final int length)
    {
        if (!uncertain.awaitingClient())
        {
            return;
        }
        final int lacksFrom;
        if (messageType == ResendRequestDecoder.MESSAGE_TYPE)
        {
            final int beginSeqNo = FixFieldScan.intValue(buffer, offset, length, FixTags.BEGIN_SEQ_NO);
            lacksFrom = beginSeqNo == FixFieldScan.NOT_AN_INT ? 1 : beginSeqNo;
        }
        else if (messageType == HeartbeatDecoder.MESSAGE_TYPE &&
            FixFieldScan.intValue(buffer, offset, length, FixTags.TEST_REQ_ID) == askedWith)
        {
            lacksFrom = Integer.MAX_VALUE;
        }
        else
        {
            return;
        }
        final int before = uncertain.size();
        uncertain.onClientExpects(lacksFrom);
        final int had = backlog.removeIf(execution -> deliveries.clientHad(execution.event));
        System.out.println("kairos-fix-gateway: " + label + ": of " + before + " reports a crash left uncertain " +
            "(taken by the framer, never archived) the client " + (lacksFrom == Integer.MAX_VALUE ? "lacks none" :
            "lacks those from MsgSeqNum " + lacksFrom) + ": " + had + " not sent again, " +
            (before - uncertain.size() - had) + " sent again (PossResend=Y)");
    }

    /** While uncertain reports wait: asks the connection, once, with a TestRequest. @return work done */
    private int askClient(final Session current)
    {
        if (asked == current || !current.isActive())
        {
            return 0;
        }
        final int testReqId = current.lastSentMsgSeqNum() + 1;
        if (current.trySend(new TestRequestEncoder().testReqID(Integer.toString(testReqId))) < 0)
        {
            return 0;
        }
        asked = current;
        askedWith = testReqId;
        return 1;
    }

    /** A replay that does not complete silences the session ({@link ReplayWatch}): end it visibly instead. */
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
        System.out.println("kairos-fix-gateway: " + label + ": a resend has not completed in " +
            ReplayWatch.STALL_NS / 1_000_000_000L + " s and Artio holds the session's messages back until it does; " +
            "logged out and disconnected");
        return 1;
    }
}
