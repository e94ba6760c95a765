package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.testsupport.RawFixClient;
import io.kairos.testsupport.SessionMessageCases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The session layer of both ports of the real server, over raw loopback sockets: every session-level message with an
 * impossible MsgSeqNum (0, negative, 2^31, not a number), NewSeqNo out of bounds, a ResendRequest after a gap, and
 * 10 MB of non-FIX bytes — each gets its exact answer, and a good session still trades (order entry) or subscribes
 * (market data) afterwards. One server for the class; cases take the demo sessions in turn and log on with 141=Y, so
 * none depends on how another ended. Waits end on the expected message or the close, bounded.
 */
class SessionMatrixIT
{
    private static final long WAIT_MS = 15_000;
    private static final String ORDER = "|54=1|60=20261124-10:00:00.000|40=2|55=T01|59=0|38=1|44=99|";
    private static final AtomicInteger CASES = new AtomicInteger();
    private static final AtomicInteger ORDERS = new AtomicInteger();

    @TempDir
    static Path root;
    private static TestVenue venue;
    private static KairosProcess server;

    @BeforeAll
    static void start()
    {
        venue = new TestVenue(root).withTestInstruments(2).set("journal.mode", "off");
        server = venue.start();
    }

    @AfterAll
    static void stop()
    {
        assertEquals(0, server.stop(), server.output());
        server.close();
    }

    static List<Arguments> orderEntryCases()
    {
        return SessionMessageCases.orderEntryImpossibleSeqNums().stream().map(Arguments::of).toList();
    }

    @ParameterizedTest(name = "order entry: {0} with MsgSeqNum {3}")
    @MethodSource("orderEntryCases")
    void shouldLogOutAnOrderEntrySessionMessageWithAnImpossibleMsgSeqNumNamingWhy(
        final String name, final String msgType, final String body, final String seqNum, final String reason)
        throws Exception
    {
        assertLoggedOutNamingWhy(Port.ORDER_ENTRY, name, msgType, body, seqNum, reason);
    }

    @ParameterizedTest(name = "order entry: SequenceReset {0}36={1}")
    @CsvSource(delimiter = ';', value = {
        "''; 1; 5", "''; -5; 5", "123=Y|; 1; 5", "''; 2147483648; 6", "''; x; 6"})
    void shouldRejectAnOrderEntrySequenceResetOutOfBoundsConsumingItsNumber(
        final String mode, final String newSeqNo, final String reason) throws Exception
    {
        try (RawFixClient client = Port.ORDER_ENTRY.resetLogon())
        {
            final int seqNum = client.nextSeqNum();
            client.send("4", mode + "36=" + newSeqNo + "|");
            final String reject = client.readMessage("3", WAIT_MS);
            assertNotNull(reject, "NewSeqNo " + newSeqNo + " answered");
            assertEquals(String.valueOf(seqNum), RawFixClient.field(reject, 45));
            assertEquals("36", RawFixClient.field(reject, 371));
            assertEquals(reason, RawFixClient.field(reject, 373));
            assertTrades(client);
        }
    }

    @Test
    void shouldCloseAnOrderEntryConnectionWhoseSequenceResetJumpsPastTheLimit() throws Exception
    {
        try (RawFixClient client = Port.ORDER_ENTRY.resetLogon())
        {
            client.send("4", "123=Y|36=2147483647|");
            assertTrue(client.awaitClosedByPeer(WAIT_MS), "closed before Artio indexes 2^31 numbers");
        }
        Port.ORDER_ENTRY.assertAGoodSessionWorks();
    }

    @Test
    void shouldAnswerAResendRequestForEverythingAfterAnEarlierGap() throws Exception
    {
        try (RawFixClient client = Port.ORDER_ENTRY.resetLogon())
        {
            assertGapAskedFor(client, "GAP", "5", "the gap is asked for");
            client.sendWithSeqNum("4", "43=Y|122=20261124-10:00:00.000|123=Y|36=6|", "2");
            client.sendWithSeqNum("2", "7=1|16=0|", "6");
            final String gapFill = client.readMessage("4", WAIT_MS);
            assertNotNull(gapFill, "ResendRequest 1..0 answered");
            assertEquals("1", RawFixClient.field(gapFill, 34));
            assertEquals("Y", RawFixClient.field(gapFill, 123));
            assertEquals("3", RawFixClient.field(gapFill, 36), "Logon and ResendRequest are gap-filled");
            client.sendWithSeqNum("1", "112=AFTER|", "7");
            assertEquals("AFTER", RawFixClient.field(client.readMessage("0", WAIT_MS), 112));
        }
    }

    static List<Arguments> marketDataCases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final String[] m : SessionMessageCases.messages())
        {
            cases.add(Arguments.of(m[0], m[1], m[2], "0", "MsgSeqNum too low, expecting 2 but received 0"));
            cases.add(Arguments.of(m[0], m[1], m[2], "-1", "MsgSeqNum(34) missing or invalid"));
            cases.add(Arguments.of(m[0], m[1], m[2], "abc", "MsgSeqNum(34) missing or invalid"));
        }
        return cases;
    }

    @ParameterizedTest(name = "market data: {0} with MsgSeqNum {3}")
    @MethodSource("marketDataCases")
    void shouldLogOutAMarketDataSessionMessageWithAnImpossibleMsgSeqNumNamingWhy(
        final String name, final String msgType, final String body, final String seqNum, final String reason)
        throws Exception
    {
        assertLoggedOutNamingWhy(Port.MARKET_DATA, name, msgType, body, seqNum, reason);
    }

    @Test
    void shouldAskForTheGapBeforeAMarketDataMsgSeqNumOfTwoToThe31() throws Exception
    {
        try (RawFixClient client = Port.MARKET_DATA.resetLogon())
        {
            final String resend = assertGapAskedFor(client, "FAR", "2147483648", "2^31 is a gap like any other");
            assertEquals("0", RawFixClient.field(resend, 16));
        }
        Port.MARKET_DATA.assertAGoodSessionWorks();
    }

    @ParameterizedTest(name = "market data: SequenceReset {0}36={1}")
    @CsvSource(delimiter = ';', value = {
        "''; 1; NewSeqNo(36) must not be below the expected MsgSeqNum 2",
        "''; x; NewSeqNo(36) missing or invalid",
        "''; 99999999999999999999; NewSeqNo(36) missing or invalid",
        "123=Y|; 1; NewSeqNo(36) must be above MsgSeqNum 2, was 1"})
    void shouldRejectAMarketDataSequenceResetOutOfBoundsConsumingItsNumber(
        final String mode, final String newSeqNo, final String text) throws Exception
    {
        try (RawFixClient client = Port.MARKET_DATA.resetLogon())
        {
            client.send("4", mode + "36=" + newSeqNo + "|");
            final String reject = client.readMessage("3", WAIT_MS);
            assertNotNull(reject);
            assertEquals("2", RawFixClient.field(reject, 45));
            assertEquals("36", RawFixClient.field(reject, 371));
            assertEquals("5", RawFixClient.field(reject, 373));
            assertEquals(text, RawFixClient.field(reject, 58));
            client.send("1", "112=NEXT|");
            assertEquals("NEXT", RawFixClient.field(client.readMessage("0", WAIT_MS), 112), "its number was consumed");
        }
    }

    @ParameterizedTest(name = "10 MB of non-FIX bytes on the {0} port")
    @EnumSource(Port.class)
    void shouldCloseAConnectionThatSendsTenMegabytesOfNonFixBytes(final Port port) throws Exception
    {
        try (RawFixClient client = port.resetLogon())
        {
            final byte[] chunk = "GET / HTTP/1.1\r\nHost: kairos\r\n\r\n".repeat(2048)
                .getBytes(StandardCharsets.US_ASCII);
            try
            {
                for (long written = 0; written < 10L * 1024 * 1024; written += chunk.length)
                {
                    client.write(chunk);
                }
            }
            catch (final java.io.IOException closedUnderneath)
            {
                // the venue closed the connection while we were still writing
            }
            assertTrue(client.awaitClosedByPeer(WAIT_MS), "a connection that sends no FIX is closed");
        }
        port.assertAGoodSessionWorks();
    }

    private static void assertLoggedOutNamingWhy(final Port port, final String name, final String msgType,
        final String body, final String seqNum, final String reason) throws Exception
    {
        final String compId = port.nextSession();
        try (RawFixClient client = port.resetLogon(compId))
        {
            client.sendWithSeqNum(msgType, msgType.equals("A") ? body + port.credentials(compId) : body, seqNum);
            final String logout = client.readMessage("5", WAIT_MS);
            assertNotNull(logout, "a Logout for " + name + " with MsgSeqNum " + seqNum);
            assertEquals(reason, RawFixClient.field(logout, 58), logout);
            assertTrue(client.awaitClosedByPeer(WAIT_MS), "and the connection is closed");
        }
        port.assertAGoodSessionWorks();
    }

    /**
     * Sends a TestRequest numbered {@code seqNum}, past the next expected number 2, which must be answered with a
     * ResendRequest from 2. @return that ResendRequest
     */
    private static String assertGapAskedFor(final RawFixClient client, final String testReqId, final String seqNum,
        final String why) throws Exception
    {
        client.sendWithSeqNum("1", "112=" + testReqId + "|", seqNum);
        final String resend = client.readMessage("2", WAIT_MS);
        assertNotNull(resend, why);
        assertEquals("2", RawFixClient.field(resend, 7));
        return resend;
    }

    private static void assertTrades(final RawFixClient client) throws Exception
    {
        final String clOrdId = "SM" + ORDERS.incrementAndGet();
        client.send("D", "11=" + clOrdId + ORDER);
        final String ack = client.readMessage("8", WAIT_MS);
        assertNotNull(ack, "the session trades");
        assertEquals(clOrdId, RawFixClient.field(ack, 11));
        assertEquals("0", RawFixClient.field(ack, 150));
    }

    private static void assertSubscribes(final RawFixClient client) throws Exception
    {
        client.send("V", "262=GOOD|263=0|264=0|267=1|269=0|146=1|55=T01|");
        final String snapshot = client.readMessage("W", WAIT_MS);
        assertNotNull(snapshot, "a good session still gets market data");
        assertEquals("GOOD", RawFixClient.field(snapshot, 262));
    }

    /**
     * One port of the server under test and its ten demo sessions: how a case takes the next session, logs it on
     * with a sequence reset (141=Y), and what a good session does there afterwards. Named as the tests name it.
     */
    enum Port
    {
        ORDER_ENTRY("order-entry", "CLIENT", "KAIROS", "client"),
        MARKET_DATA("market-data", "MD", "KAIROS-MD", "md");

        private final String name;
        private final String compIdPrefix;
        private final String targetCompId;
        private final String passwordPrefix;

        Port(final String name, final String compIdPrefix, final String targetCompId, final String passwordPrefix)
        {
            this.name = name;
            this.compIdPrefix = compIdPrefix;
            this.targetCompId = targetCompId;
            this.passwordPrefix = passwordPrefix;
        }

        /** The next of the ten demo sessions of this port (CLIENT01…CLIENT10, MD01…MD10). */
        String nextSession()
        {
            return String.format("%s%02d", compIdPrefix, CASES.getAndIncrement() % 10 + 1);
        }

        /** Username and Password of {@code compId}, '|' for SOH. */
        String credentials(final String compId)
        {
            return "553=" + compId + "|554=" + passwordPrefix + compId.substring(compId.length() - 2) + "pass|";
        }

        RawFixClient resetLogon() throws Exception
        {
            return resetLogon(nextSession());
        }

        RawFixClient resetLogon(final String compId) throws Exception
        {
            final RawFixClient client = new RawFixClient(number(), compId, targetCompId);
            client.send("A", "98=0|108=30|" + credentials(compId) + "141=Y|");
            assertNotNull(client.readMessage("A", WAIT_MS), compId + " logged on");
            return client;
        }

        /** A good session of this port, logged on after a case, still trades (order entry) or subscribes. */
        void assertAGoodSessionWorks() throws Exception
        {
            try (RawFixClient good = resetLogon())
            {
                if (this == ORDER_ENTRY)
                {
                    assertTrades(good);
                }
                else
                {
                    assertSubscribes(good);
                }
            }
        }

        private int number()
        {
            return this == ORDER_ENTRY ? venue.fixPort() : venue.mdPort();
        }

        @Override
        public String toString()
        {
            return name;
        }
    }
}
