package io.kairos.fix;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgSeqNum;
import quickfix.field.PossDupFlag;

import static io.kairos.fix.Requests.BUY;
import static io.kairos.fix.Requests.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionPersistenceTest
{
    @TempDir
    Path dir;

    @Test
    void shouldDeliverReportsMissedWhileDisconnectedAfterTheNextLogon() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"));
            QfjClient buyer = fixture.client(1, dir.resolve("store")).startAndLogon();
            QfjClient seller = fixture.client(2, dir.resolve("store")).startAndLogon())
        {
            buyer.place(Requests.limit("B1", BUY, "AAPL", 10, 99.5));
            fixture.disconnect(buyer);

            seller.place(Requests.limit("S1", SELL, "AAPL", 10, 99.5));
            seller.expectReport('F');
            awaitBacklog(fixture, "CLIENT01", 1);

            buyer.startAndLogon();
            final Message missed = buyer.expect("8");
            assertEquals('F', missed.getChar(150));
            assertEquals("B1", missed.getString(11));
            assertEquals('2', missed.getChar(39));
            assertEquals(10.0, missed.getDouble(32));
        }
    }

    @Test
    void shouldContinueSequenceNumbersAcrossAGatewayRestart() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        final int lastSeqBefore;
        try (QfjClient client = GatewayFixture.client(1, port, dir.resolve("store")))
        {
            try (GatewayFixture fixture = GatewayFixture.startOn(gatewayDir, port))
            {
                assertEquals(port, fixture.port());
                client.startAndLogon();
                for (int i = 0; i < 3; i++)
                {
                    client.send(Requests.limit("BEFORE" + i, BUY, "AAPL", 1, 95));
                }
                int last = 0;
                for (int i = 0; i < 3; i++)
                {
                    last = client.expect("8").getHeader().getInt(MsgSeqNum.FIELD);
                }
                lastSeqBefore = last;
                client.stop();
            }
            try (GatewayFixture restarted = GatewayFixture.startOn(gatewayDir, port))
            {
                assertEquals(port, restarted.port());
                client.startAndLogon();
                final Message ack = client.place(Requests.limit("AFTER", BUY, "AAPL", 1, 95));
                assertEquals("AFTER", ack.getString(11));
                assertTrue(ack.getHeader().getInt(MsgSeqNum.FIELD) > lastSeqBefore + 1,
                    "the restarted gateway continued its sequence (its Logon took the next number) " +
                        "instead of restarting at 1");
                client.stop();
            }
        }
    }

    @Test
    void shouldHonourAResendRequestFromItsMessageLog() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"));
            QfjClient client = fixture.client(1, dir.resolve("store")).startAndLogon())
        {
            final Message original = client.place(Requests.limit("RS1", BUY, "AAPL", 1, 95));
            final int originalSeq = original.getHeader().getInt(MsgSeqNum.FIELD);
            // QuickFIX/J calls fromApp before it counts the message: wait until it has, then forget it
            Await.until("QuickFIX/J counting message " + originalSeq,
                () -> client.session().getExpectedTargetNum() == originalSeq + 1);
            client.session().setNextTargetMsgSeqNum(originalSeq);

            client.send(Requests.limit("RS2", BUY, "AAPL", 1, 95));
            final List<String> seen = new ArrayList<>();
            boolean replayed = false;
            // A replay reads Artio's archive and index: allow for a machine busy with other builds.
            final Duration replayTimeout = Duration.ofSeconds(30);
            final long deadline = System.nanoTime() + replayTimeout.toNanos();
            while (!replayed && System.nanoTime() < deadline)
            {
                final Message message = client.next(replayTimeout);
                seen.add(message.toString());
                replayed = message.getHeader().isSetField(PossDupFlag.FIELD) &&
                    message.getHeader().getBoolean(PossDupFlag.FIELD) &&
                    "RS1".equals(message.getString(11));
            }
            assertTrue(replayed, "the ER is resent with PossDupFlag=Y: " + seen);
        }
    }

    @Test
    void shouldCancelTheSessionsOrdersOnDisconnectWhenConfigured() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"), config ->
            config.withSessions(List.of(
                FixSessionConfig.withPassword("CLIENT01", "client01pass", 1, true),
                FixSessionConfig.withPassword("CLIENT02", "client02pass", 2, false))));
            QfjClient client = fixture.client(1, dir.resolve("store")).startAndLogon();
            QfjClient other = fixture.client(2, dir.resolve("store")).startAndLogon())
        {
            client.place(Requests.limit("COD1", BUY, "AAPL", 10, 99));
            fixture.disconnect(client);

            other.place(Requests.limit("HIT", SELL, "AAPL", 10, 99));
            assertEquals(null, other.poll(Duration.ofMillis(500)), "nothing to trade with: the order was cancelled");

            client.startAndLogon();
            final Message canceled = client.expect("8");
            assertEquals('4', canceled.getChar(150));
            assertEquals("COD1", canceled.getString(11));
        }
    }

    private static void awaitBacklog(final GatewayFixture fixture, final String compId, final int reports)
    {
        Await.until(compId + "'s backlog reaching " + reports,
            () -> fixture.gateway.agent().session(compId).backlogSize() >= reports);
    }
}
