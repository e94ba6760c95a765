package io.kairos.md;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarketDataFanOutTest
{
    private static final int AAPL = 1;
    private static final long PX = TestVenue.REFERENCE_PRICE;

    private final TestVenue venue = new TestVenue();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private MarketDataGateway gateway;

    @BeforeEach
    void launch()
    {
        gateway = TestVenue.launch(TestVenue.config().withOutboundQueueLimitMessages(64), registry);
    }

    @AfterEach
    void close()
    {
        gateway.close();
    }

    @Test
    void shouldSendOrderByOrderSnapshotThenIncrementalsContinuingItsRptSeq() throws IOException
    {
        gateway.onBookEvent(venue.add(AAPL, 11, Side.BUY, PX - 10_000, 100));
        gateway.onBookEvent(venue.add(AAPL, 12, Side.SELL, PX + 10_000, 50));
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.subscribe("L3-1", "AAPL", 0, "N");
            final FixFrame snapshot = client.readUntil("W", 5_000);
            assertEquals("L3-1", snapshot.get(262));
            assertEquals("AAPL", snapshot.get(55));
            assertEquals("0", snapshot.get(83));
            assertEquals("2", snapshot.get(268));
            assertEquals(List.of("11", "12"), snapshot.all(278));
            assertEquals(List.of("99.99", "100.01"), snapshot.all(270));

            gateway.onBookEvent(venue.event(BookEvent.Type.MODIFY_KEEP_PRIORITY, AAPL, 11, Side.BUY, PX - 10_000, 60));
            gateway.onBookEvent(venue.execute(AAPL, 12, Side.SELL, PX + 10_000, 50, 0, 77));
            gateway.onBookEvent(venue.event(BookEvent.Type.MODIFY_LOSE_PRIORITY, AAPL, 11, Side.BUY, PX - 20_000, 60));

            // the three events may arrive in one to three messages (one per drained batch): the entries are the same
            final FixFrame updates = entries(client, 5);
            assertEquals(List.of("1", "0", "2", "2", "0"), updates.all(279),
                "a size-down; a trade and the filled order leaving; a price amend as Delete + New");
            assertEquals(List.of("0", "2", "1", "0", "0"), updates.all(269));
            assertEquals(List.of("11", "77", "12", "11", "11"), updates.all(278),
                "the trade entry carries the aggressor's order id");
            assertEquals(List.of("99.99", "100.01", "100.01", "99.99", "99.98"), updates.all(270));
            assertEquals(List.of("60", "50", "60"), updates.all(271));
            assertEquals(List.of("1", "2", "3", "4", "5"), updates.all(83));
            assertEquals(List.of("12"), updates.all(37));
            assertNotNull(updates.get(21002));
            assertNotNull(updates.get(21003));
        }
    }

    @Test
    void shouldPublishTopOfBookDiffsWhenLevelsEnterAndLeaveTheWindow() throws IOException
    {
        gateway.onBookEvent(venue.add(AAPL, 1, Side.BUY, PX - 10_000, 10));
        gateway.onBookEvent(venue.add(AAPL, 2, Side.BUY, PX - 20_000, 20));
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.subscribe("TOP1", "AAPL", 1, null);
            final FixFrame snapshot = client.readUntil("W", 5_000);
            assertEquals(List.of("99.99"), snapshot.all(270));
            assertEquals(List.of("10"), snapshot.all(271));
            assertEquals(List.of("1"), snapshot.all(346));

            gateway.onBookEvent(venue.add(AAPL, 3, Side.BUY, PX - 30_000, 5));
            gateway.onBookEvent(venue.add(AAPL, 4, Side.BUY, PX, 7));
            final FixFrame better = client.readUntil("X", 5_000);
            assertEquals(List.of("0", "2"), better.all(279));
            assertEquals(List.of("100", "99.99"), better.all(270));
            assertEquals("1", better.get(83), "the add outside the window sent nothing and used no RptSeq");

            gateway.onBookEvent(venue.event(BookEvent.Type.DELETE, AAPL, 4, Side.BUY, PX, 7));
            final FixFrame back = client.readUntil("X", 5_000);
            assertEquals(List.of("2", "0"), back.all(279));
            assertEquals(List.of("100", "99.99"), back.all(270));
            assertEquals(List.of("3", "4"), back.all(83));
        }
    }

    @Test
    void shouldRejectRequestsItCannotServe() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.subscribe("R1", "NOPE", 0, null);
            assertReject(client, "R1", "0");
            client.subscribe("R2", "AAPL", 5, "N");
            assertReject(client, "R2", "5");
            client.subscribe("R3", "AAPL", 11, "Y");
            assertReject(client, "R3", "5");
            client.send("V", "262=R4", "263=1", "264=0", "267=1", "269=7", "146=1", "55=AAPL");
            assertReject(client, "R4", "8");
            client.send("V", "262=R5", "263=1", "264=0", "265=0", "267=1", "269=0", "146=1", "55=AAPL");
            assertReject(client, "R5", "6");
            client.subscribe("OK", "AAPL", 0, "Y");
            assertNotNull(client.readUntil("W", 5_000));
            client.subscribe("OK", "MSFT", 0, "Y");
            assertReject(client, "OK", "1");
            client.send("V", "262=GONE", "263=2", "264=0", "267=1", "269=0", "146=1", "55=AAPL");
            final FixFrame unknown = client.readUntil("Y", 5_000);
            assertEquals("GONE", unknown.get(262));
        }
    }

    @Test
    void shouldSendIdenticalBodiesToTenSubscribers() throws IOException
    {
        final List<RawFixClient> clients = new ArrayList<>();
        try
        {
            for (int i = 1; i <= 10; i++)
            {
                final RawFixClient client = new RawFixClient(gateway.port(), String.format("MD%02d", i));
                clients.add(client);
                client.logon();
                client.subscribe("ALL", "AAPL", 0, "N");
                assertNotNull(client.readUntil("W", 5_000));
            }
            assertEquals(10.0, registry.get("kairos_md_subscriptions").gauge().value());
            for (int i = 0; i < 50; i++)
            {
                final Side side = i % 2 == 0 ? Side.BUY : Side.SELL;
                final long price = PX + (side == Side.BUY ? -1 : 1) * 10_000L * (1 + i % 5);
                gateway.onBookEvent(venue.add(AAPL, 100 + i, side, price, 1 + i));
            }
            final List<String> reference = bodies(clients.get(0), 50);
            assertEquals(50, entryCount(reference));
            for (int c = 1; c < clients.size(); c++)
            {
                assertEquals(reference, bodies(clients.get(c), 50), "bodies of " + (c + 1));
            }
        }
        finally
        {
            for (final RawFixClient client : clients)
            {
                client.close();
            }
        }
    }

    @Test
    void shouldCountSessionsAndSubscriptionsApartAndTimeEachViewsIncrementals() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            assertEquals(1.0, registry.get("kairos_md_sessions").gauge().value(), "one session");
            client.subscribe("L3", "AAPL", 0, "N");
            assertNotNull(client.readUntil("W", 5_000));
            client.subscribe("L2", "AAPL", 0, "Y");
            assertNotNull(client.readUntil("W", 5_000));
            assertEquals(2.0, registry.get("kairos_md_subscriptions").gauge().value(), "two subscriptions");
            assertEquals(1.0, registry.get("kairos_md_sessions").gauge().value(), "still one session");

            gateway.onBookEvent(venue.add(AAPL, 1, Side.BUY, PX, 1));
            final FixFrame both = client.readUntil("X", 5_000);
            assertEquals("2", both.get(268), "one message with the entry of each view: " + both);
            assertEquals(List.of("1"), both.all(278), "the order-by-order entry");
            assertEquals(List.of("1"), both.all(346), "the price-level entry");
            client.send("1", "112=SYNC");
            assertEquals("SYNC", client.readUntil("0", 5_000).get(112));

            assertEquals(1, latency("l3").count(), "one incremental of the L3 view");
            assertEquals(1, latency("l2-full").count(), "one incremental of the L2 view");
            assertEquals(0, latency("l2-top").count(), "no top-of-book subscriber");
        }
    }

    private io.micrometer.core.instrument.Timer latency(final String view)
    {
        return registry.get(MdLatency.ENGINE_OUT_TO_GATEWAY_OUT).tag("view", view).timer();
    }

    @Test
    void shouldStopTheFlowAfterUnsubscribe() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.subscribe("S", "AAPL", 0, "N");
            client.readUntil("W", 5_000);
            gateway.onBookEvent(venue.add(AAPL, 1, Side.BUY, PX, 1));
            assertNotNull(client.readUntil("X", 5_000));
            client.send("V", "262=S", "263=2", "264=0", "267=1", "269=0", "146=1", "55=AAPL");
            client.send("1", "112=SYNC");
            assertEquals("SYNC", client.readUntil("0", 5_000).get(112));
            gateway.onBookEvent(venue.add(AAPL, 2, Side.BUY, PX, 1));
            assertNull(client.readUntil("X", 500));
            assertEquals(0.0, registry.get("kairos_md_subscriptions").gauge().value());
        }
    }

    @Test
    void shouldCutOffASubscriberThatStopsReadingWhileOthersKeepReceiving() throws IOException
    {
        try (RawFixClient reader = new RawFixClient(gateway.port(), "MD01");
            RawFixClient stalled = new RawFixClient(gateway.port(), "MD02", "KAIROS-MD", 4096))
        {
            reader.logon();
            reader.subscribe("S", "AAPL", 0, "N");
            reader.readUntil("W", 5_000);
            stalled.logon();
            stalled.subscribe("S", "AAPL", 0, "N");
            stalled.readUntil("W", 5_000);
            int received = 0;
            for (int i = 0; i < 40_000; i++)
            {
                gateway.onBookEvent(venue.add(AAPL, 1_000 + i, Side.BUY, PX - 10_000L * (i % 50), 1));
                if (i % 100 == 99)
                {
                    FixFrame frame;
                    while (received <= i && (frame = reader.read(5_000)) != null)
                    {
                        received += "X".equals(frame.msgType()) ? Integer.parseInt(frame.get(268)) : 0;
                    }
                }
            }
            assertEquals(40_000, received, "the reading subscriber got every update");
            assertEquals(1.0, registry.get("kairos_md_slow_consumer_disconnects_total").functionCounter().count());
            assertTrue(registry.get("kairos_md_queue_depth_high_water").gauge().value() >= 64);
        }
    }

    private static void assertReject(final RawFixClient client, final String mdReqId, final String reason)
        throws IOException
    {
        final FixFrame reject = client.readUntil("Y", 5_000);
        assertNotNull(reject, "no reject for " + mdReqId);
        assertEquals(mdReqId, reject.get(262));
        assertEquals(reason, reject.get(281), reject.get(58));
    }

    /** Bodies of the incrementals {@code client} reads until they carry {@code entries} entries (or none comes). */
    private static List<String> bodies(final RawFixClient client, final int entries) throws IOException
    {
        final List<String> bodies = new ArrayList<>();
        while (entryCount(bodies) < entries)
        {
            final FixFrame frame = client.readUntil("X", 5_000);
            if (frame == null)
            {
                break;
            }
            bodies.add(frame.body());
        }
        return bodies;
    }

    /** The MDEntries of incremental bodies: the sum of their NoMDEntries (268). */
    private static int entryCount(final List<String> bodies)
    {
        int count = 0;
        for (final String body : bodies)
        {
            final int at = body.indexOf("\u0001268=") + 5;
            count += Integer.parseInt(body.substring(at, body.indexOf('\u0001', at)));
        }
        return count;
    }

    /** The fields of the incrementals {@code client} reads until they carry {@code count} entries, as one frame. */
    private static FixFrame entries(final RawFixClient client, final int count) throws IOException
    {
        final List<String[]> fields = new ArrayList<>();
        int entries = 0;
        while (entries < count)
        {
            final FixFrame frame = client.readUntil("X", 5_000);
            assertNotNull(frame, "entries " + (entries + 1) + " to " + count);
            entries += Integer.parseInt(frame.get(268));
            fields.addAll(frame.fields());
        }
        assertEquals(count, entries);
        return new FixFrame(new byte[0], fields);
    }
}
