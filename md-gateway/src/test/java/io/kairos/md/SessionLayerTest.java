package io.kairos.md;

import java.io.IOException;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionLayerTest
{
    private MarketDataGateway gateway;

    @BeforeEach
    void launch()
    {
        gateway = TestVenue.launch(new SimpleMeterRegistry());
    }

    @AfterEach
    void close()
    {
        gateway.close();
    }

    /** A raw client logged on as {@code compId} (demo password). */
    private RawFixClient loggedOn(final String compId) throws IOException
    {
        final RawFixClient client = new RawFixClient(gateway.port(), compId);
        client.logon();
        return client;
    }

    @Test
    void shouldLogOnWithConfiguredCredentialsAndEchoHeartBtInt() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            final FixFrame logon = client.logon();
            assertEquals("30", logon.get(108));
            assertEquals("KAIROS-MD", logon.get(49));
            assertEquals("MD01", logon.get(56));
            assertEquals("1", logon.get(34));
            assertTrue(logon.get(52).matches("\\d{8}-\\d{2}:\\d{2}:\\d{2}\\.\\d{9}"), logon.get(52));
        }
    }

    @Test
    void shouldRefuseLogonWithWrongPassword() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD02"))
        {
            final FixFrame logout = client.sendAndReadUntil("5", "A", "98=0", "108=30", "553=MD02", "554=wrong");
            assertNotNull(logout);
            assertEquals("Logon refused", logout.get(58));
            assertTrue(client.closedByServerWithin(5_000));
        }
    }

    @Test
    void shouldRefuseUnknownSenderCompIdExactlyAsAWrongPassword() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "INTRUDER"))
        {
            final FixFrame logout = client.sendAndReadUntil("5", "A", "98=0", "108=30", "554=x");
            assertNotNull(logout);
            assertEquals("Logon refused", logout.get(58));
            assertTrue(client.closedByServerWithin(5_000));
        }
    }

    @Test
    void shouldRefuseWrongTargetCompId() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD03", "KAIROS", 0))
        {
            final FixFrame logout = client.sendAndReadUntil("5", "A", "98=0", "108=30", "554=md03pass");
            assertNotNull(logout);
            assertEquals("Logon refused", logout.get(58));
        }
    }

    @Test
    void shouldRefuseSecondConnectionOfALoggedOnCompId() throws IOException
    {
        try (RawFixClient first = new RawFixClient(gateway.port(), "MD04");
            RawFixClient second = new RawFixClient(gateway.port(), "MD04"))
        {
            first.logon();
            final FixFrame logout = second.sendAndReadUntil("5", "A", "98=0", "108=30", "554=md04pass");
            assertNotNull(logout);
            assertTrue(logout.get(58).contains("already logged on"), logout.get(58));
            first.send("1", "112=STILL-THERE");
            assertEquals("STILL-THERE", first.readUntil("0", 5_000).get(112));
        }
    }

    @Test
    void shouldAnswerTestRequestWithHeartbeat() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            final FixFrame heartbeat = client.sendAndReadUntil("0", "1", "112=PING-7");
            assertEquals("PING-7", heartbeat.get(112));
            assertEquals("2", heartbeat.get(34));
        }
    }

    @Test
    void shouldAnswerResendRequestWithSequenceResetGapFill() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            client.send("1", "112=A");
            client.readUntil("0", 5_000);
            final FixFrame gapFill = client.sendAndReadUntil("4", "2", "7=1", "16=0");
            assertEquals("Y", gapFill.get(123));
            assertEquals("Y", gapFill.get(43));
            assertEquals("1", gapFill.get(34));
            assertEquals("3", gapFill.get(36));
            assertNotNull(gapFill.get(122));
        }
    }

    @Test
    void shouldRejectAFieldWithoutValue() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            final FixFrame reject = client.sendAndReadUntil("3", "V", "262=", "263=1");
            assertEquals("4", reject.get(373));
            assertEquals("262", reject.get(371));
            assertEquals("2", reject.get(45));
        }
    }

    @Test
    void shouldRejectANonNumericTag() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            final FixFrame reject = client.sendAndReadUntil("3", "V", "26x=1");
            assertEquals("0", reject.get(373));
            client.send("1", "112=AFTER");
            assertEquals("AFTER", client.readUntil("0", 5_000).get(112), "the session goes on after a Reject");
        }
    }

    @Test
    void shouldRejectMarketDataRequestWithoutMdReqId() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            final FixFrame reject = client.sendAndReadUntil("3", "V", "263=1", "264=0", "267=1", "269=0", "146=1",
                "55=AAPL");
            assertEquals("1", reject.get(373));
            assertEquals("262", reject.get(371));
            assertEquals("V", reject.get(372));
        }
    }

    @Test
    void shouldIgnoreAFrameWithABadChecksum() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            final byte[] good = RawFixClient.frame(
                "35=1\u000149=MD01\u000156=KAIROS-MD\u000134=2\u000152=20260101-00:00:00\u0001112=X\u0001");
            good[good.length - 2] = (byte)(good[good.length - 2] == '0' ? '1' : '0');
            client.sendRaw(good);
            client.nextSeq = 2;
            client.send("1", "112=Y");
            assertEquals("Y", client.readUntil("0", 5_000).get(112));
            assertEquals(1, gateway.counters().garbledMessages.get());
        }
    }

    @Test
    void shouldAskForResendWhenSequenceNumberIsTooHigh() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            client.sendWithSeq("1", 10, "112=GAP");
            final FixFrame resend = client.readUntil("2", 5_000);
            assertEquals("2", resend.get(7));
            assertEquals("0", resend.get(16));
            client.sendWithSeq("4", 2, "123=Y", "36=11", "43=Y");
            client.sendWithSeq("1", 11, "112=AFTER-GAP");
            assertEquals("AFTER-GAP", client.readUntil("0", 5_000).get(112));
        }
    }

    @Test
    void shouldLogOutWhenSequenceNumberIsTooLow() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            client.sendWithSeq("0", 1);
            final FixFrame logout = client.readUntil("5", 5_000);
            assertTrue(logout.get(58).contains("MsgSeqNum too low"), logout.get(58));
        }
    }

    @Test
    void shouldAnswerUnsupportedApplicationMessageWithBusinessReject() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            final FixFrame reject = client.sendAndReadUntil("j", "D", "11=ORDER-1", "55=AAPL");
            assertEquals("3", reject.get(380));
            assertEquals("D", reject.get(372));
        }
    }

    @Test
    void shouldAcknowledgeLogout() throws IOException
    {
        try (RawFixClient client = loggedOn("MD01"))
        {
            client.send("5");
            assertNotNull(client.readUntil("5", 5_000));
            assertTrue(client.closedByServerWithin(5_000));
        }
    }

    @Test
    void shouldKeepSequenceNumbersAcrossReconnectsUnlessReset() throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD05"))
        {
            client.logon();
            client.send("5");
            client.closedByServerWithin(5_000);
        }
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD05"))
        {
            client.nextSeq = 3;
            assertEquals("3", client.logon().get(34));
        }
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD05"))
        {
            final FixFrame logon = client.sendAndReadUntil("A", "A", "98=0", "108=30", "554=md05pass", "141=Y");
            assertEquals("1", logon.get(34));
            assertEquals("Y", logon.get(141));
        }
    }
}
