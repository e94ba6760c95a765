package io.kairos.fix;

import static io.kairos.fix.Requests.BUY;
import static io.kairos.fix.Requests.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.kairos.fix.delivery.AcceptedReports;
import io.kairos.fix.delivery.DeliveryMarks;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.Message;

/**
 * Drop copy: a session DC01 configured for FIRM1 (CLIENT01..05; CLIENT06..10 are FIRM2) gets a copy of every
 * ExecutionReport FIRM1's sessions are sent, once, with the same ExecID, CopyMsgIndicator (797) = Y and
 * DeliverToCompID (128) = the session it was sent to; none of FIRM2's; also what was sent while it was logged off,
 * across a restart, and what Artio had not written to it when the venue died. It may not enter orders.
 */
// javac's "try" lint: a gateway in try-with-resources only has to run while the clients talk to it, unreferenced
@SuppressWarnings("try")
class DropCopyTest
{
    private static final int DELIVER_TO_COMP_ID = 128;
    private static final int COPY_MSG_INDICATOR = 797;
    private static final int POSS_RESEND = 97;
    private static final Duration QUIET = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    static FixGatewayConfig withDropCopy(final FixGatewayConfig config)
    {
        return config.withDropCopySessions(List.of(DropCopySessionConfig.withPassword("DC01", "dc01pass", 0,
            List.of("FIRM1"))));
    }

    static QfjClient dropCopy(final int port, final Path storeDir)
    {
        return new QfjClient("DC01", "dc01pass", port, storeDir);
    }

    @Test
    void shouldCopyEveryExecutionReportOfItsFirmsSessionsOnceAndNoneOfOtherFirms() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"), DropCopyTest::withDropCopy);
            QfjClient client1 = fixture.client(1, dir.resolve("store")).startAndLogon();
            QfjClient client2 = fixture.client(2, dir.resolve("store")).startAndLogon();
            QfjClient client6 = fixture.client(6, dir.resolve("store")).startAndLogon();
            QfjClient dc = dropCopy(fixture.port(), dir.resolve("store")).startAndLogon())
        {
            final Map<String, String> expected = new TreeMap<>();
            // FIRM1 with FIRM1: both sides copied
            QfjClient.trade(client1, Requests.limit("B1", BUY, "AAPL", 10, 99.5),
                client2, Requests.limit("S1", SELL, "AAPL", 10, 99.5));
            // FIRM1 with FIRM2: only CLIENT01's side
            QfjClient.trade(client6, Requests.limit("S6", SELL, "MSFT", 5, 100),
                client1, Requests.limit("B2", BUY, "MSFT", 5, 100));
            // a reject the gateway makes itself (unknown symbol) and a cancel
            client2.send(Requests.limit("X1", BUY, "NOPE", 1, 100));
            client2.expectReport('8');
            client2.place(Requests.limit("B3", BUY, "AAPL", 3, 95));
            client2.send(Requests.cancel("C3", "B3", BUY, "AAPL"));
            client2.expectReport('4');
            for (final Message report : client1.all())
            {
                expected.put(report.getString(17), "CLIENT01");
            }
            for (final Message report : client2.all())
            {
                expected.put(report.getString(17), "CLIENT02");
            }
            assertEquals(4 + 5, expected.size(), "distinct ExecIDs of FIRM1's reports: " + expected);

            final Map<String, String> copied = new TreeMap<>();
            for (int i = 0; i < expected.size(); i++)
            {
                final Message copy = dc.expect("8");
                assertTrue(copy.getBoolean(COPY_MSG_INDICATOR), "797=Y on " + copy);
                assertEquals("DC01", copy.getHeader().getString(56));
                assertNull(copied.put(copy.getString(17), copy.getHeader().getString(DELIVER_TO_COMP_ID)),
                    "each ExecID once: " + copy);
            }
            assertEquals(expected, copied, "every report of FIRM1's sessions, to whom it went");
            assertNull(dc.poll(QUIET), "nothing more: none of FIRM2's reports");
        }
    }

    @Test
    void shouldRefuseEveryApplicationMessageOfADropCopySessionWithABusinessMessageReject() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"), DropCopyTest::withDropCopy);
            QfjClient client1 = fixture.client(1, dir.resolve("store")).startAndLogon();
            QfjClient dc = dropCopy(fixture.port(), dir.resolve("store")).startAndLogon())
        {
            client1.place(Requests.limit("B1", BUY, "AAPL", 10, 99.5));
            assertEquals('0', dc.expect("8").getChar(150));
            final double ordersIn = fixture.counter("kairos.orders.in");

            dc.send(Requests.limit("DCS1", SELL, "AAPL", 10, 99.5));
            final Message reject = dc.expect("j");
            assertEquals(6, reject.getInt(380), "BusinessRejectReason 6 (not authorized)");
            assertEquals("D", reject.getString(372));
            assertEquals("drop copy sessions cannot enter orders", reject.getString(58));
            dc.send(Requests.cancel("DCC1", "B1", BUY, "AAPL"));
            assertEquals("F", dc.expect("j").getString(372));

            assertNull(client1.poll(QUIET), "the buy order was not touched");
            assertEquals(ordersIn, fixture.counter("kairos.orders.in"), "nothing reached the engine");
            assertEquals(2.0, fixture.counter("kairos.rejects", "reason", "drop_copy_cannot_enter_orders"));
            assertTrue(dc.awaitLoggedOn(true, QUIET), "the drop copy stays logged on");
        }
    }

    @Test
    void shouldSendOnItsNextLogonOnceWhatWasSentWhileItWasLoggedOffAlsoAcrossARestart() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        try (QfjClient client1 = GatewayFixture.client(1, port, dir.resolve("store"));
            QfjClient client2 = GatewayFixture.client(2, port, dir.resolve("store"));
            QfjClient dc = dropCopy(port, dir.resolve("store")))
        {
            final List<String> whileOff = new ArrayList<>();
            final List<String> acrossRestart = new ArrayList<>();
            try (GatewayFixture fixture =
                GatewayFixture.startJournalled(gatewayDir, dir, port, DropCopyTest::withDropCopy))
            {
                client1.startAndLogon();
                client2.startAndLogon();
                dc.startAndLogon();
                dc.stop();
                Await.until("DC01 disconnected", () -> !fixture.gateway.agent().dropCopy("DC01").isConnected());
                QfjClient.trade(client1, Requests.limit("B1", BUY, "AAPL", 10, 99.5),
                    client2, Requests.limit("S1", SELL, "AAPL", 10, 99.5));
                execIds(client1.all(), whileOff);
                execIds(client2.all(), whileOff);
                Await.until("4 copies waiting", () -> fixture.gateway.agent().dropCopy("DC01").backlogSize() == 4);

                dc.startAndLogon();
                final List<String> copies = new ArrayList<>();
                for (int i = 0; i < whileOff.size(); i++)
                {
                    copies.add(dc.expect("8").getString(17));
                }
                assertEquals(sorted(whileOff), sorted(copies), "each report once");
                assertNull(dc.poll(QUIET));

                dc.stop();
                Await.until("DC01 disconnected", () -> !fixture.gateway.agent().dropCopy("DC01").isConnected());
                QfjClient.trade(client2, Requests.limit("S2", SELL, "MSFT", 7, 100),
                    client1, Requests.limit("B2", BUY, "MSFT", 7, 100));
                execIds(client1.all(), acrossRestart);
                execIds(client2.all(), acrossRestart);
                client1.stop();
                client2.stop();
            }

            try (GatewayFixture restarted =
                GatewayFixture.startJournalled(gatewayDir, dir, port, DropCopyTest::withDropCopy))
            {
                dc.startAndLogon();
                final List<String> copies = new ArrayList<>();
                for (int i = 0; i < acrossRestart.size(); i++)
                {
                    final Message copy = dc.expect("8");
                    assertTrue(possResend(copy), "emitted again after the restart: PossResend=Y " + copy);
                    copies.add(copy.getString(17));
                }
                assertEquals(sorted(acrossRestart), sorted(copies), "each report sent while logged off, once");
                assertNull(dc.poll(QUIET), "none of the earlier ones again");

                client1.startAndLogon();
                client2.startAndLogon();
                assertNull(client1.poll(QUIET), "the order-entry sessions had theirs: nothing again");
                assertNull(client2.poll(QUIET));
            }
        }
    }

    @Test
    void shouldSendAgainAfterACrashOnlyTheCopiesArtioHadNotWritten() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        try (QfjClient client1 = GatewayFixture.client(1, port, dir.resolve("store"));
            QfjClient client2 = GatewayFixture.client(2, port, dir.resolve("store"));
            QfjClient dc = dropCopy(port, dir.resolve("store")))
        {
            final List<String> sellExecIds = new ArrayList<>();
            try (GatewayFixture fixture =
                GatewayFixture.startJournalled(gatewayDir, dir, port, DropCopyTest::withDropCopy))
            {
                client1.startAndLogon();
                client2.startAndLogon();
                dc.startAndLogon();
                client1.place(Requests.limit("B1", BUY, "AAPL", 10, 99.5));
                client2.send(Requests.limit("S1", SELL, "AAPL", 10, 99.5));
                execIds(List.of(client2.expect("8"), client2.expect("8")), sellExecIds);
                client1.expect("8");
                for (int i = 0; i < 4; i++)
                {
                    dc.expect("8");
                }
                client1.stop();
                client2.stop();
                dc.stop();
            }
            // What a kill -9 leaves when the copies of the sell command's reports were still on their way to Artio:
            // the drop copy's marks say its last written copy came from the command before.
            final int dcSessionId = DropCopySessionConfig.sessionIdAt(0);
            try (DeliveryMarks marks = DeliveryMarks.open(gatewayDir, new int[] {1, 2, dcSessionId}))
            {
                final int slot = marks.slot(dcSessionId);
                final long sellIndex = marks.committedIndex(slot, 0);
                assertTrue(sellIndex > 1, "the sell order's journal index was recorded: " + sellIndex);
                marks.onCommitted(slot, 0, sellIndex - 1, 0);
                marks.onRecoveryComplete(0, sellIndex - 1);
            }
            // ... and Artio had not taken them yet: nothing of theirs in the accepted reports
            Files.delete(gatewayDir.resolve(AcceptedReports.FILE_NAME));

            try (GatewayFixture restarted =
                GatewayFixture.startJournalled(gatewayDir, dir, port, DropCopyTest::withDropCopy))
            {
                dc.startAndLogon();
                final List<String> again = new ArrayList<>();
                final List<String> deliverTo = new ArrayList<>();
                for (int i = 0; i < 3; i++)
                {
                    final Message copy = dc.expect("8");
                    assertTrue(possResend(copy), "PossResend=Y " + copy);
                    again.add(copy.getString(17));
                    deliverTo.add(copy.getHeader().getString(DELIVER_TO_COMP_ID));
                }
                // the sell command's reports: the seller's ack and fill, the buyer's fill
                assertTrue(again.containsAll(sellExecIds), again + " has " + sellExecIds);
                assertEquals(List.of("CLIENT01", "CLIENT02", "CLIENT02"), sorted(deliverTo));
                assertNull(dc.poll(QUIET), "the buy's ack had been written: not again");

                client1.startAndLogon();
                client2.startAndLogon();
                assertNull(client1.poll(QUIET), "the order-entry sessions had theirs: nothing again");
                assertNull(client2.poll(QUIET));
            }
        }
    }

    @Test
    void shouldNotSendAgainAfterACrashTheReportsTheFramerHadWrittenThoughTheyWereNotYetMarked() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        try (QfjClient client1 = GatewayFixture.client(1, port, dir.resolve("store"));
            QfjClient client2 = GatewayFixture.client(2, port, dir.resolve("store"));
            QfjClient dc = dropCopy(port, dir.resolve("store")))
        {
            try (GatewayFixture fixture =
                GatewayFixture.startJournalled(gatewayDir, dir, port, DropCopyTest::withDropCopy))
            {
                client1.startAndLogon();
                client2.startAndLogon();
                dc.startAndLogon();
                QfjClient.trade(client1, Requests.limit("B1", BUY, "AAPL", 10, 99.5),
                    client2, Requests.limit("S1", SELL, "AAPL", 10, 99.5));
                for (int i = 0; i < 4; i++)
                {
                    dc.expect("8");
                }
                client1.stop();
                client2.stop();
                dc.stop();
            }
            // What a kill -9 leaves when the framer had written the sell command's reports (the sent-sequence floor
            // says so) but the library thread had not seen it yet: every session's marks from the command before.
            final int dcSessionId = DropCopySessionConfig.sessionIdAt(0);
            try (DeliveryMarks marks = DeliveryMarks.open(gatewayDir, new int[] {1, 2, dcSessionId}))
            {
                for (final int sessionId : new int[] {1, 2, dcSessionId})
                {
                    final int slot = marks.slot(sessionId);
                    final long sellIndex = marks.committedIndex(slot, 0);
                    marks.onCommitted(slot, 0, sellIndex - 1, 0);
                }
            }

            try (GatewayFixture restarted =
                GatewayFixture.startJournalled(gatewayDir, dir, port, DropCopyTest::withDropCopy))
            {
                dc.startAndLogon();
                client1.startAndLogon();
                client2.startAndLogon();
                assertNull(dc.poll(QUIET), "the drop copy's reports had been written: not again");
                assertNull(client1.poll(QUIET), "nor the buyer's");
                assertNull(client2.poll(QUIET), "nor the seller's");
            }
        }
    }

    private static void execIds(final List<Message> reports, final List<String> into) throws FieldNotFound
    {
        for (final Message report : reports)
        {
            assertFalse(report.getHeader().isSetField(DELIVER_TO_COMP_ID), "an original carries no 128: " + report);
            into.add(report.getString(17));
        }
    }

    private static List<String> sorted(final List<String> values)
    {
        return values.stream().sorted().toList();
    }

    private static boolean possResend(final Message message) throws FieldNotFound
    {
        return message.getHeader().isSetField(POSS_RESEND) && message.getHeader().getBoolean(POSS_RESEND);
    }
}
