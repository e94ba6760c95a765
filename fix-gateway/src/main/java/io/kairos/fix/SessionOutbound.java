package io.kairos.fix;

import io.kairos.fix.delivery.SentSequenceFloor;
import io.kairos.fix.delivery.SessionDeliveries;
import uk.co.real_logic.artio.session.Session;

/**
 * The way out of one session, order entry's or a drop copy's alike: a report goes to the wire at once when the
 * connection takes it, else waits in the session's {@link OutboundBacklog} (logged off, logging on, back-pressured)
 * and is flushed on later duty cycles; each one Artio accepted stays pending in the session's
 * {@link SessionDeliveries} until the framer has written its MsgSeqNum ({@link SentSequenceFloor}); a resend that
 * stalls ({@link ReplayWatch}) ends the connection visibly. What differs between the two kinds of session is only
 * how a report is encoded ({@link Sender}). Owned by the library thread; allocation-free per report in steady state.
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

    boolean backlogEmpty()
    {
        return backlog.isEmpty();
    }

    /** Sends the report now if {@code current} takes it and nothing waits before it; else keeps it, in order. */
    void deliver(final Session current, final QueuedExecution execution)
    {
        if (current != null && backlog.isEmpty() && current.isActive() && sender.send(current, execution) >= 0)
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
            flush(current, MAX_FLUSH_PER_CYCLE);
            work += before - backlog.size();
        }
        return work;
    }

    /** Sends at most {@code maxReports} waiting reports to {@code current}. @return true when none waits. */
    boolean flush(final Session current, final int maxReports)
    {
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
