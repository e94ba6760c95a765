package io.kairos.fix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import io.aeron.CommonContext;
import io.kairos.access.ConnectionGate;
import io.kairos.access.ConnectionOrigins;
import io.kairos.access.DoorMeters;
import io.kairos.access.LogonMeters;
import io.kairos.access.LogonVerifier;
import io.kairos.access.PasswordHash;
import io.kairos.engine.AgentThread;
import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandSink;
import io.kairos.engine.CountingErrorHandler;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.ReferenceData;
import io.kairos.fix.delivery.AcceptedReports;
import io.kairos.fix.delivery.DeliveryMarks;
import io.kairos.fix.delivery.SentSequenceFloor;
import io.kairos.fix.delivery.SessionDeliveries;
import io.kairos.fix.delivery.SettledReports;
import io.micrometer.core.instrument.MeterRegistry;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.SystemEpochNanoClock;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.session.Session;

/**
 * The FIX 4.4 order-entry acceptor: Artio (embedded media driver, archive and FixEngine) accepts the
 * configured sessions, the {@link OrderEntryAgent} turns their requests into engine commands and the engine's
 * execution events into ExecutionReports. Two layouts:
 * <ul>
 * <li>threads of its own ({@link #launch(FixGatewayConfig, ReferenceData, CommandSink, MeterRegistry)}):
 * Artio's framer, indexer and monitoring threads and the agent's thread {@code kairos-fix-gateway};</li>
 * <li>shared threads (compact threading): the framer and the agent on the caller's hot {@link AgentThread},
 * where the engine's matchers also run, and the indexer and monitoring on its infra thread.</li>
 * </ul>
 * Register it as the engine's listener: {@link #onExecution} is thread-safe. Called on the hot thread, it
 * routes the event to its session at once; from any other thread (matcher threads, start-up recovery) it
 * copies the event into a preallocated ring, and blocks only while that ring is full — which the hot thread
 * itself never waits for. {@link #launch} and {@link #close} are called from one thread.
 */
public final class FixGateway implements EngineEventListener, AutoCloseable
{
    /** Execution events in flight between the matchers and the gateway thread. */
    static final int EVENT_QUEUE_CAPACITY = 16 * 1024;
    private static final long LISTEN_TIMEOUT_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);

    private final FixGatewayConfig config;
    private final EmbeddedArtio artio;
    private final EngineEventQueue queue;
    private final DeliveryMarks marks;
    private final OrderEntryAgent agent;
    /** The agent's own thread, or null when it runs on {@link #hot}. */
    private final AgentRunner runner;
    private final AgentThread hot;
    private final AtomicLong errors;
    private final LogonVerifier logonVerifier;
    private final ConnectionOrigins origins;
    /** Per order-entry session id: the delivery-marks slots of the drop copies of its firm (read by recovery). */
    private final int[][] dropCopySlots;
    private volatile boolean closed;

    private FixGateway(
        final FixGatewayConfig config, final EmbeddedArtio artio, final EngineEventQueue queue,
        final DeliveryMarks marks, final OrderEntryAgent agent, final AgentRunner runner, final AgentThread hot,
        final AtomicLong errors, final LogonVerifier logonVerifier, final ConnectionOrigins origins)
    {
        this.logonVerifier = logonVerifier;
        this.origins = origins;
        this.hot = hot;
        this.config = config;
        this.artio = artio;
        this.queue = queue;
        this.marks = marks;
        this.agent = agent;
        this.runner = runner;
        this.errors = errors;
        dropCopySlots = dropCopySlots(config, marks);
    }

    private static int[][] dropCopySlots(final FixGatewayConfig config, final DeliveryMarks marks)
    {
        final int maxId = config.sessions().stream().mapToInt(FixSessionConfig::sessionId).max().orElse(0);
        final int[][] slots = new int[maxId + 1][];
        Arrays.fill(slots, new int[0]);
        for (final FixSessionConfig session : config.sessions())
        {
            slots[session.sessionId()] = config.dropCopySessions().stream()
                .filter(dropCopy -> dropCopy.covers(session.firm()))
                .mapToInt(dropCopy -> marks.slot(dropCopy.sessionId()))
                .filter(slot -> slot != DeliveryMarks.UNKNOWN_SLOT)
                .toArray();
        }
        return slots;
    }

    /**
     * Starts the acceptor on threads of its own; returns once it listens. Throws if the data directory cannot be
     * created or Artio cannot start (e.g. the port is taken).
     */
    public static FixGateway launch(
        final FixGatewayConfig config, final ReferenceData referenceData, final CommandSink publisher,
        final MeterRegistry registry)
    {
        return launch(config, referenceData, publisher, registry, null, null);
    }

    /**
     * Starts the acceptor with its framer and session work on {@code hot} and Artio's housekeeping on
     * {@code infra} (compact threading; both null: threads of its own). Both threads must outlive the gateway.
     */
    public static FixGateway launch(
        final FixGatewayConfig config, final ReferenceData referenceData, final CommandSink publisher,
        final MeterRegistry registry, final AgentThread hot, final AgentThread infra)
    {
        return launch(config, referenceData, publisher, registry, hot, infra, PasswordHash::matches);
    }

    /** As above with the password comparison given (tests record which thread it runs on). */
    static FixGateway launch(
        final FixGatewayConfig config, final ReferenceData referenceData, final CommandSink publisher,
        final MeterRegistry registry, final AgentThread hot, final AgentThread infra,
        final LogonVerifier.PasswordCheck passwordCheck)
    {
        if ((hot == null) != (infra == null))
        {
            throw new IllegalArgumentException("the hot and infra threads go together");
        }
        final FixGatewayConfig resolved = config.port() == 0 ? config.withPort(freePort(config.bindAddress())) : config;
        try
        {
            Files.createDirectories(resolved.dataDir());
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(
                FixGatewayConfig.DATA_DIR_PROP_NAME + " " + resolved.dataDir() + " cannot be created", e);
        }
        final EpochNanoClock clock = new SystemEpochNanoClock();
        final GatewayMetrics metrics = new GatewayMetrics(registry);
        final AtomicLong errors = new AtomicLong();
        final ErrorHandler errorHandler = new CountingErrorHandler("kairos-fix-gateway", errors);
        final EngineEventQueue queue = new EngineEventQueue(EVENT_QUEUE_CAPACITY, clock, errorHandler);
        final SharedThreadEngineScheduler scheduler = hot == null ? null : new SharedThreadEngineScheduler(hot, infra);
        final ConnectionOrigins origins = new ConnectionOrigins();
        final ConnectionGate gate = new ConnectionGate(resolved.limits().maxUnauthenticatedConnections(),
            resolved.limits().maxNewConnectionsPerSecondPerAddress(), System::currentTimeMillis, origins);
        DoorMeters.registerGate(gate, "order-entry", registry);
        final LogonVerifier logonVerifier = newLogonVerifier(resolved, registry, passwordCheck);
        final EmbeddedArtio artio;
        try
        {
            artio = EmbeddedArtio.launch(resolved, new LogonAuthenticator(resolved, metrics.sessionsConnected(),
                logonVerifier, origins), clock, scheduler, gate);
        }
        catch (final RuntimeException e)
        {
            logonVerifier.close();
            throw e;
        }
        DeliveryMarks marks = null;
        final OrderEntryAgent agent;
        try
        {
            // opened under the data directory's lock, which EmbeddedArtio took
            marks = DeliveryMarks.open(resolved.dataDir(),
                resolved.logons().stream().mapToInt(FixSessionConfig::sessionId).toArray());
            settleWritten(marks, artio, resolved.logons());
            final ExecutionReportWriter writer =
                new ExecutionReportWriter(referenceData, clock.nanoTime(), new OrderEntryLatency(registry, clock));
            final OrderEntryShared shared = new OrderEntryShared(new FixCommandAdapter(referenceData),
                writer, publisher, metrics, marks, artio.sentSequenceFloor(), clock,
                resolved.throttleDisconnectAfterRejects());
            agent = new OrderEntryAgent(resolved.sessions(), resolved.dropCopySessions(), shared, queue,
                scheduler == null ? () -> 0 : scheduler::pollFramer);
            agent.library(FixLibrary.connect(
                libraryConfiguration(resolved, agent, artio, clock, infra, scheduler, gate)));
        }
        catch (final RuntimeException e)
        {
            CloseHelper.quietCloseAll(artio, marks, logonVerifier);
            throw e;
        }
        final AgentRunner runner = hot == null ?
            new AgentRunner(resolved.idleMode().newIdleStrategy(), errorHandler, null, agent) : null;
        try
        {
            if (runner != null)
            {
                AgentRunner.startOnThread(runner);
            }
            else
            {
                hot.add(agent);
            }
            awaitListening(resolved);
        }
        catch (final RuntimeException e)
        {
            if (hot != null)
            {
                hot.remove(agent);
            }
            CloseHelper.closeAll(runner, artio, marks, logonVerifier);
            throw e;
        }
        return new FixGateway(resolved, artio, queue, marks, agent, runner, hot, errors, logonVerifier, origins);
    }

    /**
     * Where this door's connections really come from: a TLS front end that relays clients to this gateway over
     * loopback records each relay here, so that the failed-logon lock-out and the connection gate count the client.
     * Thread-safe.
     */
    public ConnectionOrigins connectionOrigins()
    {
        return origins;
    }

    /**
     * At launch, before the engine's recovery asks, squares each session's delivery marks with Artio's archive (see
     * {@link AcceptedReports}): reports it holds count as delivered (Artio resends them with PossDupFlag=Y when the
     * client asks), although the library thread had not marked them yet; reports numbered after them that the framer
     * took (the sent-sequence floor) may have died with the process, and the session asks its client which it lacks
     * ({@link io.kairos.fix.delivery.UncertainReports}). When Artio's index cannot tell, what the framer took counts as
     * delivered, as at run time. Says what it did when it did anything. Allocates.
     */
    private static void settleWritten(final DeliveryMarks marks, final EmbeddedArtio artio,
        final List<FixSessionConfig> logons)
    {
        final SentSequenceFloor floor = artio.sentSequenceFloor();
        for (final FixSessionConfig logon : logons)
        {
            final int slot = marks.slot(logon.sessionId());
            if (slot != DeliveryMarks.UNKNOWN_SLOT)
            {
                final int archived = artio.archivedSent(logon.compId());
                final int taken = floor.lastSent(logon.compId());
                final SettledReports settled = archived == EmbeddedArtio.ARCHIVED_UNKNOWN ?
                    marks.settle(slot, taken, taken) : marks.settle(slot, archived, taken);
                if (settled.delivered() > 0)
                {
                    System.out.println("kairos-fix-gateway: " + logon.compId() + ": " + settled.delivered() +
                        " reports written or archived before the stop but not yet marked count as delivered " +
                        "(not sent again)");
                }
                if (settled.uncertain() > 0)
                {
                    System.out.println("kairos-fix-gateway: " + logon.compId() + ": " + settled.uncertain() +
                        " reports after MsgSeqNum " + archived + ", the last Artio archived, up to " + taken +
                        " were on their way to the client when the process stopped; Artio cannot resend them, so " +
                        "after its next logon the client is asked which it lacks, and those are sent again");
                }
            }
        }
    }

    /** The door's password checker (thread "kairos-logon-verifier-fix") and its meters. */
    private static LogonVerifier newLogonVerifier(
        final FixGatewayConfig config, final MeterRegistry registry, final LogonVerifier.PasswordCheck passwordCheck)
    {
        final LogonVerifier verifier = new LogonVerifier("fix", config.logonLockout(),
            LogonVerifier.dummyIterations(config.logons().stream().map(FixSessionConfig::passwordHash).toList()),
            System::currentTimeMillis, System.out::println, passwordCheck);
        LogonMeters.register(verifier, registry);
        return verifier;
    }

    /** The door's password checker (for tests and metrics). */
    LogonVerifier logonVerifier()
    {
        return logonVerifier;
    }

    /** "host:port" as the connection's remote address reads (IPv6 hosts in brackets). */
    private static String address(final String host, final int port)
    {
        return (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    private static LibraryConfiguration libraryConfiguration(
        final FixGatewayConfig config, final OrderEntryAgent agent, final EmbeddedArtio artio,
        final EpochNanoClock clock, final AgentThread infra, final SharedThreadEngineScheduler scheduler,
        final ConnectionGate gate)
    {
        final LibraryConfiguration libraryConfig = new LibraryConfiguration()
            .sessionAcquireHandler((session, info) ->
            {
                gate.loggedOn(address(session.connectedHost(), session.connectedPort()));
                resumeAfterLastSent(artio.sentSequenceFloor(), session);
                return agent.onSessionAcquired(session, info);
            })
            .libraryAeronChannels(List.of(CommonContext.IPC_CHANNEL))
            .libraryIdleStrategy(config.idleMode().newIdleStrategy())
            .epochNanoClock(clock)
            .defaultHeartbeatIntervalInS(config.heartbeatIntervalSeconds());
        libraryConfig.libraryName("kairos-fix-gateway");
        libraryConfig.monitoringFile(EmbeddedArtio.monitoringFile(config.dataDir(), "library"));
        // the library's error printer and Aeron client conductor share a thread no request waits for: a thread of
        // their own (dedicated threading), kairos-infra (compact)
        libraryConfig.monitoringThreadIdleStrategy(IdleMode.newHousekeepingIdleStrategy());
        if (infra != null)
        {
            libraryConfig.scheduler(new SharedThreadLibraryScheduler(infra, scheduler::pollFramer));
        }
        libraryConfig.outboundMaxClaimAttempts(EmbeddedArtio.MAX_CLAIM_ATTEMPTS);
        libraryConfig.inboundMaxClaimAttempts(EmbeddedArtio.MAX_CLAIM_ATTEMPTS);
        libraryConfig.sessionEpochFractionFormat(EpochFractionFormat.NANOSECONDS);
        libraryConfig.aeronContext().aeronDirectoryName(artio.aeronDirectory());
        return libraryConfig;
    }

    /**
     * Library thread, at a session's handover (before its Logon reply): never reuse a sequence number that
     * went out on the wire before a crash, even when Artio's recovered log ends earlier (see
     * {@link SentSequenceFloor}). Allocates only when it has to say so.
     */
    private static void resumeAfterLastSent(final SentSequenceFloor floor, final Session session)
    {
        final int lost = floor.raise(session);
        if (lost > 0)
        {
            System.out.println("kairos-fix-gateway: " + session.compositeKey().remoteCompId() +
                " resumes after MsgSeqNum " + session.lastSentMsgSeqNum() + " (Artio's recovered log ended " +
                lost + " messages earlier; a resend of those is gap-filled)");
        }
    }

    /**
     * Artio binds the port on its framer thread once the library has connected, which after a restart
     * takes a few exchanges polled by the agent thread; wait (bounded) until the port accepts.
     */
    private static void awaitListening(final FixGatewayConfig config)
    {
        final long deadline = System.nanoTime() + LISTEN_TIMEOUT_NS;
        IOException last = null;
        while (System.nanoTime() < deadline)
        {
            try (Socket probe = new Socket())
            {
                probe.connect(new InetSocketAddress(InetAddress.getByName(config.bindAddress()), config.port()), 1_000);
                return;
            }
            catch (final IOException e)
            {
                last = e;
                Thread.onSpinWait();
            }
        }
        throw new IllegalStateException(FixGatewayConfig.PORT_PROP_NAME + " " + config.bindAddress() + ":" +
            config.port() + " is not accepting connections", last);
    }

    private static int freePort(final String bindAddress)
    {
        try (ServerSocket socket = new ServerSocket())
        {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), 0));
            return socket.getLocalPort();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("no free port on " + bindAddress, e);
        }
    }

    /** Called on matcher threads: routes the event at once on the hot thread, else copies it for the gateway thread. */
    @Override
    public void onExecution(final ExecutionEvent event)
    {
        if (hot != null && hot.isCurrentThread())
        {
            agent.onExecutionOnThisThread(event);
        }
        else
        {
            queue.offer(event);
        }
    }

    /**
     * Engine recovery: the earliest journal index after which a session may lack reports (see {@link DeliveryMarks}).
     */
    @Override
    public long redeliverAfter(final int partition)
    {
        return closed ? Long.MAX_VALUE : marks.redeliverAfter(partition);
    }

    /**
     * Engine recovery: whether this event's report never reached its session's socket, or (an ExecutionReport) the
     * socket of a drop copy of the session's firm (see {@link SessionDeliveries}).
     */
    @Override
    public boolean needsRedelivery(final ExecutionEvent event)
    {
        final int slot = marks.slot(event.sessionId);
        if (closed || slot == DeliveryMarks.UNKNOWN_SLOT || !DeliveryMarks.tracks(event))
        {
            return false;
        }
        boolean needed = false;
        if (!marks.delivered(slot, event))
        {
            marks.onRedelivering(slot, event.partition);
            needed = true;
        }
        if (event.kind == ExecutionEvent.Kind.EXECUTION_REPORT && event.sessionId < dropCopySlots.length)
        {
            // the drop copies of the session's firm have marks of their own: emitted again when any recipient lacks
            // it, and each recipient skips what it had (SessionDeliveries.hadBeforeRestart)
            for (final int dropCopySlot : dropCopySlots[event.sessionId])
            {
                if (!marks.delivered(dropCopySlot, event))
                {
                    marks.onRedelivering(dropCopySlot, event.partition);
                    needed = true;
                }
            }
        }
        return needed;
    }

    @Override
    public void onRecoveryComplete(final int partition, final long lastJournalIndex)
    {
        if (!closed)
        {
            marks.onRecoveryComplete(partition, lastJournalIndex);
        }
    }

    /** Every configured session: logged on or not, from where, since when (for an operator). Any thread. */
    public List<OrderEntrySessionState> sessionStates()
    {
        return agent.sessionStates();
    }

    /**
     * The kill switch for an operator: cancels every order of the session {@code compId} in every instrument (each
     * owner is sent its cancels), journalled as {@code operator}'s. Publishes from the calling thread, waiting for room
     * in the engine's rings. Any thread. @return completes with the number of orders cancelled; exceptionally when
     * there is no such session or the engine is stopping; never once the gateway is closed (bound the wait)
     */
    public CompletableFuture<Integer> operatorCancelAll(final String compId, final String operator)
    {
        return agent.operatorCancelAll(compId, operator);
    }

    /**
     * Throws a session out for an operator: a Logout with {@code text}, then the disconnect. Any thread. @return
     * completes with whether the session was logged on; never completes once the gateway is closed (bound the wait).
     */
    public CompletableFuture<Boolean> disconnect(final String compId, final String text)
    {
        return agent.disconnect(compId, text);
    }

    /** Order entry reports executions only; book events are for market data. */
    @Override
    public void onBookEvent(final BookEvent event)
    {
    }

    /** The TCP port the acceptor listens on (the configured one, or the one picked for port 0). */
    public int port()
    {
        return config.port();
    }

    public FixGatewayConfig config()
    {
        return config;
    }

    /** Exceptions caught on the gateway thread so far (each is also printed to stderr). */
    public long errorCount()
    {
        return errors.get();
    }

    /** Bytes allocated so far by the gateway's library thread; for allocation tests. */
    long libraryThreadAllocatedBytes()
    {
        return agent.allocatedBytes();
    }

    /** The directory of the gateway's Aeron media driver ({@link io.kairos.engine.MediaDriverDirectory}). */
    String aeronDirectory()
    {
        return artio.aeronDirectory();
    }

    OrderEntryAgent agent()
    {
        return agent;
    }

    /** Logs out the sessions, stops the gateway thread, the Artio engine (flushing its logs) and the media driver. */
    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (hot != null)
        {
            hot.remove(agent);
        }
        CloseHelper.closeAll(runner, artio, logonVerifier);
        queue.close();
        marks.close();
    }
}
