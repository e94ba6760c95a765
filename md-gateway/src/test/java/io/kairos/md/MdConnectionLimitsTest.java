package io.kairos.md;

import static io.kairos.testsupport.LoopbackSockets.connect;
import static io.kairos.testsupport.LoopbackSockets.readOrNothing;
import static io.kairos.testsupport.LoopbackSockets.readUntilClosed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

import io.kairos.access.ConnectionGate;
import io.kairos.access.DoorLimits;
import io.kairos.engine.Side;
import io.kairos.testsupport.Await;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * The market-data door's limits with real sockets: past the connections that have not logged on, and past an
 * address's new connections per second, a connection gets a Logout naming the limit and is closed, counted, while a
 * subscriber carries on; a connection that does not log on in time is closed; snapshot-only requests past the
 * per-second limit get 35=Y naming it while the same session's incrementals carry on. Waits are bounded and end on an
 * event.
 */
class MdConnectionLimitsTest
{
    private static final long WAIT_MS = 10_000;

    @Test
    void shouldRefuseAConnectionPastTheUnauthenticatedLimitWhileASubscriberCarriesOn() throws Exception
    {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final TestVenue venue = new TestVenue();
        try (MarketDataGateway gateway = TestVenue.launch(
            TestVenue.config().withLimits(new DoorLimits("md.", 2, 1_000, 60_000), 10), registry);
            RawFixClient subscriber = new RawFixClient(gateway.port(), "MD01"))
        {
            subscriber.logon();
            subscriber.subscribe("S", "AAPL", 0, null);
            assertNotNull(subscriber.readUntil("W", WAIT_MS));
            try (Socket first = connect(gateway.port(), "127.0.0.1");
                Socket second = connect(gateway.port(), "127.0.0.1");
                Socket third = connect(gateway.port(), "127.0.0.1"))
            {
                assertTrue(first.isConnected() && second.isConnected(), "two connections not logged on");
                final String answer = readUntilClosed(third, (int)WAIT_MS);
                assertTrue(answer.contains("35=5\u0001"), answer);
                assertTrue(answer.contains("58=" + ConnectionGate.Refusal.TOO_MANY_UNAUTHENTICATED.text()), answer);
                assertEquals(1.0, value(registry, "kairos.connections.refused", "reason", "unauthenticated"));
                gateway.onBookEvent(venue.add(1, 11, Side.BUY, TestVenue.REFERENCE_PRICE, 100));
                assertNotNull(subscriber.readUntil("X", WAIT_MS), "the subscriber carries on");
            }
        }
    }

    @Test
    void shouldRefuseAnAddressPastItsNewConnectionsPerSecondButNotAnother() throws Exception
    {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final int opened = 5;
        try (MarketDataGateway gateway = TestVenue.launch(
            TestVenue.config().withLimits(new DoorLimits("md.", 1_000, 1, 60_000), 10), registry))
        {
            final List<Socket> sockets = new ArrayList<>();
            try
            {
                for (int i = 0; i < opened; i++)
                {
                    sockets.add(connect(gateway.port(), "127.0.0.2"));
                }
                Await.until("every connection admitted or refused", () ->
                    value(registry, "kairos.connections.refused", "reason", "rate") +
                    value(registry, "kairos.connections.unauthenticated") == opened);
                final int refused = (int)value(registry, "kairos.connections.refused", "reason", "rate");
                assertTrue(refused >= 1, "connections past the rate were refused: " + refused);
                int logouts = 0;
                for (final Socket socket : sockets)
                {
                    socket.setSoTimeout(100);
                    final String read = readOrNothing(socket);
                    if (!read.isEmpty())
                    {
                        assertTrue(read.contains("58=" + ConnectionGate.Refusal.TOO_MANY_NEW_CONNECTIONS.text()), read);
                        logouts++;
                    }
                }
                assertEquals(refused, logouts, "each refused connection got the Logout naming the limit");
                try (Socket other = connect(gateway.port(), "127.0.0.3"))
                {
                    assertTrue(other.isConnected());
                    Await.until("another address is admitted", () ->
                        value(registry, "kairos.connections.unauthenticated") == opened - refused + 1);
                }
            }
            finally
            {
                for (final Socket socket : sockets)
                {
                    socket.close();
                }
            }
        }
    }

    @Test
    void shouldCloseAConnectionThatDoesNotLogOnWithinTheLogonTimeout() throws Exception
    {
        try (MarketDataGateway gateway = TestVenue.launch(
            TestVenue.config().withLimits(new DoorLimits("md.", 1_000, 1_000, 300), 10), new SimpleMeterRegistry());
            Socket silent = connect(gateway.port(), "127.0.0.1"))
        {
            silent.setSoTimeout((int)WAIT_MS);
            assertEquals(-1, silent.getInputStream().read(), "closed by the venue after the logon timeout");
        }
    }

    @Test
    void shouldRefuseSnapshotRequestsPastThePerSecondLimitWhileIncrementalsCarryOn() throws Exception
    {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final TestVenue venue = new TestVenue();
        try (MarketDataGateway gateway = TestVenue.launch(
            TestVenue.config().withLimits(DoorLimits.defaults("md."), 2), registry);
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.subscribe("SUB", "AAPL", 0, null);
            assertNotNull(client.readUntil("W", WAIT_MS), "subscribed");
            // five at once: whichever clock seconds they fall in, one of them holds at least three
            for (int i = 0; i < 5; i++)
            {
                client.send("V", "262=SNAP" + i, "263=0", "264=0", "265=1", "267=1", "269=0", "146=1", "55=AAPL");
            }
            int snapshots = 0;
            int refused = 0;
            while (snapshots + refused < 5)
            {
                final FixFrame frame = client.read(WAIT_MS);
                assertNotNull(frame, "an answer to every snapshot request");
                if ("W".equals(frame.msgType()))
                {
                    snapshots++;
                }
                else if ("Y".equals(frame.msgType()))
                {
                    assertEquals("2", frame.get(281));
                    assertTrue(frame.get(58).contains("md.max-snapshot-requests-per-second"), frame.get(58));
                    refused++;
                }
            }
            assertTrue(refused >= 1 && snapshots >= 2, snapshots + " snapshots, " + refused + " refused");
            assertEquals(refused, (int)value(registry, "kairos_md_snapshot_requests_refused_total"));
            gateway.onBookEvent(venue.add(1, 12, Side.BUY, TestVenue.REFERENCE_PRICE, 100));
            assertNotNull(client.readUntil("X", WAIT_MS), "the subscription's incrementals carry on");
        }
    }

    private static double value(final SimpleMeterRegistry registry, final String name, final String... tags)
    {
        return registry.get(name).tags(tags).meter().measure().iterator().next().getValue();
    }
}
