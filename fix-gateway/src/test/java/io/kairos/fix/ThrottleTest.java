package io.kairos.fix;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThrottleTest
{
    private static final int LIMIT_PER_SECOND = 20;
    private static final int DISCONNECT_AFTER = 30;

    @TempDir
    Path dir;

    @Test
    void shouldRejectMessagesPastTheLimitAndDisconnectAfterARunOfRejects() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir, config -> config.withThrottle(LIMIT_PER_SECOND, DISCONNECT_AFTER));
            RawFixClient client = new RawFixClient(fixture.port(), "CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            final StringBuilder flood = new StringBuilder();
            sendUntilDisconnected(client);
            flood.append(client.readUntilClosed(Duration.ofSeconds(15).toMillis()));
            final String received = flood.toString();

            assertTrue(client.closedByPeer(), "the gateway disconnects the flooding session");
            final double served = fixture.counter("kairos.orders.in");
            final int throttleRejects = count(received, "|35=j|");
            assertTrue(served > 0 && served < LIMIT_PER_SECOND, "only the messages inside the window are served: " + served);
            assertTrue(count(received, "|35=8|") <= served, "reports only for served orders");
            assertTrue(throttleRejects >= DISCONNECT_AFTER, "every throttled message gets a BusinessMessageReject: " + throttleRejects);
            assertTrue(received.contains("Throttle limit exceeded"), received);
            assertTrue(received.contains("|35=5|"), "a Logout precedes the disconnect");
            assertTrue(fixture.counter("kairos.throttle.rejects") >= DISCONNECT_AFTER);
        }
    }

    @Test
    void shouldKeepAPoliteSessionThatPausesAfterHittingTheLimit() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir, config -> config.withThrottle(LIMIT_PER_SECOND, DISCONNECT_AFTER));
            QfjClient client = fixture.client(1, dir.resolve("store")).startAndLogon())
        {
            for (int i = 0; i < LIMIT_PER_SECOND + 5; i++)
            {
                client.send(Requests.limit("P" + i, Requests.BUY, "AAPL", 1, 90));
            }
            int rejects = 0;
            for (int i = 0; i < LIMIT_PER_SECOND + 5; i++)
            {
                final quickfix.Message m = client.next();
                if ("j".equals(QfjClient.msgType(m)))
                {
                    rejects++;
                }
            }
            assertTrue(rejects > 0 && rejects < DISCONNECT_AFTER, "some throttled: " + rejects);
            assertTrue(client.awaitLoggedOn(true, Duration.ofSeconds(2)));
            final long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            String answer = null;
            while (System.nanoTime() < deadline && !"8".equals(answer))
            {
                client.send(Requests.limit("AFTER" + System.nanoTime(), Requests.BUY, "AAPL", 1, 90));
                answer = QfjClient.msgType(client.next());
                Thread.sleep(100);
            }
            assertEquals("8", answer, "orders are served again once the window has passed");
            assertTrue(client.session().isLoggedOn());
        }
    }

    private static void sendUntilDisconnected(final RawFixClient client)
    {
        try
        {
            for (int i = 0; i < 200; i++)
            {
                client.send("D", "11=F" + i + "|54=1|60=20261122-05:00:00.000|40=2|55=AAPL|38=1|44=90|59=0|");
            }
        }
        catch (final java.io.IOException expected)
        {
            // the gateway closed the connection mid-flood, as it should
        }
    }

    private static int count(final String text, final String token)
    {
        int count = 0;
        for (int i = text.indexOf(token); i >= 0; i = text.indexOf(token, i + 1))
        {
            count++;
        }
        return count;
    }
}
