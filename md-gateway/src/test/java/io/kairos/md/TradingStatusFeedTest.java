package io.kairos.md;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kairos.engine.Engine;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.engine.TradingAction;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * A real engine's trading status changes reach market-data subscribers as SecurityStatus (35=f, 326): a halt (2), a
 * resume (17), a close (18) after the expired DAY orders left the book; a subscriber who arrives while an instrument
 * is halted learns it right after its snapshot. And an iceberg shows only its MaxFloor on the feed. Waits end on the
 * expected message, bounded.
 */
class TradingStatusFeedTest
{
    private static final long WAIT_MS = 10_000;
    private static final int AAPL = 1;

    @Test
    void shouldTellSubscribersOfHaltsResumesAndTheCloseAndNewSubscribersOfAHalt() throws Exception
    {
        final EngineConfig engineConfig = EngineConfig.defaults(TestVenue.INSTRUMENTS);
        try (MarketDataGateway gateway = MarketDataGateway.launch(TestVenue.config(), engineConfig.instruments(),
            new SimpleMeterRegistry());
            Engine engine = new Engine(engineConfig);
            RawFixClient early = new RawFixClient(gateway.port(), "MD01"))
        {
            engine.start(new EngineBookMirror(gateway));
            early.logon();
            early.subscribe("E", "AAPL", 0, null);
            assertNotNull(early.readUntil("W", WAIT_MS), "snapshot");

            final EngineCommand command = new EngineCommand();
            engine.publisher().publish(command.tradingAction(AAPL, TradingAction.HALT, "test"));
            assertStatus(early.readUntil("f", WAIT_MS), "2");

            try (RawFixClient late = new RawFixClient(gateway.port(), "MD02"))
            {
                late.logon();
                late.subscribe("L", "AAPL", 0, null);
                final FixFrame snapshot = late.read(WAIT_MS);
                assertEquals("W", snapshot.msgType(), "the snapshot first");
                assertStatus(late.read(WAIT_MS), "2");

                engine.publisher().publish(command.tradingAction(AAPL, TradingAction.RESUME, "test"));
                assertStatus(early.readUntil("f", WAIT_MS), "17");
                assertStatus(late.readUntil("f", WAIT_MS), "17");
            }

            engine.publisher().publish(command.newOrder(1, "DAY1", AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                TestVenue.REFERENCE_PRICE, 5));
            final FixFrame added = early.readUntil("X", WAIT_MS);
            assertEquals("0", added.get(279), "the DAY order on the book");
            engine.publisher().publish(command.tradingAction(EngineCommand.ALL_INSTRUMENTS, TradingAction.CLOSE,
                "test"));
            final FixFrame deleted = early.read(WAIT_MS);
            assertEquals("X", deleted.msgType(), "the expired DAY order leaves the book before the status");
            assertEquals("2", deleted.get(279));
            assertStatus(early.read(WAIT_MS), "18");
        }
    }

    @Test
    void shouldShowOnlyAnIcebergsMaxFloorOnTheFeed() throws Exception
    {
        final EngineConfig engineConfig = EngineConfig.defaults(TestVenue.INSTRUMENTS);
        try (MarketDataGateway gateway = MarketDataGateway.launch(TestVenue.config(), engineConfig.instruments(),
            new SimpleMeterRegistry());
            Engine engine = new Engine(engineConfig);
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            engine.start(new EngineBookMirror(gateway));
            client.logon();
            client.subscribe("I", "AAPL", 0, null);
            assertNotNull(client.readUntil("W", WAIT_MS), "snapshot");

            final EngineCommand command = new EngineCommand();
            command.newOrder(1, "ICE", AAPL, Side.SELL, OrderType.LIMIT, TimeInForce.DAY, TestVenue.REFERENCE_PRICE,
                100);
            command.maxFloor = 10;
            engine.publisher().publish(command);
            assertTrue(hasNewOffer(client.readUntil("X", WAIT_MS), "10"), "only the floor of 100 is shown");

            engine.publisher().publish(command.newOrder(2, "TAKE", AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.IOC,
                TestVenue.REFERENCE_PRICE, 10));
            FixFrame next = client.readUntil("X", WAIT_MS);
            while (next != null && !hasNewOffer(next, "10"))
            {
                next = client.readUntil("X", WAIT_MS);
            }
            assertNotNull(next, "the next part, 10 again, is shown once the first traded");
        }
    }

    /** Whether an entry of {@code frame} is a new offer (279=0, 269=1) of {@code size} (271). */
    private static boolean hasNewOffer(final FixFrame frame, final String size)
    {
        assertNotNull(frame, "an incremental");
        final String text = new String(frame.raw(), java.nio.charset.StandardCharsets.ISO_8859_1);
        for (final String entry : text.split("\u0001279="))
        {
            if (entry.startsWith("0\u0001269=1\u0001") && entry.contains("\u0001271=" + size + "\u0001"))
            {
                return true;
            }
        }
        return false;
    }

    private static void assertStatus(final FixFrame frame, final String code)
    {
        assertNotNull(frame, "a SecurityStatus");
        assertEquals("f", frame.msgType(), frame.toString());
        assertEquals("AAPL", frame.get(55));
        assertEquals(code, frame.get(326));
    }
}
