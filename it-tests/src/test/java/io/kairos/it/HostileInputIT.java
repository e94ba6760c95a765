package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real server process, attacked over raw loopback sockets on both ports: each bad message gets its exact answer,
 * and the same sessions still trade and subscribe afterwards.
 */
class HostileInputIT
{
    private static final long WAIT_MS = 15_000;
    private static final String TIME = "60=20261124-10:00:00.000|";

    @TempDir
    Path root;

    @Test
    void shouldAnswerHostileOrderEntryAndMarketDataExactlyAndKeepServing() throws Exception
    {
        final TestVenue venue = new TestVenue(root).withTestInstruments(2).set("journal.mode", "off")
            .set("instrument.T01.max-order-qty", "1000000").set("md.max-subscriptions-per-session", "2");
        try (KairosProcess server = venue.start())
        {
            try (RawFixClient lazy = new RawFixClient(venue.fixPort(), "CLIENT02", "KAIROS"))
            {
                lazy.send("A", "98=0|108=0|553=CLIENT02|554=client02pass|");
                final String logout = lazy.readMessage("5", WAIT_MS);
                assertNotNull(logout, "HeartBtInt=0 is refused with a Logout");
                assertTrue(RawFixClient.field(logout, 58).contains("HeartBtInt(108) must be in [1, 3600], was 0"),
                    logout);
            }
            try (RawFixClient client = new RawFixClient(venue.fixPort(), "CLIENT01", "KAIROS"))
            {
                client.send("A", "98=0|108=30|553=CLIENT01|554=client01pass|");
                assertNotNull(client.readMessage("A", WAIT_MS), "logged on");
                final String[][] cases = {
                    {"38=1e5|44=99|", "38", "6"}, {"38=100|44=1..8.0.|", "44", "6"}, {"38=100|44=180..00|", "44", "6"},
                    {"38=100|44=1.8e2|", "44", "6"}, {"38= 5|44=99|", "38", "6"}, {"38=100|44=1e308|", "44", "6"},
                    {"38=1e25|44=99|", "38", "6"}};
                int n = 0;
                for (final String[] c : cases)
                {
                    assertSessionReject(client, "11=H" + n++ + "|54=1|" + TIME + "40=2|55=T01|59=0|" + c[0], c[1],
                        c[2]);
                }
                assertSessionReject(client, "11=Y|54=1|60=yesterday|40=2|55=T01|59=0|38=1|44=99|", "60", "6");
                assertSessionReject(client, "11=L|54=1|" + TIME + "40=2|55=" + "Q".repeat(65) + "|59=0|38=1|44=99|",
                    "55", "5");

                client.send("D", "11=BIG|54=2|" + TIME + "40=2|55=T01|59=0|38=1000001|44=99|");
                final String limit = client.readMessage("8", WAIT_MS);
                assertNotNull(limit);
                assertEquals("8", RawFixClient.field(limit, 39), limit);
                assertTrue(RawFixClient.field(limit, 58).contains("max-order-qty"), limit);

                client.send("D", "11=BUY|54=1|" + TIME + "40=2|55=T01|59=0|38=100|44=99|");
                assertEquals("0", RawFixClient.field(client.readMessage("8", WAIT_MS), 150),
                    "a good order is acknowledged");
                client.send("D", "11=SELL|54=2|" + TIME + "40=2|55=T01|59=0|38=100|44=99|");
                String trade = null;
                for (int i = 0; i < 4 && trade == null; i++)
                {
                    final String report = client.readMessage("8", WAIT_MS);
                    assertNotNull(report, "reports of the crossing order");
                    trade = "F".equals(RawFixClient.field(report, 150)) ? report : null;
                }
                assertNotNull(trade, "the session still trades");
                assertEquals("100", RawFixClient.field(trade, 32));
            }
            try (RawFixClient md = new RawFixClient(venue.mdPort(), "MD01", "KAIROS-MD"))
            {
                md.send("A", "98=0|108=30|553=MD01|554=md01pass|");
                assertNotNull(md.readMessage("A", WAIT_MS), "market data logged on");
                md.send("V", "262=MISMATCH|263=1|264=0|267=1|269=0|146=3|55=T01|");
                final String reject = md.readMessage("3", WAIT_MS);
                assertNotNull(reject);
                assertEquals("146", RawFixClient.field(reject, 371));
                assertEquals("16", RawFixClient.field(reject, 373));
                md.send("V", "262=REPEAT|263=1|264=0|267=1|269=0|146=4|55=T01|55=T01|55=T01|55=T02|");
                final String first = md.readMessage("W", WAIT_MS);
                final String second = md.readMessage("W", WAIT_MS);
                assertNotNull(first);
                assertNotNull(second);
                assertEquals("T01", RawFixClient.field(first, 55));
                assertEquals("T02", RawFixClient.field(second, 55), "one snapshot per distinct symbol");
                md.send("V", "262=THIRD|263=1|264=0|267=1|269=0|146=1|55=T01|");
                final String refused = md.readMessage("Y", WAIT_MS);
                assertNotNull(refused, "md.max-subscriptions-per-session=2 reached");
                assertEquals("2", RawFixClient.field(refused, 281));
            }
            assertEquals(0, server.stop());
        }
    }

    /**
     * A session the throttle disconnects keeps every report of the orders it had accepted: those written before the
     * disconnect are replayed on a ResendRequest (PossDupFlag=Y, same MsgSeqNum and ExecID), those not yet written are
     * sent after the next logon — together exactly one acknowledgement per order the venue took in.
     */
    @Test
    void shouldDeliverEveryAcceptedOrdersReportAfterAThrottleDisconnectByResendRequest() throws Exception
    {
        final TestVenue venue = new TestVenue(root).withTestInstruments(2).set("journal.mode", "off")
            .set("fix.throttle.messages-per-second", "20").set("fix.throttle.disconnect-after-rejects", "30");
        try (KairosProcess server = venue.start())
        {
            final Map<String, String> firstAcks = new HashMap<>();
            final int next;
            try (RawFixClient flooder = new RawFixClient(venue.fixPort(), "CLIENT01", "KAIROS"))
            {
                flooder.send("A", "98=0|108=30|553=CLIENT01|554=client01pass|");
                assertNotNull(flooder.readMessage("A", WAIT_MS));
                try
                {
                    for (int i = 0; i < 200; i++)
                    {
                        flooder.send("D", "11=F" + i + "|54=1|" + TIME + "40=2|55=T01|59=0|38=1|44=99|");
                    }
                }
                catch (final IOException closedUnderneath)
                {
                    // the throttle disconnected the session mid-flood
                }
                for (String m = flooder.readMessage(null, WAIT_MS); m != null; m = flooder.readMessage(null, WAIT_MS))
                {
                    if (m.contains("|35=8|"))
                    {
                        firstAcks.put(RawFixClient.field(m, 34), RawFixClient.field(m, 17));
                    }
                }
                assertTrue(flooder.closedByPeer(), "the throttle disconnected the session");
                assertFalse(firstAcks.isEmpty(), "orders inside the rate were acknowledged before the disconnect");
                next = flooder.nextSeqNum();
            }
            final Map<String, String> replayed = new HashMap<>();
            final Set<String> acknowledged = new HashSet<>();
            final StringBuilder seen = new StringBuilder();
            try (RawFixClient client = new RawFixClient(venue.fixPort(), "CLIENT01", "KAIROS"))
            {
                client.sendWithSeqNum("A", "98=0|108=30|553=CLIENT01|554=client01pass|", Integer.toString(next));
                final String logon = client.readMessage("A", WAIT_MS);
                assertNotNull(logon, "logged on again without a reset");
                final int lastBefore = Integer.parseInt(RawFixClient.field(logon, 34)) - 1;
                int seqNum = next + 1;
                client.sendWithSeqNum("1", "112=SYNC|", Integer.toString(seqNum));
                String m;
                while ((m = client.readMessage(null, WAIT_MS)) != null && !"SYNC".equals(RawFixClient.field(m, 112)))
                {
                    collect(m, acknowledged, replayed);
                    if (m.contains("|35=2|"))
                    {
                        // the venue missed the tail of the flood: those were orders it never took in
                        client.sendWithSeqNum("4", "43=Y|122=20261124-10:00:00.000|123=Y|36=" + (seqNum + 1) + "|",
                            RawFixClient.field(m, 7));
                        client.sendWithSeqNum("1", "112=SYNC|", Integer.toString(++seqNum));
                    }
                }
                assertNotNull(m, "the session is in sequence again");
                client.sendWithSeqNum("2", "7=1|16=0|", Integer.toString(++seqNum));
                while ((m = client.readMessage(null, WAIT_MS)) != null && !endsReplay(m, lastBefore))
                {
                    collect(m, acknowledged, replayed);
                    seen.append(RawFixClient.field(m, 35)).append(':').append(RawFixClient.field(m, 34))
                        .append(m.contains("|123=Y|") ? "->" + RawFixClient.field(m, 36) : "").append(' ');
                }
                assertNotNull(m, () -> "the replay reached MsgSeqNum " + lastBefore + "; got " + seen);
                collect(m, acknowledged, replayed);
                client.sendWithSeqNum("1", "112=END|", Integer.toString(++seqNum));
                while ((m = client.readMessage(null, WAIT_MS)) != null && !"END".equals(RawFixClient.field(m, 112)))
                {
                    collect(m, acknowledged, replayed);
                }
                assertNotNull(m, "everything sent before the Heartbeat arrived");
                for (final Map.Entry<String, String> ack : firstAcks.entrySet())
                {
                    assertTrue(Integer.parseInt(ack.getKey()) <= lastBefore);
                    assertEquals(ack.getValue(), replayed.get(ack.getKey()),
                        () -> "report " + ack.getKey() + " replayed; after the ResendRequest: " + seen);
                }
            }
            final double ordersIn = metric(venue, "kairos_orders_in_total");
            assertTrue(ordersIn > 0, "some orders were taken in before the throttle");
            assertEquals((long)ordersIn, acknowledged.size(), "one acknowledgement per order taken in: " +
                acknowledged);
            assertEquals(0, server.stop());
        }
    }

    /** Whether {@code message} is the replayed message {@code last} or a gap fill past it. */
    private static boolean endsReplay(final String message, final int last)
    {
        final boolean possDup = "Y".equals(RawFixClient.field(message, 43));
        final String seqNum = RawFixClient.field(message, 34);
        return possDup && (Integer.parseInt(seqNum) == last || message.contains("|35=4|") &&
            Integer.parseInt(RawFixClient.field(message, 36)) > last);
    }

    /** Notes an acknowledgement's ClOrdID, and a replayed (PossDupFlag=Y) report's MsgSeqNum and ExecID. */
    private static void collect(
        final String message, final Set<String> acknowledged, final Map<String, String> replayed)
    {
        if (!message.contains("|35=8|"))
        {
            return;
        }
        acknowledged.add(RawFixClient.field(message, 11));
        if ("Y".equals(RawFixClient.field(message, 43)))
        {
            replayed.put(RawFixClient.field(message, 34), RawFixClient.field(message, 17));
        }
    }

    private static double metric(final TestVenue venue, final String name)
    {
        for (final String line : Http.get(venue.metricsPort(), "/metrics").body().split("\n"))
        {
            if (line.startsWith(name + " ") || line.startsWith(name + "{"))
            {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new AssertionError("no metric " + name);
    }

    private static void assertSessionReject(final RawFixClient client, final String body, final String refTag,
        final String reason) throws Exception
    {
        final int seqNum = client.nextSeqNum();
        client.send("D", body);
        final String reject = client.readMessage("3", WAIT_MS);
        assertNotNull(reject, "a session Reject for " + body);
        assertEquals(String.valueOf(seqNum), RawFixClient.field(reject, 45), reject);
        assertEquals(refTag, RawFixClient.field(reject, 371), body + " -> " + reject);
        assertEquals(reason, RawFixClient.field(reject, 373), body + " -> " + reject);
    }
}
