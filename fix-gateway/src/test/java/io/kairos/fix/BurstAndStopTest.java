package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Floods and stops, in whichever threading the suite runs (see {@link GatewayFixture#COMPACT}). In compact
 * threading the matchers report on the thread that also drains the engine-to-gateway queue, so a burst of
 * reports larger than that queue — even from one command, a mass cancel — must never make the thread wait
 * for itself; and a venue stopped in the
 * middle of a flood answers every order its engine took before it logs the session out.
 */
class BurstAndStopTest
{
    private static final int BURST = FixGateway.EVENT_QUEUE_CAPACITY + 4_000;
    private static final String ACK = "|150=0|";

    @TempDir
    Path dir;

    private final ExecutorService writer = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopWriter()
    {
        writer.shutdownNow();
    }

    @Test
    void shouldAcknowledgeABurstLargerThanTheEngineToGatewayQueue() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.startUnthrottled(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            final Future<?> sent = writer.submit(() -> writeOrders(client, orders(client, BURST)));
            final String received = client.readUntilCount(ACK, BURST, TimeUnit.SECONDS.toMillis(120));
            sent.get(10, TimeUnit.SECONDS);

            assertEquals(BURST, count(received, ACK), "every order of the burst is acknowledged");
            assertEquals(BURST, count(received, "|35=8|"), "and nothing else is reported");

            // one command whose reports alone overflow the queue: a matcher reporting through it would wait for itself
            client.send("q", "11=MC1|530=7|60=" + now() + "|");
            final String cancels = client.readUntilCount("|35=r|", 1, TimeUnit.SECONDS.toMillis(120));
            assertEquals(BURST, count(cancels, "|150=4|"), "every resting order's cancel is reported");
            assertTrue(cancels.contains("|531=7|"), "then the mass cancel report: " +
                cancels.substring(Math.max(0, cancels.length() - 400)));
            assertEquals(0, fixture.gateway.errorCount());
        }
    }

    /**
     * Artio delivers a message the session aborted (the partition's command ring full) again; it must then be handled,
     * not taken for a retransmission of a number already handled (which lost 936 of 400,000 orders in a 20,000/s
     * scenario run). In compact threading a full ring is certain here: the library takes up to 32 inbound messages
     * per duty cycle and the matcher, on the same thread, drains a 16-slot ring only between them.
     */
    @Test
    void shouldAcknowledgeEveryOrderHeldBackByAFullEngineRingExactlyOnce() throws Exception
    {
        final int orders = 2_000;
        try (GatewayFixture fixture = GatewayFixture.startWithEngine(dir, engine -> engine.withRingSize(16));
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            final byte[][] frames = orders(client, orders);
            final ByteArrayOutputStream burst = new ByteArrayOutputStream();
            for (final byte[] frame : frames)
            {
                burst.write(frame);
            }
            client.write(burst.toByteArray()); // one write: the framer reads many orders at once

            final String received = client.readUntilCount(ACK, orders, TimeUnit.SECONDS.toMillis(120));
            assertEquals(orders, count(received, ACK), "every order is acknowledged");
            assertEquals(orders, count(received, "|35=8|"), "once, and nothing else is reported");
            assertEquals(0.0, fixture.registry.counter("kairos.rejects", "reason", "stale_retransmission").count(),
                "no order taken for a retransmission");
            if (GatewayFixture.COMPACT)
            {
                assertTrue(fixture.registry.counter("kairos.engine.back.pressure").count() > 0,
                    "the ring was full at least once (else this test shows nothing)");
            }
            assertEquals(0, fixture.gateway.errorCount());
        }
    }

    @Test
    void shouldAnswerEveryOrderTheEngineTookWhenStoppedUnderLoad() throws Exception
    {
        final GatewayFixture fixture = GatewayFixture.startUnthrottled(dir);
        try (RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            final AtomicInteger written = new AtomicInteger();
            final byte[][] flood = orders(client, 5 * BURST);
            writer.submit(() ->
            {
                for (final byte[] order : flood)
                {
                    client.write(order);
                    written.incrementAndGet();
                }
                return null;
            });
            final StringBuilder received = new StringBuilder(
                client.readUntilCount(ACK, 2_000, TimeUnit.SECONDS.toMillis(60)));
            // the venue's order: the engine first (its rings drain, every report reaches the session), then the gateway
            fixture.engine.close();
            final long taken = fixture.engine.stats(0).commands() + fixture.engine.stats(1).commands();
            final Thread stopper = new Thread(fixture::close, "gateway-stopper");
            stopper.start();
            received.append(client.readUntilClosed(TimeUnit.SECONDS.toMillis(60)));
            stopper.join(TimeUnit.SECONDS.toMillis(60));

            assertTrue(client.closedByPeer(), "the gateway logs the session out and closes it");
            assertTrue(taken >= 2_000 && taken < flood.length, "stopped in the middle of the flood: " + taken +
                " taken");
            final String text = received.toString();
            assertEquals(taken, count(text, ACK), "every order the engine took is acknowledged before the logout");
            assertTrue(text.indexOf("|35=5|") > text.lastIndexOf(ACK),
                "the Logout comes after the last acknowledgement: ..." +
                    text.substring(Math.max(0, text.length() - 1500)));
            assertTrue(written.get() > taken, "the writer was still sending when the venue stopped");
        }
        finally
        {
            fixture.close();
        }
    }

    /** Resting buys far from the market (qty 1 at 95.00, band 90-110): each is acknowledged and none trades. */
    private static byte[][] orders(final RawFixClient client, final int count)
    {
        final String now = now();
        final byte[][] frames = new byte[count][];
        for (int i = 0; i < count; i++)
        {
            frames[i] = client.frame("D", "11=B" + i + "|55=AAPL|54=1|60=" + now + "|38=1|40=2|44=95|59=0|");
        }
        return frames;
    }

    private static String now()
    {
        return LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS"));
    }

    private static Void writeOrders(final RawFixClient client, final byte[][] frames) throws IOException
    {
        for (final byte[] frame : frames)
        {
            client.write(frame);
        }
        return null;
    }

    private static int count(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }
}
