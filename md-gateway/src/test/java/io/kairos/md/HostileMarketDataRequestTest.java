package io.kairos.md;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.kairos.engine.Side;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * MarketDataRequests and session messages an attacker or a careless client sends: every one gets an exact answer,
 * nothing is amplified, and the session still subscribes afterwards. Waits are bounded and end on an event (the
 * Heartbeat answering our TestRequest is the barrier after which nothing else can still be on its way).
 */
class HostileMarketDataRequestTest
{
    private static final long WAIT_MS = 10_000;
    private static final String AAPL_V = "263=1|264=0|265=1|267=1|269=0";

    @Test
    void shouldSubscribeOnceToASymbolNamedManyTimesInOneRequest() throws IOException
    {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final TestVenue venue = new TestVenue();
        try (MarketDataGateway gateway = TestVenue.launch(registry);
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            final List<String> fields = new ArrayList<>(List.of("262=R1", "263=1", "264=0", "265=1", "267=1", "269=0",
                "146=" + MarketDataRequestHandler.MAX_SYMBOLS));
            for (int i = 0; i < MarketDataRequestHandler.MAX_SYMBOLS; i++)
            {
                fields.add("55=AAPL");
            }
            client.send("V", fields.toArray(String[]::new));
            assertEquals(1, countUntilBarrier(client, "W", "B1"), "one snapshot for one distinct symbol");
            assertEquals(1.0, registry.get("kairos_md_subscriptions").gauge().value(), "one subscription");

            gateway.onBookEvent(venue.add(1, 11, Side.BUY, TestVenue.REFERENCE_PRICE - TestVenue.TICK, 100));
            assertNotNull(client.readUntil("X", WAIT_MS), "the update");
            assertEquals(0, countUntilBarrier(client, "X", "B2"), "one incremental per update, not one per repetition");
        }
    }

    @Test
    void shouldRejectNoRelatedSymThatDisagreesWithTheSymbols() throws IOException
    {
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry());
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            assertSessionReject(client, "146", "16", "262=A|" + AAPL_V + "|146=2|55=AAPL");
            assertSessionReject(client, "146", "16", "262=B|" + AAPL_V + "|146=1|55=AAPL|55=MSFT");
            assertSessionReject(client, "146", "1", "262=C|" + AAPL_V + "|55=AAPL");
            assertSessionReject(client, "146", "6", "262=D|" + AAPL_V + "|146=1e0|55=AAPL");
            assertSessionReject(client, "146", "6", "262=E|" + AAPL_V + "|146=-1|55=AAPL");
            assertSessionReject(client, "146", "5", "262=F|" + AAPL_V + "|146=0|55=AAPL");
            assertSessionReject(client, "55", "1", "262=G|" + AAPL_V + "|146=1");

            final FixFrame snapshot = assertSubscribed(client, "262=OK|" + AAPL_V + "|146=1|55=AAPL",
                "the session still subscribes afterwards");
            assertEquals("OK", snapshot.get(262));
        }
    }

    @Test
    void shouldRefuseARequestThatWouldPassTheSessionsSubscriptionLimit() throws IOException
    {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (MarketDataGateway gateway = TestVenue.launch(TestVenue.config().withMaxSubscriptionsPerSession(2),
            registry);
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.send("V", ("262=TWO|" + AAPL_V + "|146=2|55=AAPL|55=MSFT").split("\\|"));
            assertEquals(2, countUntilBarrier(client, "W", "B1"));

            client.send("V", ("262=THIRD|" + AAPL_V + "|146=1|55=TSLA").split("\\|"));
            final FixFrame refused = client.readUntil("Y", WAIT_MS);
            assertNotNull(refused, "MarketDataRequestReject");
            assertEquals("THIRD", refused.get(262));
            assertEquals("2", refused.get(281));
            assertTrue(refused.get(58).contains("may hold 2 subscriptions"), refused.get(58));
            assertEquals(2.0, registry.get("kairos_md_subscriptions").gauge().value(),
                "nothing of the refused request kept");

            client.send("V", "262=TWO", "263=2", "264=0", "267=1", "269=0", "146=2", "55=AAPL", "55=MSFT");
            final FixFrame snapshot = assertSubscribed(client, "262=THIRD-AGAIN|" + AAPL_V + "|146=1|55=TSLA",
                "room again after unsubscribing");
            assertEquals("TSLA", snapshot.get(55));
        }
    }

    @Test
    void shouldRejectASnapshotOnlyRequestNeverForTheLimitButSubscriptionsAlways() throws IOException
    {
        try (MarketDataGateway gateway = TestVenue.launch(TestVenue.config().withMaxSubscriptionsPerSession(1),
            new SimpleMeterRegistry());
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.send("V", "262=SNAP", "263=0", "264=0", "267=1", "269=0", "146=3", "55=AAPL", "55=MSFT", "55=TSLA");
            assertEquals(3, countUntilBarrier(client, "W", "B1"), "a snapshot-only request holds no subscription");
            client.send("V", ("262=SUB|" + AAPL_V + "|146=2|55=AAPL|55=MSFT").split("\\|"));
            final FixFrame refused = client.readUntil("Y", WAIT_MS);
            assertNotNull(refused);
            assertEquals("2", refused.get(281));
        }
    }

    @Test
    void shouldFollowASequenceResetPastTwoToThe31() throws IOException
    {
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry());
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            final long next = (1L << 31) + 5;
            client.send("4", "36=" + next);
            client.sendWithSeq("1", next, "112=AFTER-RESET");
            final FixFrame heartbeat = client.readUntil("0", WAIT_MS);
            assertNotNull(heartbeat, "the session follows the reset instead of wedging");
            assertEquals("AFTER-RESET", heartbeat.get(112));
            client.sendWithSeq("V", next + 1, ("262=R|" + AAPL_V + "|146=1|55=AAPL").split("\\|"));
            assertNotNull(client.readUntil("W", WAIT_MS), "and still subscribes");
        }
    }

    @Test
    void shouldRejectANewSeqNoTooLargeToBeANumberAndKeepTheSession() throws IOException
    {
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry());
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.send("4", "36=99999999999999999999");
            // a refused SequenceReset that carries the expected MsgSeqNum consumes it, as on the order-entry port
            final FixFrame reject = client.readUntil("3", WAIT_MS);
            assertNotNull(reject);
            assertEquals("36", reject.get(371));
            assertEquals("5", reject.get(373));
            assertEquals("2", reject.get(45));
            client.sendWithSeq("1", 3, "112=STILL-HERE");
            final FixFrame heartbeat = client.readUntil("0", WAIT_MS);
            assertNotNull(heartbeat);
            assertEquals("STILL-HERE", heartbeat.get(112));
        }
    }

    @Test
    void shouldCloseAConnectionThatSendsTenMegabytesOfNonFixBytes() throws IOException
    {
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry()))
        {
            try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
            {
                client.logon();
                final byte[] chunk = "GET / HTTP/1.1\r\nHost: kairos\r\n\r\n".repeat(2048)
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                try
                {
                    for (long written = 0; written < 10L * 1024 * 1024; written += chunk.length)
                    {
                        client.sendRaw(chunk);
                    }
                }
                catch (final IOException closedUnderneath)
                {
                    // the gateway closed the connection while we were still writing
                }
                assertTrue(client.closedByServerWithin(WAIT_MS), "a connection that sends no FIX is closed");
            }
            try (RawFixClient client = new RawFixClient(gateway.port(), "MD02"))
            {
                client.logon();
                assertSubscribed(client, "262=AFTER|" + AAPL_V + "|146=1|55=AAPL",
                    "the gateway still serves a good session");
            }
        }
    }

    /**
     * Sends the MarketDataRequest {@code fields} ('|'-separated) and expects its snapshot; {@code why} names what an
     * accepted request shows there. @return the snapshot
     */
    private static FixFrame assertSubscribed(final RawFixClient client, final String fields, final String why)
        throws IOException
    {
        client.send("V", fields.split("\\|"));
        final FixFrame snapshot = client.readUntil("W", WAIT_MS);
        assertNotNull(snapshot, why);
        return snapshot;
    }

    private static void assertSessionReject(final RawFixClient client, final String refTag, final String reason,
        final String fields) throws IOException
    {
        client.send("V", fields.split("\\|"));
        final FixFrame reject = client.readUntil("3", WAIT_MS);
        assertNotNull(reject, "a session Reject for " + fields);
        assertEquals(refTag, reject.get(371), fields + " -> " + reject);
        assertEquals(reason, reject.get(373), fields + " -> " + reject);
        assertEquals("V", reject.get(372));
    }

    /** Sends TestRequest {@code id} and counts the frames of {@code msgType} that arrive before its Heartbeat. */
    private static int countUntilBarrier(final RawFixClient client, final String msgType, final String id)
        throws IOException
    {
        client.send("1", "112=" + id);
        final long deadline = System.currentTimeMillis() + WAIT_MS;
        int count = 0;
        while (System.currentTimeMillis() < deadline)
        {
            final FixFrame frame = client.read(deadline - System.currentTimeMillis());
            if (frame == null)
            {
                break;
            }
            if (frame.msgType().equals("0") && id.equals(frame.get(112)))
            {
                return count;
            }
            if (frame.msgType().equals(msgType))
            {
                count++;
            }
        }
        return fail("the Heartbeat answering TestRequest " + id + " never came");
    }
}
