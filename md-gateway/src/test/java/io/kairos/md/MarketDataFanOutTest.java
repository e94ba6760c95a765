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

            final FixFrame change = client.readUntil("X", 5_000);
            assertEquals(List.of("1"), change.all(279));
            assertEquals("11", change.get(278));
            assertEquals("60", change.get(271));
            assertEquals("1", change.get(83));
            assertNotNull(change.get(21002));
            assertNotNull(change.get(21003));

            final FixFrame trade = client.readUntil("X", 5_000);
            assertEquals(List.of("0", "2"), trade.all(279));
            assertEquals(List.of("2", "1"), trade.all(269));
            assertEquals(List.of("77", "12"), trade.all(278),
                "trade entry carries the aggressor's order id, then the filled order leaves");
            assertEquals(List.of("2", "3"), trade.all(83));
            assertEquals("12", trade.get(37));

            final FixFrame amend = client.readUntil("X", 5_000);
            assertEquals(List.of("2", "0"), amend.all(279), "a price amend is Delete + New");
            assertEquals(List.of("11", "11"), amend.all(278));
            assertEquals(List.of("99.99", "99.98"), amend.all(270));
            assertEquals(List.of("4", "5"), amend.all(83));
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
            assertEquals(50, reference.size());
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
            assertNotNull(client.readUntil("X", 5_000));
            assertNotNull(client.readUntil("X", 5_000));
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
                    while (received <= i && reader.read(5_000) != null)
                    {
                        received++;
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

    private static List<String> bodies(final RawFixClient client, final int count) throws IOException
    {
        final List<String> bodies = new ArrayList<>();
        while (bodies.size() < count)
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
}
