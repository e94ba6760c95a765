package io.kairos.fix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A careless or hostile client over a raw socket against the real gateway and engine: every malformed number, time
 * or Symbol gets a session Reject (35=3) naming the tag (371) and the reason (373), nothing reaches the engine, and
 * the same session still trades afterwards. Waits end on the expected message, bounded.
 */
class HostileOrderEntryTest
{
    private static final long WAIT_MS = 10_000;
    private static final String GOOD_TIME = "60=20261124-10:00:00.000|";

    @TempDir
    Path dir;

    @Test
    void shouldRejectEveryMalformedNumberTimeAndSymbolAndKeepTrading() throws Exception
    {
        final String[][] cases = {
            {"38=1e5|44=90|", "38", "6"},
            {"38=100|44=1..8.0.|", "44", "6"},
            {"38=100|44=180..00|", "44", "6"},
            {"38=100|44=1.8e2|", "44", "6"},
            {"38= 5|44=90|", "38", "6"},
            {"38=100|44=1e308|", "44", "6"},
            {"38=1e25|44=90|", "38", "6"},
            {"38=+5|44=90|", "38", "6"},
            {"38=100|44=90 |", "44", "6"},
            {"38=12345678901234567890|44=90|", "38", "5"},
        };
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            assertNotNull(client.readMessage("A", WAIT_MS), "logged on");
            int n = 0;
            for (final String[] c : cases)
            {
                assertSessionReject(client, "D", "11=H" + n++ + "|54=1|" + GOOD_TIME + "40=2|55=AAPL|59=0|" + c[0],
                    c[1], c[2]);
            }
            assertSessionReject(client, "D", "11=T1|54=1|60=yesterday|40=2|55=AAPL|38=100|44=90|59=0|", "60", "6");
            assertSessionReject(client, "D", "11=S1|54=1|" + GOOD_TIME + "40=2|55=" + "Z".repeat(65) +
                "|38=100|44=90|59=0|",
                "55", "5");
            assertSessionReject(client, "H", "11=S2|54=1|55=" + "Z".repeat(65) + "|", "55", "5");
            assertSessionReject(client, "G", "11=R1|41=H0|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=1e3|44=90|", "38", "6");
            assertEquals(0.0, fixture.counter("kairos.orders.in"), "nothing malformed reached the engine");

            client.send("D", "11=BUY|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=100|44=90|59=0|");
            final String ack = client.readMessage("8", WAIT_MS);
            assertNotNull(ack, "a good order is still acknowledged");
            assertEquals("0", RawFixClient.field(ack, 150));
            assertEquals("100", RawFixClient.field(ack, 38));
            client.send("D", "11=SELL|54=2|" + GOOD_TIME + "40=2|55=AAPL|38=100|44=90|59=0|");
            String trade = null;
            for (int i = 0; i < 4 && trade == null; i++)
            {
                final String report = client.readMessage("8", WAIT_MS);
                assertNotNull(report, "reports of the crossing order");
                trade = "F".equals(RawFixClient.field(report, 150)) ? report : null;
            }
            assertNotNull(trade, "and the session still trades");
            assertEquals("100", RawFixClient.field(trade, 32));
            assertEquals("90", RawFixClient.field(trade, 31));
        }
    }

    @Test
    void shouldRefuseAHeartBtIntOutsideTheConfiguredRangeWithALogoutNamingIt() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir, config -> config.withMaxHeartBtIntSeconds(3600)))
        {
            for (final String heartBtInt : new String[] {"0", "3601"})
            {
                try (RawFixClient client = fixture.rawClient("CLIENT01"))
                {
                    client.send("A", "98=0|108=" + heartBtInt + "|553=CLIENT01|554=client01pass|");
                    assertLogonRefused(client, "HeartBtInt(108) must be in [1, 3600], was " + heartBtInt);
                }
            }
            try (RawFixClient client = fixture.rawClient("CLIENT01"))
            {
                client.send("A", "98=0|108=3600|553=CLIENT01|554=client01pass|");
                assertNotNull(client.readMessage("A", WAIT_MS), "the edge of the range is accepted");
            }
        }
    }

    @Test
    void shouldRefuseALogonWithAMsgSeqNumBelowOneWithALogoutNamingItAndThenAcceptAGoodOne() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir))
        {
            for (final String seqNum : new String[] {"0", "-1"})
            {
                try (RawFixClient client = fixture.rawClient("CLIENT01"))
                {
                    client.write(withSeqNum(client, seqNum));
                    assertLogonRefused(client, "MsgSeqNum(34) must be >= 1, was " + seqNum);
                }
            }
            try (RawFixClient client = fixture.rawClient("CLIENT01"))
            {
                client.logon("CLIENT01", "client01pass");
                assertNotNull(client.readMessage("A", WAIT_MS), "a good logon is answered afterwards");
            }
        }
    }

    @Test
    void shouldAnswerEveryResetLogonAlsoAfterAConnectionDroppedRightAfterTheReply() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir))
        {
            for (int i = 0; i < 3; i++)
            {
                try (RawFixClient client = fixture.rawClient("CLIENT01"))
                {
                    client.send("A", "98=0|108=30|553=CLIENT01|554=client01pass|141=Y|");
                    final String logon = client.readMessage("A", WAIT_MS);
                    assertNotNull(logon, "reset logon " + i + " answered");
                    assertEquals("1", RawFixClient.field(logon, 34));
                    assertEquals("Y", RawFixClient.field(logon, 141));
                }
            }
            try (RawFixClient refused = fixture.rawClient("CLIENT01"))
            {
                refused.send("A", "98=0|108=0|553=CLIENT01|554=client01pass|141=Y|");
                assertNotNull(refused.readMessage("5", WAIT_MS));
            }
            try (RawFixClient client = fixture.rawClient("CLIENT01"))
            {
                client.send("A", "98=0|108=30|553=CLIENT01|554=client01pass|141=Y|");
                assertNotNull(client.readMessage("A", WAIT_MS), "answered after a refused logon too");
                client.send("D", "11=AFTER|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=1|44=90|59=0|");
                final String ack = client.readMessage("8", WAIT_MS);
                assertNotNull(ack, "and the session trades");
                assertEquals("0", RawFixClient.field(ack, 150));
            }
        }
    }

    @Test
    void shouldIgnoreAPossDupRetransmissionBelowTheExpectedMsgSeqNum() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            assertNotNull(client.readMessage("A", WAIT_MS));
            client.send("D", "11=FIRST|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=1|44=90|59=0|");
            assertEquals("FIRST", RawFixClient.field(client.readMessage("8", WAIT_MS), 11));
            client.write(client.frameWithSeqNum("D", "43=Y|122=20261124-10:00:00.000|11=REPLAYED|54=1|" + GOOD_TIME +
                "40=2|55=AAPL|38=1|44=90|59=0|", "2"));
            client.send("D", "11=NEXT|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=1|44=90|59=0|");
            final String next = client.readMessage("8", WAIT_MS);
            assertNotNull(next);
            assertEquals("NEXT", RawFixClient.field(next, 11), "no report for the stale retransmission came first");
            assertEquals(2.0, fixture.counter("kairos.orders.in"), "the retransmission never reached the engine");
        }
    }

    @Test
    void shouldRejectASequenceResetPastTwoToThe31AndKeepTheSession() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            assertNotNull(client.readMessage("A", WAIT_MS));
            final int seqNum = client.nextSeqNum();
            client.send("4", "36=2147483648|");
            final String reject = client.readMessage("3", WAIT_MS);
            assertNotNull(reject, "NewSeqNo 2^31 answered");
            assertEquals(String.valueOf(seqNum), RawFixClient.field(reject, 45));
            assertEquals("36", RawFixClient.field(reject, 371));
            assertEquals("6", RawFixClient.field(reject, 373));
            client.send("1", "112=STILL-HERE|");
            final String heartbeat = client.readMessage("0", WAIT_MS);
            assertNotNull(heartbeat, "the rejected SequenceReset consumed its number and the session goes on");
            assertEquals("STILL-HERE", RawFixClient.field(heartbeat, 112));
            client.send("D", "11=AFTER-RESET|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=1|44=90|59=0|");
            assertEquals("0", RawFixClient.field(client.readMessage("8", WAIT_MS), 150));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "0; MsgSeqNum too low, expecting 2 but received 0",
        "-1; MsgSeqNum too low, expecting 2 but received -1",
        "2147483648; Received message without MsgSeqNum",
        "99999999999999999999; Received message without MsgSeqNum"})
    void shouldLogOutASessionWhoseMessageCarriesAnImpossibleMsgSeqNumNamingWhy(final String seqNum, final String reason)
        throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            assertNotNull(client.readMessage("A", WAIT_MS));
            client.write(client.frameWithSeqNum("1", "112=X|", seqNum));
            final String logout = client.readMessage("5", WAIT_MS);
            assertNotNull(logout, "a Logout for MsgSeqNum " + seqNum);
            assertEquals(reason, RawFixClient.field(logout, 58));
            assertNull(client.readMessage("0", WAIT_MS), "no Heartbeat for it");
            assertTrue(client.closedByPeer(), "and the connection is closed");
        }
    }

    @Test
    void shouldCloseAConnectionThatSendsTenMegabytesOfNonFixBytesAndServeTheSessionAgain() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir))
        {
            try (RawFixClient client = fixture.rawClient("CLIENT01"))
            {
                client.logon("CLIENT01", "client01pass");
                assertNotNull(client.readMessage("A", WAIT_MS), "logged on");
                final byte[] chunk = "GET / HTTP/1.1\r\nHost: kairos\r\n\r\n".repeat(2048)
                    .getBytes(StandardCharsets.US_ASCII);
                long written = 0;
                try
                {
                    while (written < 10L * 1024 * 1024)
                    {
                        client.write(chunk);
                        written += chunk.length;
                    }
                }
                catch (final IOException closedUnderneath)
                {
                    // the gateway closed the connection while we were still writing
                }
                client.readUntilClosed(WAIT_MS);
                assertTrue(client.closedByPeer(), "closed when the peer sends no FIX (" + written + " bytes written)");
            }
            fixture.awaitDisconnected("CLIENT01");
            try (RawFixClient client = fixture.rawClient("CLIENT01"))
            {
                client.send("A", "98=0|108=30|553=CLIENT01|554=client01pass|141=Y|");
                assertNotNull(client.readMessage("A", WAIT_MS), "the session logs on again");
                client.send("D", "11=AFTER-NOISE|54=1|" + GOOD_TIME + "40=2|55=AAPL|38=1|44=90|59=0|");
                assertEquals("0", RawFixClient.field(client.readMessage("8", WAIT_MS), 150), "and trades");
            }
        }
    }

    /** A Logon framed with MsgSeqNum {@code seqNum} instead of the client's own numbering. */
    private static byte[] withSeqNum(final RawFixClient client, final String seqNum)
    {
        return client.frameWithSeqNum("A", "98=0|108=30|553=CLIENT01|554=client01pass|141=Y|", seqNum);
    }

    private static void assertSessionReject(final RawFixClient client, final String msgType, final String body,
        final String refTag, final String reason) throws Exception
    {
        final int seqNum = client.nextSeqNum();
        client.send(msgType, body);
        final String reject = client.readMessage("3", WAIT_MS);
        assertNotNull(reject, "a session Reject for " + body);
        assertEquals(String.valueOf(seqNum), RawFixClient.field(reject, 45), reject);
        assertEquals(refTag, RawFixClient.field(reject, 371), body + " -> " + reject);
        assertEquals(reason, RawFixClient.field(reject, 373), body + " -> " + reject);
        assertEquals(msgType, RawFixClient.field(reject, 372), reject);
    }

    /** The Logon just sent is answered by a Logout whose Text (58) names {@code why}, by no Logon, and a close. */
    private static void assertLogonRefused(final RawFixClient client, final String why) throws Exception
    {
        final String logout = client.readMessage("5", WAIT_MS);
        assertNotNull(logout, "a Logout: " + why);
        assertTrue(RawFixClient.field(logout, 58).contains(why), logout);
        assertNull(client.readMessage("A", WAIT_MS), "no Logon reply");
        assertTrue(client.closedByPeer(), "and the connection is closed");
    }
}
