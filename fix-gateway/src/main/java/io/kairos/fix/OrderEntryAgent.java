package io.kairos.fix;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.ExecutionEvent;
import io.kairos.fix.delivery.DeliveryMarks;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionAcquiredInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

/**
 * The gateway's one thread of FIX work: polls the Artio library (which calls the
 * {@link OrderEntrySession} handlers), drains the engine's execution events into the sessions, and runs
 * each session's housekeeping. Owns the library and every session object; nothing here allocates per
 * order in steady state.
 */
final class OrderEntryAgent implements Agent
{
    private static final int FRAGMENT_LIMIT = 32;
    private static final int EXECUTIONS_PER_CYCLE = 256;
    private static final long LOGOUT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);

    private final OrderEntrySession[] sessions;
    private final DropCopySession[] dropCopies;
    private final Map<String, DropCopySession> dropCopiesByCompId = new HashMap<>();
    private final OrderEntrySession[] sessionsById;
    private final Map<String, OrderEntrySession> sessionsByCompId = new HashMap<>();
    private final EngineEventQueue queue;
    private final EngineEventQueue.Consumer router = this::route;
    private final EpochNanoClock clock;
    private final DeliveryMarks marks;
    private final CommandSink publisher;
    private final OperatorKillSwitches killSwitches;
    /**
     * Drives Artio's framer while this agent logs sessions out at close, when both share one thread; else returns 0.
     */
    private final IntSupplier framerDuringClose;
    /** A matcher's event being routed at once on the shared thread (compact threading). */
    private final QueuedExecution direct = new QueuedExecution();
    /** An operator's requests from other threads (rare; they allocate), run here between polls. */
    private final ManyToOneConcurrentArrayQueue<Runnable> operatorRequests = new ManyToOneConcurrentArrayQueue<>(64);
    private FixLibrary library;
    private volatile Thread thread;

    OrderEntryAgent(
        final List<FixSessionConfig> configs, final OrderEntryShared shared, final EngineEventQueue queue,
        final IntSupplier framerDuringClose)
    {
        this(configs, List.of(), shared, queue, framerDuringClose);
    }

    OrderEntryAgent(
        final List<FixSessionConfig> configs, final List<DropCopySessionConfig> dropCopyConfigs,
        final OrderEntryShared shared, final EngineEventQueue queue, final IntSupplier framerDuringClose)
    {
        this.queue = queue;
        this.framerDuringClose = framerDuringClose;
        this.clock = shared.clock;
        this.marks = shared.marks;
        this.publisher = shared.publisher;
        this.killSwitches = shared.killSwitches;
        sessions = new OrderEntrySession[configs.size()];
        int maxId = 0;
        for (final FixSessionConfig config : configs)
        {
            maxId = Math.max(maxId, config.sessionId());
        }
        sessionsById = new OrderEntrySession[maxId + 1];
        for (int i = 0; i < sessions.length; i++)
        {
            final OrderEntrySession session = new OrderEntrySession(configs.get(i), shared);
            sessions[i] = session;
            sessionsById[session.config().sessionId()] = session;
            sessionsByCompId.put(session.config().compId(), session);
        }
        dropCopies = new DropCopySession[dropCopyConfigs.size()];
        for (int i = 0; i < dropCopies.length; i++)
        {
            dropCopies[i] = new DropCopySession(dropCopyConfigs.get(i), shared);
            dropCopiesByCompId.put(dropCopies[i].config().compId(), dropCopies[i]);
        }
        for (final OrderEntrySession session : sessions)
        {
            final List<DropCopySession> ofFirm = new ArrayList<>();
            for (final DropCopySession dropCopy : dropCopies)
            {
                if (dropCopy.config().covers(session.config().firm()))
                {
                    ofFirm.add(dropCopy);
                }
            }
            session.dropCopies(ofFirm.toArray(new DropCopySession[0]));
        }
    }

    void library(final FixLibrary connected)
    {
        library = connected;
    }

    /** Artio's acquire callback (library thread): binds the connection to its configured session. */
    SessionHandler onSessionAcquired(final Session session, final SessionAcquiredInfo info)
    {
        final OrderEntrySession owner = sessionsByCompId.get(session.compositeKey().remoteCompId());
        if (owner == null)
        {
            final DropCopySession dropCopy = dropCopiesByCompId.get(session.compositeKey().remoteCompId());
            if (dropCopy != null)
            {
                return dropCopy.onConnected(session);
            }
            session.requestDisconnect();
            return UNKNOWN_SESSION;
        }
        return owner.onConnected(session);
    }

    @Override
    public void onStart()
    {
        thread = Thread.currentThread();
    }

    @Override
    public int doWork()
    {
        int work = library.poll(FRAGMENT_LIMIT);
        work += queue.drain(router, EXECUTIONS_PER_CYCLE);
        work += operatorRequests.drain(RUN);
        for (final OrderEntrySession session : sessions)
        {
            work += session.doWork();
            work += session.cancelOnDisconnectIfPending();
        }
        for (final DropCopySession dropCopy : dropCopies)
        {
            work += dropCopy.doWork();
        }
        return work;
    }

    /**
     * A matcher on this agent's own thread (compact threading) reports an event: routed to its session at once,
     * after whatever the queue still holds from other threads (start-up recovery), so each session's reports
     * keep the engine's order. No copy into the queue, no hand-off; allocation-free.
     */
    void onExecutionOnThisThread(final ExecutionEvent event)
    {
        while (queue.drain(router, EXECUTIONS_PER_CYCLE) > 0)
        {
            // older events first
        }
        direct.event.copyFrom(event);
        direct.clearGatewayFields();
        direct.responseInNs = clock.nanoTime();
        route(direct);
    }

    private void route(final QueuedExecution execution)
    {
        final int sessionId = execution.event.sessionId;
        if (sessionId > 0 && sessionId < sessionsById.length)
        {
            final OrderEntrySession session = sessionsById[sessionId];
            if (session != null)
            {
                session.onExecution(execution);
            }
        }
        if (DeliveryMarks.tracks(execution.event))
        {
            // after the session took it; more events of the same command may follow, hence - 1
            marks.onRouted(execution.event.partition, execution.event.journalIndex - 1);
        }
    }

    /**
     * Routes what is left in the engine's queue, sends the reports still waiting in connected sessions' backlogs,
     * then logs every connected session out,
     * waits (bounded, {@link #LOGOUT_TIMEOUT_NS} each) for both to go out, closes the library. (Reports the
     * engine emitted before it closed are all in the backlogs or with Artio by now: the venue closes the engine
     * first.)
     */
    @Override
    public void onClose()
    {
        if (library == null)
        {
            return;
        }
        while (queue.drain(router, EXECUTIONS_PER_CYCLE) > 0)
        {
            // the engine closed first: whatever it emitted is in the queue or already routed
        }
        final long flushDeadline = clock.nanoTime() + LOGOUT_TIMEOUT_NS;
        while (anyBacklog() && clock.nanoTime() < flushDeadline)
        {
            if (doWork() + framerDuringClose.getAsInt() == 0)
            {
                Thread.onSpinWait();
            }
        }
        for (final OrderEntrySession session : sessions)
        {
            final Session connected = session.session();
            if (connected != null)
            {
                // a Logout the client answers, then the disconnect: logoutAndDisconnect() would drop the Logout
                // (and reports) still in the framer's buffer for a client reading slowly
                connected.startLogout();
            }
        }
        for (final DropCopySession dropCopy : dropCopies)
        {
            final Session connected = dropCopy.session();
            if (connected != null)
            {
                connected.startLogout();
            }
        }
        final long deadline = clock.nanoTime() + LOGOUT_TIMEOUT_NS;
        while (anyConnected() && clock.nanoTime() < deadline)
        {
            if (library.poll(FRAGMENT_LIMIT) + framerDuringClose.getAsInt() == 0)
            {
                Thread.onSpinWait();
            }
        }
        for (final OrderEntrySession session : sessions)
        {
            session.confirmWritten();
        }
        for (final DropCopySession dropCopy : dropCopies)
        {
            dropCopy.confirmWritten();
        }
        library.close();
    }

    private boolean anyBacklog()
    {
        for (final OrderEntrySession session : sessions)
        {
            if (session.hasBacklog())
            {
                return true;
            }
        }
        for (final DropCopySession dropCopy : dropCopies)
        {
            if (dropCopy.hasBacklog())
            {
                return true;
            }
        }
        return false;
    }

    private boolean anyConnected()
    {
        for (final OrderEntrySession session : sessions)
        {
            if (session.isConnected())
            {
                return true;
            }
        }
        for (final DropCopySession dropCopy : dropCopies)
        {
            if (dropCopy.isConnected())
            {
                return true;
            }
        }
        return false;
    }

    OrderEntrySession session(final String compId)
    {
        return sessionsByCompId.get(compId);
    }

    /** Every configured session's state, in configuration order. Any thread. */
    List<OrderEntrySessionState> sessionStates()
    {
        final List<OrderEntrySessionState> states = new ArrayList<>(sessions.length);
        for (final OrderEntrySession session : sessions)
        {
            states.add(session.state());
        }
        return states;
    }

    /**
     * An operator's kill switch on one session: a mass cancel of all its orders marked as the operator's (journalled
     * with {@code operator}), published from the calling thread (waiting for room in the rings). Any thread.
     * @return completes with the number of orders cancelled once every partition reported; exceptionally when the
     * engine is stopping or there is no such session
     */
    CompletableFuture<Integer> operatorCancelAll(final String compId, final String operator)
    {
        final OrderEntrySession owner = sessionsByCompId.get(compId);
        if (owner == null)
        {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no session " + compId));
        }
        final EngineCommand command = new EngineCommand().operatorCancelAll(owner.config().sessionId(), operator);
        command.correlationId = killSwitches.nextCorrelationId();
        command.gatewayInNs = clock.nanoTime();
        final CompletableFuture<Integer> cancelled =
            killSwitches.expect(command.correlationId, publisher.partitionsFor(EngineCommand.ALL_INSTRUMENTS));
        if (publisher.publish(command) <= 0)
        {
            killSwitches.forget(command.correlationId);
            return CompletableFuture.failedFuture(new IllegalStateException("the engine is stopping; nothing done"));
        }
        return cancelled;
    }

    /**
     * An operator throws the session out: a Logout with {@code text}, then the disconnect, on this agent's thread.
     * Any thread. @return completes with whether the session was logged on (false: nothing to do, or no such
     * session), exceptionally when too many requests wait.
     */
    CompletableFuture<Boolean> disconnect(final String compId, final String text)
    {
        final CompletableFuture<Boolean> done = new CompletableFuture<>();
        final OrderEntrySession owner = sessionsByCompId.get(compId);
        if (owner == null)
        {
            done.complete(false);
            return done;
        }
        final byte[] logoutText = text.getBytes(StandardCharsets.US_ASCII);
        final boolean queued = operatorRequests.offer(() ->
        {
            final Session connected = owner.session();
            if (connected != null)
            {
                connected.logoutAndDisconnect(logoutText);
            }
            done.complete(connected != null);
        });
        if (!queued)
        {
            done.completeExceptionally(new IllegalStateException("too many operator requests waiting"));
        }
        return done;
    }

    DropCopySession dropCopy(final String compId)
    {
        return dropCopiesByCompId.get(compId);
    }

    /** Bytes allocated so far by the agent's thread (HotSpot's per-thread counter); -1 before it started. */
    long allocatedBytes()
    {
        final Thread current = thread;
        if (current == null)
        {
            return -1;
        }
        return ((com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(
            current.threadId());
    }

    @Override
    public String roleName()
    {
        return "kairos-fix-gateway";
    }

    private static final Consumer<Runnable> RUN = Runnable::run;

    private static final SessionHandler UNKNOWN_SESSION = new SessionHandler()
    {
        public Action onMessage(
            final DirectBuffer buffer, final int offset, final int length, final int libraryId, final Session session,
            final int sequenceIndex, final long messageType, final long timestampInNs, final long position,
            final OnMessageInfo messageInfo)
        {
            return Action.CONTINUE;
        }

        public void onTimeout(final int libraryId, final Session session)
        {
        }

        public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
        {
        }

        public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
        {
            return Action.CONTINUE;
        }

        public void onSessionStart(final Session session)
        {
        }
    };
}
