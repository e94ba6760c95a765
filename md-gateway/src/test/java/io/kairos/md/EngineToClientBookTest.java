package io.kairos.md;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.kairos.engine.Engine;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end in one process: a real engine matches thousands of random orders, the gateway
 * publishes its book events, and QuickFIX/J clients rebuild the books from W + X; each rebuilt
 * book must equal the engine's book as its own book events describe it.
 */
class EngineToClientBookTest
{
    private static final int AAPL = 1;
    private static final int MSFT = 2;

    @Test
    void shouldLetClientsRebuildTheEnginesBooksFromSnapshotAndIncrementals() throws Exception
    {
        final EngineConfig engineConfig = EngineConfig.defaults(TestVenue.INSTRUMENTS);
        try (MarketDataGateway gateway = MarketDataGateway.launch(TestVenue.config(), engineConfig.instruments(),
            new SimpleMeterRegistry());
            Engine engine = new Engine(engineConfig))
        {
            final EngineBookMirror mirror = new EngineBookMirror(gateway);
            engine.start(mirror);
            final Random random = new Random(20261122);
            final List<List<String>> resting = newLists();
            final EngineCommand command = new EngineCommand();
            long published = publishRandomOrders(engine, command, random, 1_500, 0, resting);

            try (QuickFixMarketDataClient l3 = new QuickFixMarketDataClient(gateway.port(), "MD01", true);
                QuickFixMarketDataClient l2 = new QuickFixMarketDataClient(gateway.port(), "MD02", false);
                QuickFixMarketDataClient top = new QuickFixMarketDataClient(gateway.port(), "MD03", false);
                QuickFixMarketDataClient l3Msft = new QuickFixMarketDataClient(gateway.port(), "MD04", true))
            {
                l3.subscribe("L3", "AAPL", 0);
                l2.subscribe("L2", "AAPL", 0);
                top.subscribe("TOP5", "AAPL", 5);
                l3Msft.subscribe("L3M", "MSFT", 0);
                for (final QuickFixMarketDataClient client : List.of(l3, l2, top, l3Msft))
                {
                    Await.until("snapshot received", () -> client.snapshots() == 1);
                }
                published += publishRandomOrders(engine, command, random, 3_000, 1_500, resting);
                final long expectedCommands = published;
                Await.until("engine processed every command", () -> mirror.commandsCompleted() == expectedCommands);

                Await.until("order-by-order client rebuilt AAPL", () -> mirror.orderEntries(AAPL).equals(l3.book()));
                Await.until("order-by-order client rebuilt MSFT",
                    () -> mirror.orderEntries(MSFT).equals(l3Msft.book()));
                Await.until("price-level client rebuilt AAPL", () -> mirror.levelEntries(AAPL, 0).equals(l2.book()));
                Await.until("top-5 client rebuilt AAPL", () -> mirror.levelEntries(AAPL, 5).equals(top.book()));
                for (final QuickFixMarketDataClient client : List.of(l3, l2, top, l3Msft))
                {
                    assertNull(client.error());
                    assertEquals(1, client.snapshots());
                    assertTrue(client.incrementals() > 0, "incrementals: " + client.incrementals());
                    assertTrue(client.entries() > 100, "entries: " + client.entries());
                }
                final int restingOrders = mirror.orderEntries(AAPL).size();
                assertTrue(restingOrders > 10, "a non-trivial book: " + restingOrders);
                assertEquals(0, gateway.counters().bookInconsistencies.get());
            }
        }
    }

    private static List<List<String>> newLists()
    {
        return List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    /** New limit orders near the touch, cancels, replaces and crossing IOC orders. @return commands published. */
    private static long publishRandomOrders(
        final Engine engine, final EngineCommand command, final Random random, final int count, final int firstId,
        final List<List<String>> resting)
    {
        for (int i = firstId; i < firstId + count; i++)
        {
            final int instrument = random.nextBoolean() ? AAPL : MSFT;
            final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            final List<String> live = resting.get(instrument);
            final int dice = random.nextInt(100);
            final String clOrdId = "c" + i;
            if (dice < 15 && !live.isEmpty())
            {
                final String orig = live.remove(random.nextInt(live.size()));
                command.cancel(1, clOrdId, orig, instrument, sideOf(orig));
            }
            else if (dice < 25 && !live.isEmpty())
            {
                final String orig = live.remove(random.nextInt(live.size()));
                command.replace(1, clOrdId + sideOf(orig).fixCode(), orig, instrument, sideOf(orig),
                    price(random, sideOf(orig)), 1 + random.nextInt(50));
                live.add(clOrdId + sideOf(orig).fixCode());
            }
            else if (dice < 35)
            {
                final long through = side == Side.BUY ? TestVenue.REFERENCE_PRICE + 20 * TestVenue.TICK
                    : TestVenue.REFERENCE_PRICE - 20 * TestVenue.TICK;
                command.newOrder(2, clOrdId, instrument, side, OrderType.LIMIT, TimeInForce.IOC, through,
                    1 + random.nextInt(80));
            }
            else
            {
                command.newOrder(1, clOrdId + side.fixCode(), instrument, side, OrderType.LIMIT, TimeInForce.DAY,
                    price(random, side), 1 + random.nextInt(100));
                live.add(clOrdId + side.fixCode());
            }
            engine.publisher().publish(command);
        }
        return count;
    }

    private static Side sideOf(final String clOrdId)
    {
        return Side.fromFix(clOrdId.charAt(clOrdId.length() - 1));
    }

    private static long price(final Random random, final Side side)
    {
        final long ticks = 1 + random.nextInt(12);
        return side == Side.BUY ? TestVenue.REFERENCE_PRICE - ticks * TestVenue.TICK + 2 * TestVenue.TICK
            : TestVenue.REFERENCE_PRICE + ticks * TestVenue.TICK - 2 * TestVenue.TICK;
    }
}
