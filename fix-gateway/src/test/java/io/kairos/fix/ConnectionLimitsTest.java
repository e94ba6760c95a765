package io.kairos.fix;

import static io.kairos.testsupport.LoopbackSockets.connect;
import static io.kairos.testsupport.LoopbackSockets.readOrNothing;
import static io.kairos.testsupport.LoopbackSockets.readUntilClosed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.kairos.access.ConnectionGate;
import io.kairos.access.DoorLimits;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order-entry door's connection limits with the real gateway and real sockets: past the limit of connections that
 * have not logged on, and past an address's new connections per second, a connection gets a Logout whose Text names
 * the limit and is closed, counted, while a logged-on session trades on and another address connects; a connection
 * that never logs on is closed after the logon timeout. Waits end on the expected bytes or the close, bounded.
 */
class ConnectionLimitsTest
{
    private static final long WAIT_MS = 10_000;
    private static final String TIME = "60=20261124-10:00:00.000|";

    @TempDir
    Path dir;

    @Test
    void shouldRefuseAConnectionPastTheUnauthenticatedLimitWithALogoutWhileASessionTradesOn() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir,
            config -> config.withLimits(new DoorLimits("fix.", 2, 1_000, 60_000)));
            RawFixClient trader = fixture.rawClient("CLIENT01"))
        {
            trader.logon("CLIENT01", "client01pass");
            assertNotNull(trader.readMessage("A", WAIT_MS), "logged on: no longer counted");
            final List<Socket> idle = new ArrayList<>();
            try
            {
                idle.add(connect(fixture.port(), "127.0.0.1"));
                idle.add(connect(fixture.port(), "127.0.0.1"));
                try (Socket third = connect(fixture.port(), "127.0.0.1"))
                {
                    final String answer = readUntilClosed(third, (int)WAIT_MS);
                    assertTrue(answer.contains("35=5\u0001"), answer);
                    assertTrue(answer.contains("58=" + ConnectionGate.Refusal.TOO_MANY_UNAUTHENTICATED.text()), answer);
                }
                assertEquals(1.0, fixture.counter("kairos.connections.refused", "reason", "unauthenticated"));

                trader.send("D", "11=STILL|54=1|" + TIME + "40=2|55=AAPL|38=1|44=90|59=0|");
                assertEquals("0", RawFixClient.field(trader.readMessage("8", WAIT_MS), 150), "the session trades on");
            }
            finally
            {
                for (final Socket socket : idle)
                {
                    socket.close();
                }
            }
        }
    }

    @Test
    void shouldRefuseAnAddressPastItsNewConnectionsPerSecondButNotAnother() throws Exception
    {
        final int opened = 5;
        try (GatewayFixture fixture = GatewayFixture.start(dir,
            config -> config.withLimits(new DoorLimits("fix.", 1_000, 1, 60_000))))
        {
            final List<Socket> sockets = new ArrayList<>();
            try
            {
                // one new connection per second from 127.0.0.2: of five opened at once, at most one a second goes on
                for (int i = 0; i < opened; i++)
                {
                    sockets.add(connect(fixture.port(), "127.0.0.2"));
                }
                Await.until("every connection admitted or refused", () ->
                    fixture.counter("kairos.connections.refused", "reason", "rate") +
                    fixture.counter("kairos.connections.unauthenticated") == opened);
                final int refused = (int)fixture.counter("kairos.connections.refused", "reason", "rate");
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

                try (RawFixClient other = new RawFixClient(fixture.port(), "CLIENT02", "KAIROS", "127.0.0.3"))
                {
                    other.logon("CLIENT02", "client02pass");
                    assertNotNull(other.readMessage("A", WAIT_MS), "another address logs on");
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
        try (GatewayFixture fixture = GatewayFixture.start(dir,
            config -> config.withLimits(new DoorLimits("fix.", 1_000, 1_000, 300)));
            Socket silent = connect(fixture.port(), "127.0.0.1"))
        {
            silent.setSoTimeout((int)WAIT_MS);
            assertEquals(-1, silent.getInputStream().read(), "closed by the venue after the logon timeout");
        }
    }
}
