package io.kairos.server;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterLog;
import io.kairos.cluster.ClusterEngine;
import io.kairos.cluster.ClusterMember;
import io.kairos.cluster.MemberThreading;
import io.kairos.cluster.Replication;
import io.kairos.engine.AgentThread;
import io.kairos.engine.CommandSink;
import io.kairos.engine.CountingErrorHandler;
import io.kairos.engine.Engine;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.GatewayEngine;
import io.kairos.engine.Instrument;
import io.kairos.engine.JournalMode;
import io.kairos.engine.Prices;
import io.kairos.engine.RecoveryReport;
import io.kairos.engine.TimerSlack;
import io.kairos.fix.FixGateway;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * The running venue: the metrics endpoint, the engine, the gateways and the optional demo flow,
 * started in that order. Closing stops the engine first: its publisher refuses new commands (the
 * gateways answer them with a reject), the rings drain, the journal is forced, and the reports of
 * every command it took reach the gateways; then the gateways send them, log their sessions out
 * and close. (Closing the gateways first would leave commands in the rings that are matched and
 * journalled but never acknowledged.) Lifecycle methods are called
 * from one thread at a time ({@link #close()} is idempotent and synchronized).
 */
final class Venue implements AutoCloseable
{
    private final KairosConfig config;
    private final PrometheusMeterRegistry registry;
    private final HealthState health = new HealthState();
    private final List<AutoCloseable> gateways = new ArrayList<>();
    private final List<String> endpoints = new ArrayList<>();
    private MetricsHttpServer metricsServer;
    /** The operator's controls on the management port: acts once the engine and gateways run. */
    private OperatorConsole console;
    private JvmGcMetrics gcMetrics;
    private VenueThreads threads;
    /** The engine the gateways talk to: this process's own, or the cluster's client (engine.replication=cluster). */
    private GatewayEngine engine;
    /** In dedicated threading, the cluster client's own thread (in compact it runs on the hot thread). */
    private AgentThread clusterClientThread;
    /** A member process's cluster member (engine.replication=cluster with cluster.member-id). */
    private ClusterMember member;
    /** Errors the cluster client or member reported (each printed with its stack trace); a metric reads it. */
    private final AtomicLong clusterErrors = new AtomicLong();
    private DemoOrderFlow demoFlow;
    /** With a trading schedule (trading.open / trading.close): what opens and closes the venue. */
    private TradingScheduler scheduler;
    /** With engine.event-digest=true (and the venue's own engine): the live events' digests. */
    private EventDigestListener eventDigest;
    private PrintStream out;
    private boolean closed;

    private Venue(final KairosConfig config)
    {
        this.config = config;
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    }

    /**
     * Starts everything; on failure closes what was started and rethrows.
     *
     * @param demoOrdersPerSecond rate of the demo flow, 0 for none
     */
    static Venue start(final KairosConfig config, final int demoOrdersPerSecond, final PrintStream out)
        throws IOException
    {
        final Venue venue = new Venue(config);
        try
        {
            venue.startAll(demoOrdersPerSecond, out);
            return venue;
        }
        catch (final IOException | RuntimeException | Error ex)
        {
            venue.close();
            throw ex;
        }
    }

    private void startAll(final int demoOrdersPerSecond, final PrintStream out) throws IOException
    {
        this.out = out;
        bindJvmMeters();
        console = new OperatorConsole(config.admin(), out, registry);
        metricsServer = MetricsHttpServer.start(config.metrics(), registry, health, console);
        endpoints.add("Metrics        : http://" + config.metrics().bindAddress() + ":" + metricsServer.port() +
            "/metrics   (health: /health/live, /health/ready" +
            (config.metrics().requiresToken() ? "; /metrics needs the bearer token)" : ")"));

        final EngineConfig engineConfig = config.engine();
        final ClusterConfig cluster = config.cluster();
        if (cluster.isMember())
        {
            startMember(cluster, engineConfig);
            return;
        }
        final boolean replicated = cluster.replication() == Replication.CLUSTER;
        if (!replicated)
        {
            createDirectories(engineConfig);
        }
        Gauge.builder("kairos.threading.info", () -> 1)
            .description("The threading layout the venue runs (1); chosen_by says whether auto picked it")
            .tag("layout", config.threading().name().toLowerCase(java.util.Locale.ROOT))
            .tag("chosen_by", config.threadingChoice().auto() ? "auto" : "operator")
            .register(registry);
        if (config.threading() == Threading.COMPACT)
        {
            threads = new VenueThreads(config.fix().idleMode());
            FunctionCounter.builder("kairos.agent.errors", threads, VenueThreads::errorCount)
                .description(
                    "exceptions that escaped an agent on the compact mode's hot or infra thread (each also printed)")
                .register(registry);
        }
        engine = replicated ? newClusterClient(cluster, engineConfig) : new Engine(engineConfig,
            new SystemEpochNanoClock(), threads == null ? null : threads.hot(),
            threads == null ? null : threads.infra());
        final CommandSink sink = engine.commands();
        final EngineMeters meters = EngineMeters.register(engine, engineConfig, registry);
        final List<EngineEventListener> listeners = new ArrayList<>();
        // one for both doors: the order-entry TLS front end records its relays, per-address checks read them
        final FixGateway fixGateway =
            GatewayWiring.launch(config, sink, registry, listeners, gateways, endpoints, threads);
        console.attach(sink, engineConfig.instruments(), fixGateway);
        endpoints.add("Operator       : http://" + config.metrics().bindAddress() + ":" + metricsServer.port() +
            "/admin/  (" + (config.admin().enabled() ? "operators " + config.admin().tokenHashes().keySet() +
            ", each with a bearer token; kairos-server admin --help" : "off: no admin.operators") + ")");

        if (demoOrdersPerSecond > 0)
        {
            demoFlow = new DemoOrderFlow(sink, hostedInstruments(engineConfig), demoOrdersPerSecond, out);
        }
        final EventFanOut fanOut = new EventFanOut(meters, listeners, DemoOrderFlow.SESSION_ID, demoFlow);
        // the digests are of the events matched here: a replicated engine's are the members'
        eventDigest = config.eventDigest() && engine.localPartitions().isPresent()
            ? new EventDigestListener(engineConfig, fanOut) : null;
        engine.start(eventDigest == null ? fanOut : eventDigest);
        if (replicated)
        {
            endpoints.add("Engine         : replicated by the cluster " + cluster.members() +
                " (this process is its client; replies to " + cluster.clientHost() + ")");
        }
        if (eventDigest != null)
        {
            endpoints.add("Event digest   : on (per-partition SHA-256 of the events, printed at stop)");
        }
        if (!config.cpuAffinity().isEmpty())
        {
            for (final String pinned : config.cpuAffinity().apply())
            {
                endpoints.add("Pinned         : " + pinned);
            }
        }
        if (!config.trading().alwaysOpen())
        {
            scheduler = new TradingScheduler(config.trading(), sink, java.time.Clock.systemUTC(), out);
            scheduler.start();
        }
        endpoints.add("Trading day    : " + config.trading().describe());
        if (demoFlow != null)
        {
            demoFlow.start();
            endpoints.add("Demo flow      : " + demoOrdersPerSecond + " random orders/s into the engine (session " +
                DemoOrderFlow.SESSION_ID + ")");
        }
    }

    /**
     * The gateways' engine in a replicated venue: the cluster's client, its duty cycle on the hot thread in compact
     * threading, else on a thread of its own.
     */
    private ClusterEngine newClusterClient(final ClusterConfig cluster, final EngineConfig engineConfig)
    {
        final String name = "kairos-cluster-client";
        registerClusterErrors("the cluster client reported (and its own thread caught, in dedicated threading)");
        final CountingErrorHandler errors = new CountingErrorHandler(name, clusterErrors);
        if (threads == null)
        {
            clusterClientThread = AgentThread.start(name, config.fix().idleMode().newHotPathIdleStrategy(), errors,
                TimerSlack.hotPathThreadFactory());
        }
        return new ClusterEngine(cluster, engineConfig, new SystemEpochNanoClock(), errors,
            ClusterLog.to(System.out, "kairos cluster client"), threads == null ? clusterClientThread : threads.hot());
    }

    private void registerClusterErrors(final String which)
    {
        FunctionCounter.builder("kairos.cluster.errors", clusterErrors, AtomicLong::get)
            .description("Errors " + which + "; each also printed with its stack trace")
            .register(registry);
    }

    /** A member process: the cluster member and the metrics endpoint, nothing else. */
    private void startMember(final ClusterConfig cluster, final EngineConfig engineConfig)
    {
        createDirectory(ClusterConfig.DIR_PROP_NAME, cluster.dir());
        registerClusterErrors("this cluster member reported");
        member = ClusterMember.launch(cluster, engineConfig,
            config.threading() == Threading.COMPACT ? MemberThreading.COMPACT : MemberThreading.DEDICATED,
            new CountingErrorHandler("kairos-cluster-member-" + cluster.memberId(), clusterErrors),
            ClusterLog.to(System.out, "kairos cluster member " + cluster.memberId()));
        ClusterMeters.registerMember(member, registry);
        endpoints.add("Cluster member : " + cluster.memberId() + " of " + cluster.members() + " (data in " +
            cluster.dir().toAbsolutePath() + "); no gateways in this process");
    }

    /**
     * Turns {@code /health/ready} to 200. Called by the launcher once it can also stop the venue cleanly
     * (signal handler installed), so that whoever waits for readiness may send SIGTERM at once.
     */
    void markReady()
    {
        health.ready();
    }

    private void bindJvmMeters()
    {
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        gcMetrics = new JvmGcMetrics();
        gcMetrics.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
    }

    private static void createDirectories(final EngineConfig engineConfig)
    {
        if (engineConfig.journalMode() == JournalMode.OFF)
        {
            return;
        }
        createDirectory(EngineConfig.JOURNAL_DIR_PROP_NAME, engineConfig.journalDir());
        if (engineConfig.snapshotEveryCommands() > 0)
        {
            createDirectory(EngineConfig.SNAPSHOT_DIR_PROP_NAME, engineConfig.snapshotDir());
        }
    }

    static void createDirectory(final String key, final Path dir)
    {
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(key + ": cannot create directory " + dir.toAbsolutePath() + ": " + ex, ex);
        }
    }

    private static List<Instrument> hostedInstruments(final EngineConfig engineConfig)
    {
        return engineConfig.instruments().instruments().stream().filter(i -> engineConfig.hosts(i.partition()))
            .toList();
    }

    /** What to connect to, for the start-up banner. */
    String describe()
    {
        final EngineConfig engineConfig = config.engine();
        final StringBuilder text = new StringBuilder(512);
        final ClusterConfig cluster = config.cluster();
        text.append(cluster.isMember() ? "Kairos cluster member " + cluster.memberId() + " is ready (no gateways " +
            "here; it matches for the venue process that runs them)" : cluster.replication() == Replication.CLUSTER ?
            "Kairos venue is ready (the gateways; the engine is the cluster's)" : "Kairos venue is ready")
            .append(" (config: ").append(config.source()).append(")\n");
        for (final String endpoint : endpoints)
        {
            text.append("  ").append(endpoint).append('\n');
        }
        text.append("  Instruments    : symbol id partition tick lot reference-price band")
            .append(" (orders outside the band are rejected)");
        for (final Instrument instrument : engineConfig.instruments().instruments())
        {
            text.append("\n                   ").append(instrument.symbol()).append(' ').append(instrument.id())
                .append(" p").append(instrument.partition())
                .append(" tick ").append(Prices.toString(instrument.tickSize()))
                .append(" lot ").append(instrument.lotSize())
                .append(" ref ").append(Prices.toString(instrument.referencePrice()))
                .append(" band ");
            if (instrument.priceBandPercent() == 0)
            {
                text.append("none");
            }
            else
            {
                text.append('±').append(instrument.priceBandPercent())
                    .append("% (").append(Prices.toString(instrument.bandLow()))
                    .append(" .. ").append(Prices.toString(instrument.bandHigh())).append(')');
            }
        }
        text.append("\n  Threading      : ").append(config.threading() == Threading.COMPACT ?
            "compact (kairos-hot: framer, sessions and matchers; kairos-infra; kairos-archive)" :
            "dedicated (a thread per stage)").append("\n                   chosen by ")
            .append(config.threadingChoice().reason());
        text.append("\n  Engine         : ").append(engineConfig.partitionCount()).append(" partition(s), hosting ")
            .append(engineConfig.hostedPartitions().isEmpty() ? "all" : engineConfig.hostedPartitions().toString());
        if (config.cluster().replication() == Replication.CLUSTER)
        {
            text.append(", replicated by a cluster of ").append(config.cluster().members().size())
                .append(" (its log and snapshots replace the journal; cluster.file-sync ")
                .append(config.cluster().fileSync() ? "sync" : "none").append(')');
        }
        else
        {
            text.append(", wait strategy ")
                .append(engineConfig.waitStrategy().name().toLowerCase(java.util.Locale.ROOT))
                .append(", journal ").append(engineConfig.journalMode().name().toLowerCase(java.util.Locale.ROOT));
            if (engineConfig.journalMode() != JournalMode.OFF)
            {
                text.append(" in ").append(engineConfig.journalDir().toAbsolutePath());
            }
        }
        text.append('\n');
        for (final RecoveryReport report : engine == null ? List.<RecoveryReport>of() : engine.recoveryReports())
        {
            text.append("  Recovered      : partition ").append(report.partition()).append(": ")
                .append(report.replayedCommands()).append(" journal records replayed, ")
                .append(report.restingOrders()).append(" resting orders");
            if (report.truncatedBytes() > 0)
            {
                text.append(", cut ").append(report.truncatedBytes()).append(" bytes of torn tail (")
                    .append(report.truncationReason()).append(')');
            }
            if (report.redeliveredEvents() > 0)
            {
                text.append(", ").append(report.redeliveredEvents()).append(" reports owed to sessions emitted again");
            }
            if (report.unrecoverableThrough() > 0)
            {
                text.append(", reports owed up to journal record ").append(report.unrecoverableThrough())
                    .append(" are older than every kept snapshot and cannot be sent again")
                    .append(" (OrderStatusRequest answers)");
            }
            text.append('\n');
        }
        return text.toString();
    }

    int metricsPort()
    {
        return metricsServer.port();
    }

    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        health.notReady("stopping");
        closeQuietly(console);
        closeQuietly(scheduler);
        closeQuietly(demoFlow);
        closeQuietly(engine); // the cluster's client waits (bounded) for the answers of the commands it sent
        closeQuietly(clusterClientThread);
        if (eventDigest != null)
        {
            // the engine stopped: every event it released went through the digests
            for (final String line : eventDigest.describe())
            {
                out.println("kairos-server: " + line);
            }
            out.flush();
        }
        closeQuietly(member);
        for (int i = gateways.size() - 1; i >= 0; i--)
        {
            closeQuietly(gateways.get(i));
        }
        closeQuietly(threads);
        closeQuietly(metricsServer);
        closeQuietly(gcMetrics);
        registry.close();
    }

    private static void closeQuietly(final AutoCloseable closeable)
    {
        if (closeable == null)
        {
            return;
        }
        try
        {
            closeable.close();
        }
        catch (final Exception ex)
        {
            System.err.println("kairos-server: error while stopping " + closeable.getClass().getSimpleName() +
                ": " + ex);
        }
    }
}
