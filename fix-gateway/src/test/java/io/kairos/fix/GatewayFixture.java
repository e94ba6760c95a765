package io.kairos.fix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import io.kairos.engine.AgentThread;
import io.kairos.engine.Engine;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.JournalMode;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.RawFixClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.agrona.CloseHelper;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * A real in-process engine (two partitions: AAPL on 0, MSFT on 1, tick 0.01, lot 1, reference 100.00,
 * band 10%) wired to a real gateway on a free loopback port, in the order the engine prescribes:
 * build the engine, launch the gateway with its publisher, start the engine with the gateway as listener.
 * With {@code -Dkairos.threading=compact} (the build's second test run) the matchers, the framer and the
 * sessions share one hot thread, as in the server's compact mode; otherwise each has its own threads.
 */
final class GatewayFixture implements AutoCloseable
{
    static final List<Instrument> INSTRUMENTS = List.of(
        new Instrument("AAPL", 1, 0, 10_000, 1, 100_000_000, 10),
        new Instrument("MSFT", 2, 1, 10_000, 1, 100_000_000, 10));

    /** Whether this run of the suite uses compact threading. */
    static final boolean COMPACT = "compact".equals(System.getProperty("kairos.threading"));

    final Engine engine;
    final FixGateway gateway;
    private final AgentThread hot;
    private final AgentThread infra;
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final Path dataDir;
    /** The name of the thread each password check ran on, in order. */
    final List<String> hashThreads = new java.util.concurrent.CopyOnWriteArrayList<>();

    private GatewayFixture(final Path dataDir, final UnaryOperator<FixGatewayConfig> customise)
    {
        this(dataDir, customise, EngineConfig.defaults(INSTRUMENTS));
    }

    private GatewayFixture(final Path dataDir, final UnaryOperator<FixGatewayConfig> customise,
        final EngineConfig engineConfig)
    {
        this.dataDir = dataDir;
        final FixGatewayConfig config = customise.apply(FixGatewayConfig.defaults(dataDir).withPort(0));
        hot = COMPACT ? AgentThread.start("kairos-hot", config.idleMode().newHotPathIdleStrategy(),
            Throwable::printStackTrace, Thread::new) : null;
        infra = COMPACT ? AgentThread.start("kairos-infra", IdleMode.newHousekeepingIdleStrategy(),
            Throwable::printStackTrace, Thread::new) : null;
        engine = new Engine(engineConfig, new SystemEpochNanoClock(), hot);
        gateway = FixGateway.launch(config, engine.config().instruments(), engine.publisher(), registry, hot, infra,
            (hash, password, length) ->
            {
                hashThreads.add(Thread.currentThread().getName());
                return hash.matches(password, length);
            });
        engine.start(gateway);
    }

    static GatewayFixture start(final Path dataDir)
    {
        return new GatewayFixture(dataDir, UnaryOperator.identity());
    }

    static GatewayFixture start(final Path dataDir, final UnaryOperator<FixGatewayConfig> customise)
    {
        return new GatewayFixture(dataDir, customise);
    }

    /** With the throttle raised so far that a flood of orders is never rejected or disconnected for its rate. */
    static GatewayFixture startUnthrottled(final Path dataDir)
    {
        return new GatewayFixture(dataDir, GatewayFixture::unthrottled);
    }

    /** With the engine's defaults changed by {@code customiseEngine}, and the throttle raised for floods. */
    static GatewayFixture startWithEngine(final Path dataDir, final UnaryOperator<EngineConfig> customiseEngine)
    {
        return new GatewayFixture(dataDir, GatewayFixture::unthrottled,
            customiseEngine.apply(EngineConfig.defaults(INSTRUMENTS)));
    }

    private static FixGatewayConfig unthrottled(final FixGatewayConfig config)
    {
        return config.withThrottle(1_000_000, 1_000_000);
    }

    /** On {@code port}, for a gateway that must come back on the same port after a restart (pick it with FreePorts). */
    static GatewayFixture startOn(final Path dataDir, final int port)
    {
        return new GatewayFixture(dataDir, config -> config.withPort(port));
    }

    /** With the engine journalling (sync) under {@code journalDir}, so a restart on the same directories recovers. */
    static GatewayFixture startJournalled(final Path dataDir, final Path journalDir, final int port)
    {
        return new GatewayFixture(dataDir, config -> config.withPort(port),
            EngineConfig.defaults(INSTRUMENTS).withJournal(JournalMode.SYNC, journalDir.resolve("journal"),
                journalDir.resolve("snapshots")));
    }

    /** As {@link #startJournalled(Path, Path, int)}, with the gateway's config changed by {@code customise}. */
    static GatewayFixture startJournalled(final Path dataDir, final Path journalDir, final int port,
        final UnaryOperator<FixGatewayConfig> customise)
    {
        return new GatewayFixture(dataDir, config -> customise.apply(config.withPort(port)),
            EngineConfig.defaults(INSTRUMENTS).withJournal(JournalMode.SYNC, journalDir.resolve("journal"),
                journalDir.resolve("snapshots")));
    }

    int port()
    {
        return gateway.port();
    }

    QfjClient client(final int number, final Path storeDir)
    {
        return client(number, port(), storeDir);
    }

    /** The demo session CLIENT{@code number} (password client{@code number}pass) of a gateway on {@code port}. */
    static QfjClient client(final int number, final int port, final Path storeDir)
    {
        final String suffix = String.format("%02d", number);
        return new QfjClient("CLIENT" + suffix, "client" + suffix + "pass", port, storeDir);
    }

    /** A raw socket client of this gateway's session {@code compId}, connected, not logged on. */
    RawFixClient rawClient(final String compId) throws IOException
    {
        return new RawFixClient(port(), compId, "KAIROS");
    }

    /** Logs {@code client} on as {@code compId} and waits (bounded) for the venue's Logon; fails the test otherwise. */
    static void logOn(final RawFixClient client, final String compId, final String password) throws IOException
    {
        client.logon(compId, password);
        if (client.readMessage("A", 10_000) == null)
        {
            throw new AssertionError(compId + " did not log on within 10 s");
        }
    }

    /** Stops {@code client} and waits (bounded) until the gateway has seen its connection go. */
    void disconnect(final QfjClient client)
    {
        client.stop();
        awaitDisconnected(client.compId());
    }

    /** Waits (bounded) until the gateway has seen {@code compId}'s connection go. */
    void awaitDisconnected(final String compId)
    {
        Await.until(compId + " disconnected", () -> !gateway.agent().session(compId).isConnected());
    }

    /** The value of a counter, function counter or gauge. */
    double counter(final String name, final String... tags)
    {
        return registry.get(name).tags(tags).meter().measure().iterator().next().getValue();
    }

    @Override
    public void close()
    {
        gateway.close();
        engine.close();
        CloseHelper.closeAll(hot, infra);
    }
}
