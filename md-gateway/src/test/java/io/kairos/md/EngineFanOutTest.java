package io.kairos.md;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

import io.kairos.engine.Engine;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fan-out fed by a real engine: nine subscribers that read receive byte-identical bodies for
 * every update, while a tenth that never reads is logged out as a slow consumer without holding
 * anyone up.
 */
class EngineFanOutTest
{
    private static final int ORDERS = 12_000;

    @Test
    void shouldSendIdenticalBodiesToReadersAndCutOffTheSubscriberThatStopsReading() throws Exception
    {
        final EngineConfig engineConfig = EngineConfig.defaults(TestVenue.INSTRUMENTS);
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final MarketDataGatewayConfig config = TestVenue.config().withOutboundQueueLimitMessages(500);
        try (MarketDataGateway gateway = MarketDataGateway.launch(config, engineConfig.instruments(), registry);
            Engine engine = new Engine(engineConfig))
        {
            final EngineBookMirror mirror = new EngineBookMirror(gateway);
            engine.start(mirror);
            final List<Reader> readers = new ArrayList<>();
            for (int i = 1; i <= 9; i++)
            {
                readers.add(new Reader(gateway.port(), String.format("MD%02d", i)));
            }
            try (RawFixClient stalled = new RawFixClient(gateway.port(), "MD10", "KAIROS-MD", 4096))
            {
                stalled.logon();
                stalled.subscribe("ALL", "AAPL", 0, "N");
                stalled.readUntil("W", 5_000);
                final EngineCommand command = new EngineCommand();
                final Random random = new Random(7);
                for (int i = 0; i < ORDERS; i++)
                {
                    final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
                    final long ticks = random.nextInt(10);
                    final long price = side == Side.BUY ? TestVenue.REFERENCE_PRICE - ticks * TestVenue.TICK
                        : TestVenue.REFERENCE_PRICE + (ticks - 1) * TestVenue.TICK;
                    engine.publisher().publish(command.newOrder(1, "o" + i, 1, side, OrderType.LIMIT, TimeInForce.DAY,
                        price, 1 + random.nextInt(100)));
                }
                final long deadline = System.currentTimeMillis() + 60_000;
                while (mirror.commandsCompleted() < ORDERS && System.currentTimeMillis() < deadline)
                {
                    Thread.sleep(10);
                }
                assertEquals(ORDERS, mirror.commandsCompleted());
                while (gateway.queuedEventBytes() > 0 && System.currentTimeMillis() < deadline)
                {
                    Thread.sleep(10);
                }
                final long expected = gateway.messagesOut();
                awaitBarrier(readers, deadline);
                for (final Reader reader : readers)
                {
                    assertFalse(reader.failure.get(), "reader " + reader.compId + " lost its connection");
                }
                final List<String> reference = readers.get(0).bodies();
                final int entries = entries(reference);
                System.out.printf("engine fan-out: %d messages, %d entries per reader; messages out %d%n",
                    reference.size(), entries, expected);
                assertTrue(entries >= ORDERS, "entries received: " + entries + " in " + reference.size()
                    + " messages (messages out " + expected + ")");
                for (final Reader reader : readers)
                {
                    assertFalse(reader.failure.get(), "reader " + reader.compId + " lost its connection");
                    assertEquals(reference, reader.bodies(), "bodies of " + reader.compId);
                }
                assertEquals(1.0, registry.get("kairos_md_slow_consumer_disconnects_total").functionCounter().count());
                assertTrue(stalled.closedByServerWithin(5_000), "the stalled subscriber was disconnected");
            }
            finally
            {
                for (final Reader reader : readers)
                {
                    reader.close();
                }
            }
        }
    }

    /** The MDEntries in {@code bodies}: the sum of their NoMDEntries (268). */
    private static int entries(final List<String> bodies)
    {
        int entries = 0;
        for (final String body : bodies)
        {
            final int at = body.indexOf("\u0001268=") + 5;
            entries += Integer.parseInt(body.substring(at, body.indexOf('\u0001', at)));
        }
        return entries;
    }

    /**
     * Every reader sends a TestRequest and waits (bounded) for the Heartbeat that answers it: the gateway writes it on
     * the reader's channel after every update queued before it, so once it arrived nothing else is on its way.
     */
    private static void awaitBarrier(final List<Reader> readers, final long deadline)
        throws IOException, InterruptedException
    {
        for (final Reader reader : readers)
        {
            reader.client.send("1", "112=BARRIER");
        }
        for (final Reader reader : readers)
        {
            while (!reader.received("112=BARRIER") && System.currentTimeMillis() < deadline)
            {
                Thread.sleep(10);
            }
            assertTrue(reader.received("112=BARRIER"), "reader " + reader.compId
                + " got the answer to its TestRequest");
        }
    }

    /**
     * A subscriber that drains its socket into memory on its own thread (cheap, so it never lags) and parses
     * afterwards. Test-only.
     */
    private static final class Reader
    {
        final String compId;
        final AtomicBoolean failure = new AtomicBoolean();
        private final RawFixClient client;
        private final java.io.ByteArrayOutputStream received = new java.io.ByteArrayOutputStream();
        private volatile boolean running = true;

        Reader(final int port, final String compId) throws IOException
        {
            this.compId = compId;
            client = new RawFixClient(port, compId);
            client.logon();
            client.subscribe("ALL", "AAPL", 0, "N");
            client.readUntil("W", 5_000);
            final Thread thread = new Thread(this::run, "reader-" + compId);
            thread.setDaemon(true);
            thread.start();
        }

        private void run()
        {
            final byte[] buffer = new byte[64 * 1024];
            try
            {
                client.socket().setSoTimeout(0);
                final java.io.InputStream in = client.socket().getInputStream();
                int n;
                while ((n = in.read(buffer)) > 0)
                {
                    synchronized (this)
                    {
                        received.write(buffer, 0, n);
                    }
                }
                failure.set(running);
            }
            catch (final IOException e)
            {
                failure.set(running);
            }
        }

        synchronized int count()
        {
            return received.size();
        }

        synchronized boolean received(final String text)
        {
            return received.toString(java.nio.charset.StandardCharsets.ISO_8859_1).contains(text);
        }

        /** Bodies of the X messages received, in order. */
        List<String> bodies()
        {
            final byte[] bytes;
            synchronized (this)
            {
                bytes = received.toByteArray();
            }
            final String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
            final List<String> bodies = new ArrayList<>();
            int offset = 0;
            int checksum;
            while ((checksum = text.indexOf("\u000110=", offset)) >= 0 && checksum + 8 <= text.length())
            {
                final byte[] frameBytes = java.util.Arrays.copyOfRange(bytes, offset, checksum + 8);
                final FixFrame frame = FixFrame.cut(frameBytes, frameBytes.length);
                offset = checksum + 8;
                if (frame != null && "X".equals(frame.msgType()))
                {
                    bodies.add(frame.body());
                }
            }
            return bodies;
        }

        void close() throws IOException
        {
            running = false;
            client.close();
        }
    }
}
