package io.kairos.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.kairos.engine.CommandType;
import io.kairos.engine.Engine;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Test data: a journal written by the real engine (sync mode, its own threads) from a short script of commands with
 * known engine-in times, and the digest the live engine's events had ({@link EventDigestListener}). Times: command i
 * (1-based) enters at {@link #T0_NS} + i ms.
 */
final class RecordedJournal
{
    static final long T0_NS = Instant.parse("2026-03-01T09:30:00Z").getEpochSecond() * 1_000_000_000L;
    static final int COMMANDS = 6;

    final Path dataDir;
    final Path configFile;
    final KairosConfig config;
    final List<String> liveDigest;

    private RecordedJournal(final Path dataDir, final Path configFile, final KairosConfig config,
        final List<String> liveDigest)
    {
        this.dataDir = dataDir;
        this.configFile = configFile;
        this.config = config;
        this.liveDigest = liveDigest;
    }

    Path journalDir()
    {
        return dataDir.resolve("journal");
    }

    /**
     * The script: in AAPL (partition 0) two sells rest, a buy IOC takes both (average price 190.006666..., rounded
     * half up), a cancel names an unknown order; in MSFT (partition 1) one order rests; a mass cancel of CLIENT02.
     */
    static RecordedJournal record(final Path dir) throws IOException
    {
        final Path configFile = dir.resolve("kairos.properties");
        Files.writeString(configFile, "journal.dir=" + dir.resolve("data/journal") + "\n" +
            "snapshot.dir=" + dir.resolve("data/snapshots") + "\n" +
            "journal.mode=sync\nengine.event-digest=true\n");
        final KairosConfig config = KairosConfigLoader.load(configFile, Map.of());
        final SettableClock clock = new SettableClock();
        final EventDigestListener digest = new EventDigestListener(config.engine(), EngineEventListener.NO_OP);
        final EngineCommand command = new EngineCommand();
        try (Engine engine = new Engine(config.engine(), clock))
        {
            engine.start(digest);
            publish(engine, clock, 1, command.newOrder(1, "S1", 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY,
                Prices.parse("190.00"), 1));
            publish(engine, clock, 2, command.newOrder(2, "S2", 1, Side.SELL, OrderType.LIMIT, TimeInForce.GTC,
                Prices.parse("190.01"), 2));
            publish(engine, clock, 3, command.newOrder(3, "B1", 1, Side.BUY, OrderType.LIMIT, TimeInForce.IOC,
                Prices.parse("190.01"), 3));
            publish(engine, clock, 4, command.cancel(1, "C1", "S9", 1, Side.SELL));
            publish(engine, clock, 5, command.newOrder(2, "M1", 2, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                Prices.parse("419.50"), 5));
            publish(engine, clock, 6, command.massCancel(2, "X1", 2));
            Await.until("the engine matched the script", () ->
                engine.stats(0).commands() + engine.stats(1).commands() == COMMANDS);
        }
        return new RecordedJournal(dir.resolve("data"), configFile, config, digest.describe());
    }

    private static void publish(final Engine engine, final SettableClock clock, final int i, final EngineCommand c)
    {
        clock.nowNs = T0_NS + i * 1_000_000L;
        c.correlationId = i;
        c.gatewayInNs = clock.nowNs - 1_000;
        if (c.type == CommandType.CANCEL)
        {
            c.orderId = 0;
        }
        engine.publisher().publish(c);
    }

    /** The test sets the time; any thread reads it. */
    static final class SettableClock implements EpochNanoClock
    {
        volatile long nowNs;

        @Override
        public long nanoTime()
        {
            return nowNs;
        }
    }
}
