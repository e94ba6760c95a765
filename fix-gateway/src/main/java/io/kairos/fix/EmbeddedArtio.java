package io.kairos.fix;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongUnaryOperator;

import io.aeron.CommonContext;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.client.ArchiveException;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.kairos.access.ConnectionGate;
import io.kairos.engine.DirectoryLock;
import io.kairos.engine.MediaDriverDirectory;
import io.kairos.fix.codecs.FixDictionaryImpl;
import io.kairos.fix.delivery.SentSequenceFloor;
import io.kairos.fix.delivery.SentSequenceTrackingChannelSupplier;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.EpochNanoClock;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.EngineScheduler;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.engine.SessionInfo;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;
import uk.co.real_logic.artio.validation.MessageValidationStrategy;
import uk.co.real_logic.artio.validation.SessionPersistenceStrategy;

/**
 * The in-process Artio stack under {@code dataDir}: an Aeron media driver ({@code aeron/}, transient,
 * SHARED threading for small machines; in compact threading the driver and the archive are INVOKER agents
 * that one thread, {@code kairos-archive}, runs together, one thread instead of two), the Aeron archive that
 * records every message Artio sends ({@code archive/}, persistent: ResendRequests replay from it) and Artio's
 * FixEngine ({@code artio/}: persistent sequence numbers, replay indexes). In sole-library mode the engine
 * binds the acceptor port once the library has connected. Every accepted session is handed to the one library
 * ({@link InitialAcceptedSessionOwner#SOLE_LIBRARY}). Owned by the thread that launches and closes the gateway.
 *
 * <p>Crash safety: launching takes the {@link DirectoryLock} on {@code gateway.lock} first (a second gateway on the
 * same directory is refused), which makes the liveness marks a killed process left behind (the archive's
 * mark file, Artio's engine heartbeat) provably stale, so a restart after {@code kill -9} starts at once.
 * Every connection records its outbound sequence numbers in the {@link SentSequenceFloor}, which the
 * gateway applies when a session logs on again so that numbers never go backwards.
 */
final class EmbeddedArtio implements AutoCloseable
{
    /** Term length of the IPC streams between Artio's engine and library; bounds the largest burst in flight. */
    static final int IPC_TERM_BUFFER_BYTES = 8 * 1024 * 1024;
    /** Length of one archive segment file of recorded messages. */
    static final int ARCHIVE_SEGMENT_BYTES = 64 * 1024 * 1024;
    static final long THROTTLE_WINDOW_MS = 1000;
    /** {@link #archivedSent}: Artio's replay index did not say (not read, or of another sequence index). */
    static final int ARCHIVED_UNKNOWN = -1;
    /**
     * Claim attempts on a back-pressured IPC stream before the claimer gives up and returns. Artio's default
     * (about a thousand idle cycles) lets the framer wait for the library while the library waits for the
     * framer: each side parks inside its claim and neither drains the other's stream, and intake collapsed
     * to under 2,000 orders/s. Failing fast keeps both duty cycles turning; the library keeps a report it
     * could not send in the session's backlog and the framer retries the socket data it could not publish.
     */
    static final int MAX_CLAIM_ATTEMPTS = 8;

    private final DirectoryLock lock;
    private final SentSequenceFloor sentSequenceFloor;
    private final ArchivingMediaDriver driver;
    private final AgentRunner archiveThread;
    private final FixEngine engine;
    private final String aeronDirectory;
    /** Per Artio session id: the latest sequence index and highest sent MsgSeqNum its archive holds, at launch. */
    private final Map<Long, long[]> archivedAtLaunch;

    private EmbeddedArtio(
        final DirectoryLock lock, final SentSequenceFloor sentSequenceFloor, final ArchivingMediaDriver driver,
        final AgentRunner archiveThread, final FixEngine engine, final String aeronDirectory,
        final Map<Long, long[]> archivedAtLaunch)
    {
        this.archivedAtLaunch = archivedAtLaunch;
        this.lock = lock;
        this.sentSequenceFloor = sentSequenceFloor;
        this.driver = driver;
        this.archiveThread = archiveThread;
        this.engine = engine;
        this.aeronDirectory = aeronDirectory;
    }

    /**
     * @param scheduler where Artio's engine agents run; null for threads of their own (Artio's default). With a
     *                  scheduler (compact threading) the driver and archive share the {@code kairos-archive} thread.
     * @param gate      admits each accepted connection (or answers and closes it) before Artio sees it
     */
    static EmbeddedArtio launch(
        final FixGatewayConfig config, final AuthenticationStrategy authenticator, final EpochNanoClock clock,
        final EngineScheduler scheduler, final ConnectionGate gate)
    {
        final Path dataDir = config.dataDir().toAbsolutePath();
        final DirectoryLock lock =
            DirectoryLock.acquire(dataDir, "gateway.lock", FixGatewayConfig.DATA_DIR_PROP_NAME, "gateway");
        SentSequenceFloor floor = null;
        try
        {
            lock.clearStaleMark(dataDir.resolve("archive").resolve(ArchiveMarkFile.FILENAME));
            floor = SentSequenceFloor.open(dataDir, config.logons().stream().map(FixSessionConfig::compId).toList());
            return launch(config, authenticator, clock, scheduler, dataDir, lock, floor, gate);
        }
        catch (final RuntimeException e)
        {
            CloseHelper.quietCloseAll(floor, lock);
            throw e;
        }
    }

    private static EmbeddedArtio launch(
        final FixGatewayConfig config, final AuthenticationStrategy authenticator, final EpochNanoClock clock,
        final EngineScheduler scheduler, final Path dataDir, final DirectoryLock lock, final SentSequenceFloor floor,
        final ConnectionGate gate)
    {
        final boolean oneArchiveThread = scheduler != null;
        final String aeronDirectory =
            MediaDriverDirectory.choose(dataDir, "kairos-fix-aeron", dataDir.resolve("aeron")).toString();
        final MediaDriver.Context driverContext = new MediaDriver.Context()
            .aeronDirectoryName(aeronDirectory)
            .threadingMode(oneArchiveThread ? ThreadingMode.INVOKER : ThreadingMode.SHARED)
            .asyncExecutorEnabled(!oneArchiveThread) // off: its rare tasks (name lookups) on its conductor
            .sharedIdleStrategy(IdleMode.newHousekeepingIdleStrategy())
            .ipcTermBufferLength(IPC_TERM_BUFFER_BYTES)
            .publicationTermBufferLength(IPC_TERM_BUFFER_BYTES)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .warnIfDirectoryExists(false);
        final Archive.Context archiveContext = new Archive.Context()
            .aeronDirectoryName(aeronDirectory)
            .archiveDir(new File(dataDir.resolve("archive").toString()))
            .controlChannelEnabled(false)
            .archiveClientContext(new AeronArchive.Context().controlResponseChannel(CommonContext.IPC_CHANNEL))
            .replicationChannel("aeron:udp?endpoint=127.0.0.1:0")
            .recordingEventsEnabled(false)
            .threadingMode(oneArchiveThread ? ArchiveThreadingMode.INVOKER : ArchiveThreadingMode.SHARED)
            .idleStrategySupplier(IdleMode::newHousekeepingIdleStrategy)
            .segmentFileLength(ARCHIVE_SEGMENT_BYTES)
            .deleteArchiveOnStart(false);
        final ArchivingMediaDriver driver = ArchivingMediaDriver.launch(driverContext, archiveContext);
        AgentRunner archiveThread = null;
        try
        {
            if (oneArchiveThread)
            {
                archiveThread = startArchiveThread(driver.archive().invoker(), driverContext.errorHandler());
            }
            final EngineConfiguration engineConfig = engineConfiguration(config, authenticator, clock, aeronDirectory)
                .channelSupplierFactory(configuration ->
                    new SentSequenceTrackingChannelSupplier(configuration, floor, gate, config.compId()))
                .errorIfDuplicateEngineDetected(false);
            if (scheduler != null)
            {
                engineConfig.scheduler(scheduler);
            }
            trimReplayIndexes(engineConfig, aeronDirectory);
            final FixEngine engine = FixEngine.launch(engineConfig);
            return new EmbeddedArtio(
                lock, floor, driver, archiveThread, engine, aeronDirectory, archivedSent(engineConfig));
        }
        catch (final RuntimeException e)
        {
            CloseHelper.quietCloseAll(archiveThread, driver);
            throw e;
        }
    }

    /**
     * The {@code kairos-archive} thread: invokes the archive's invoker, whose duty cycle also runs the driver's and
     * the archive client's. The invoker was started on this (lifecycle) thread by the launch; from now on only the
     * archive thread invokes it, and the driver's close (after this thread stopped) closes it.
     */
    private static AgentRunner startArchiveThread(final AgentInvoker invoker, final ErrorHandler errorHandler)
    {
        final Agent invoking = new Agent()
        {
            @Override
            public int doWork()
            {
                return invoker.invoke();
            }

            @Override
            public String roleName()
            {
                return "kairos-archive";
            }
        };
        final AgentRunner runner =
            new AgentRunner(IdleMode.newHousekeepingIdleStrategy(), errorHandler, null, invoking);
        AgentRunner.startOnThread(runner).setName("kairos-archive");
        return runner;
    }

    /**
     * Before Artio maps its replay indexes: removes the entries of messages its archive never recorded (a
     * {@code kill -9} while the archive lagged the indexer; {@link ReplayIndexTrim} says why they silenced a session),
     * and says so. A resend of those numbers is then gap-filled, as for the numbers {@link SentSequenceFloor} lifts.
     */
    private static void trimReplayIndexes(final EngineConfiguration engineConfig, final String aeronDirectory)
    {
        final File logDir = new File(engineConfig.logFileDir());
        if (!logDir.isDirectory())
        {
            return;
        }
        try (AeronArchive archive = AeronArchive.connect(new AeronArchive.Context()
            .aeronDirectoryName(aeronDirectory)
            .controlRequestChannel(CommonContext.IPC_CHANNEL)
            .controlResponseChannel(CommonContext.IPC_CHANNEL)))
        {
            final Long2LongHashMap stops = new Long2LongHashMap(Long.MIN_VALUE);
            final LongUnaryOperator recordedEnd = recordingId -> stops.computeIfAbsent(recordingId,
                unknown -> recordedEnd(archive, unknown));
            final int[] streams = {engineConfig.inboundLibraryStream(), engineConfig.outboundLibraryStream()};
            for (final int stream : streams)
            {
                final ReplayIndexTrim trim = new ReplayIndexTrim(logDir, stream,
                    engineConfig.replayIndexFileRecordCapacity(), engineConfig.replayIndexSegmentRecordCapacity());
                try
                {
                    for (final ReplayIndexTrim.Removed removed : trim.trim(recordedEnd))
                    {
                        System.out.println("kairos-fix-gateway: Artio's replay index of session " +
                            removed.fixSessionId() + " (stream " + stream + ") listed " + removed.entries() +
                            " message(s), MsgSeqNum " + removed.fromSequenceNumber() + ".." +
                            removed.toSequenceNumber() + ", that its archive never recorded (lost at a crash); " +
                            "removed, so a resend of them is gap-filled");
                    }
                }
                catch (final RuntimeException e)
                {
                    // Artio reads the same files and says what it makes of them; a replay they stall is bounded
                    // by ReplayWatch: the venue still starts
                    System.out.println("kairos-fix-gateway: could not check Artio's replay index (stream " + stream +
                        ") against its archive: " + e);
                }
            }
        }
    }

    /**
     * Once the engine has launched: per FIX session, the current sequence index and the highest MsgSeqNum its replay
     * index lists for it on the outbound stream, which is what Artio resends when asked. Read after the launch, not
     * with the trim: {@code FixEngine.launch} first catches each index up with its recording, and a message the
     * archive had recorded but the indexer not yet listed at a {@code kill -9} is resent too (reading the index
     * before that catch-up missed it, and such a report was then sent again by the venue as well). No session of the
     * gateway has logged on yet, so the index does not move while it is read.
     */
    private static Map<Long, long[]> archivedSent(final EngineConfiguration engineConfig)
    {
        final Map<Long, long[]> archived = new HashMap<>();
        final File logDir = new File(engineConfig.logFileDir());
        if (logDir.isDirectory())
        {
            try
            {
                archivedSent(new ReplayIndexTrim(logDir, engineConfig.outboundLibraryStream(),
                    engineConfig.replayIndexFileRecordCapacity(), engineConfig.replayIndexSegmentRecordCapacity()),
                    archived);
            }
            catch (final RuntimeException e)
            {
                // only an optimisation: without it a report Artio archived may come twice after a crash
                System.out.println("kairos-fix-gateway: could not read Artio's replay index of sent messages: " + e);
            }
        }
        return archived;
    }

    /** @return the recording's stop position; {@link Long#MAX_VALUE} while unknown, -1 for no such recording */
    private static long recordedEnd(final AeronArchive archive, final long recordingId)
    {
        try
        {
            final long stop = archive.getStopPosition(recordingId);
            return stop == AeronArchive.NULL_POSITION ? Long.MAX_VALUE : stop;
        }
        catch (final ArchiveException e)
        {
            return -1;
        }
    }

    private static EngineConfiguration engineConfiguration(
        final FixGatewayConfig config, final AuthenticationStrategy authenticator, final EpochNanoClock clock,
        final String aeronDirectory)
    {
        final EngineConfiguration engineConfig = new EngineConfiguration()
            .bindTo(config.bindAddress(), config.port())
            .libraryAeronChannel(CommonContext.IPC_CHANNEL)
            .logFileDir(config.dataDir().toAbsolutePath().resolve("artio").toString())
            .deleteLogFileDirOnStart(false)
            .logInboundMessages(true)
            .logOutboundMessages(true)
            .sessionPersistenceStrategy(SessionPersistenceStrategy.alwaysPersistent())
            .initialAcceptedSessionOwner(InitialAcceptedSessionOwner.SOLE_LIBRARY)
            .acceptorfixDictionary(FixDictionaryImpl.class)
            .authenticationStrategy(authenticator)
            .messageValidationStrategy(MessageValidationStrategy.targetCompId(config.compId()))
            .enableMessageThrottle((int)THROTTLE_WINDOW_MS, config.throttleMessagesPerSecond())
            .defaultHeartbeatIntervalInS(config.heartbeatIntervalSeconds())
            .noLogonDisconnectTimeoutInMs(config.limits().logonTimeoutMs())
            .framerIdleStrategy(config.idleMode().newIdleStrategy())
            .archiverIdleStrategy(IdleMode.newHousekeepingIdleStrategy())
            .monitoringThreadIdleStrategy(IdleMode.newHousekeepingIdleStrategy())
            .inboundMaxClaimAttempts(MAX_CLAIM_ATTEMPTS)
            .outboundMaxClaimAttempts(MAX_CLAIM_ATTEMPTS)
            .epochNanoClock(clock)
            .printStartupWarnings(false);
        engineConfig.sessionEpochFractionFormat(EpochFractionFormat.NANOSECONDS);
        engineConfig.monitoringFile(monitoringFile(config.dataDir(), "engine"));
        engineConfig.aeronContext().aeronDirectoryName(aeronDirectory);
        engineConfig.aeronArchiveContext()
            .aeronDirectoryName(aeronDirectory)
            .controlRequestChannel(CommonContext.IPC_CHANNEL)
            .controlResponseChannel(CommonContext.IPC_CHANNEL);
        return engineConfig;
    }

    /**
     * Where Artio keeps a process's counters and error log ({@code who}: engine or library): in the data directory.
     * Artio's default is a file under /dev/shm named for the process kind and library id, which nothing deletes —
     * 4 MiB left behind at every start — and one engine file shared by every venue on the host.
     */
    static String monitoringFile(final Path dataDir, final String who)
    {
        return dataDir.toAbsolutePath().resolve("artio-" + who + "-monitoring").toString();
    }

    String aeronDirectory()
    {
        return aeronDirectory;
    }

    SentSequenceFloor sentSequenceFloor()
    {
        return sentSequenceFloor;
    }

    /**
     * After a trim: per session, the highest MsgSeqNum sent in its latest sequence index that Artio's archive holds
     * (and so resends with PossDupFlag=Y when asked), from the outbound replay index. Allocates; launch only.
     */
    private static void archivedSent(final ReplayIndexTrim trim, final Map<Long, long[]> into)
    {
        for (final long session : trim.sessions())
        {
            long sequenceIndex = -1;
            long highest = 0;
            for (final ReplayIndexTrim.Entry entry : trim.entries(session))
            {
                if (entry.position() == 0)
                {
                    continue;
                }
                if (entry.sequenceIndex() > sequenceIndex)
                {
                    sequenceIndex = entry.sequenceIndex();
                    highest = 0;
                }
                if (entry.sequenceIndex() == sequenceIndex)
                {
                    highest = Math.max(highest, entry.sequenceNumber());
                }
            }
            into.put(session, new long[] {sequenceIndex, highest});
        }
    }

    /**
     * The highest MsgSeqNum sent to {@code remoteCompId} that Artio's archive held at launch, in the session's current
     * sequence index ({@link #ARCHIVED_UNKNOWN} when the index could not tell): a report numbered up to it reaches the
     * client, sent or resent by Artio; one numbered above it reaches the client only if the socket delivered it.
     */
    int archivedSent(final String remoteCompId)
    {
        for (final SessionInfo info : engine.allSessions())
        {
            if (info.sessionKey() != null && remoteCompId.equals(info.sessionKey().remoteCompId()))
            {
                final long[] archived = archivedAtLaunch.get(info.sessionId());
                return archived != null && archived[0] == info.sequenceIndex() ? (int)archived[1] : ARCHIVED_UNKNOWN;
            }
        }
        return ARCHIVED_UNKNOWN;
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(engine, archiveThread, driver, sentSequenceFloor, lock);
    }
}
