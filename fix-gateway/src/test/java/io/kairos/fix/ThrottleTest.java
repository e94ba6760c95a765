package io.kairos.fix;

import java.nio.file.Path;
import java.time.Duration;

import io.kairos.testsupport.RawFixClient;
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
        try (GatewayFixture fixture = GatewayFixture.start(dir, config ->
            config.withThrottle(LIMIT_PER_SECOND, DISCONNECT_AFTER));
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            final long startNs = System.nanoTime();
            client.logon("CLIENT01", "client01pass");
            floodInOneWrite(client);
            final String received = client.readUntilClosed(Duration.ofSeconds(15).toMillis());
            final long elapsedNs = System.nanoTime() - startNs;

            assertTrue(client.closedByPeer(), "the gateway disconnects the flooding session");
            final double served = fixture.counter("kairos.orders.in");
            final int throttleRejects = count(received, "|35=j|");
            final long mostServed = (long)LIMIT_PER_SECOND * windowsSpanned(elapsedNs) - 1;
            assertTrue(served > 0 && served <= mostServed, "only the messages inside the window (the logon took one) " +
                "are served: " + served + " of at most " + mostServed + " in " + elapsedNs + " ns");
            assertTrue(count(received, "|35=8|") <= served, "reports only for served orders");
            assertTrue(throttleRejects >= DISCONNECT_AFTER, "every throttled message gets a BusinessMessageReject: " +
                throttleRejects);
            assertTrue(received.contains("Throttle limit exceeded"), received);
            assertTrue(received.contains("|35=5|"), "a Logout precedes the disconnect");
            assertTrue(fixture.counter("kairos.throttle.rejects") >= DISCONNECT_AFTER);
        }
    }

    @Test
    void shouldKeepAPoliteSessionThatPausesAfterHittingTheLimit() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir, config ->
            config.withThrottle(LIMIT_PER_SECOND, DISCONNECT_AFTER));
            QfjClient client = fixture.client(1, dir.resolve("store")).startAndLogon())
        {
            final int sent = LIMIT_PER_SECOND + 5;
            final long startNs = System.nanoTime();
            for (int i = 0; i < sent; i++)
            {
                client.send(Requests.limit("P" + i, Requests.BUY, "AAPL", 1, 90));
            }
            int rejects = 0;
            for (int i = 0; i < sent; i++)
            {
                final quickfix.Message m = client.next();
                if ("j".equals(QfjClient.msgType(m)))
                {
                    rejects++;
                }
            }
            final long elapsedNs = System.nanoTime() - startNs;
            final long fewestRejects = Math.max(0, sent - (long)LIMIT_PER_SECOND * windowsSpanned(elapsedNs));
            assertTrue(rejects >= fewestRejects && rejects < DISCONNECT_AFTER, "throttled " + rejects + ", at least " +
                fewestRejects + " when sent within " + elapsedNs + " ns, and not enough to disconnect");
            assertTrue(client.awaitLoggedOn(true, Duration.ofSeconds(2)));
            final long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
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

    /**
     * Sends 200 orders as one write, so that the framer sees them together whatever the scheduling of this thread;
     * the gateway may close the connection before the write completes.
     */
    private static void floodInOneWrite(final RawFixClient client)
    {
        final java.io.ByteArrayOutputStream flood = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < 200; i++)
        {
            flood.writeBytes(client.frame("D", "11=F" + i +
                "|54=1|60=20261122-05:00:00.000|40=2|55=AAPL|38=1|44=90|59=0|"));
        }
        try
        {
            client.write(flood.toByteArray());
        }
        catch (final java.io.IOException expected)
        {
            // the gateway closed the connection mid-flood, as it should
        }
    }

    /**
     * How many one-second throttle windows an interval of {@code elapsedNs} can overlap: the upper bound of what a
     * sliding window lets through is the limit times this, however slowly the machine ran the test.
     */
    private static long windowsSpanned(final long elapsedNs)
    {
        return elapsedNs / Duration.ofSeconds(1).toNanos() + 1;
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
