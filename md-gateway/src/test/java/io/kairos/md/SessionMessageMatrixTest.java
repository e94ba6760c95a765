package io.kairos.md;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every session-level message of a logged-on market-data session with an impossible MsgSeqNum (0, negative, 2^31, not
 * a number), Logons with one, and SequenceResets with NewSeqNo out of bounds: each gets its exact answer, and a good
 * session still subscribes afterwards. One gateway for the class; every case logs on with 141=Y. Waits are bounded
 * and end on the expected message.
 */
class SessionMessageMatrixTest
{
    private static final long WAIT_MS = 10_000;
    private static final String TWO_TO_THE_31 = "2147483648";
    private static MarketDataGateway gateway;

    @BeforeAll
    static void launch()
    {
        gateway = TestVenue.launch(new SimpleMeterRegistry());
    }

    @AfterAll
    static void close()
    {
        gateway.close();
    }

    /** After every case: another session logs on and gets its snapshot. */
    @AfterEach
    void aGoodSessionStillSubscribes() throws IOException
    {
        try (RawFixClient good = resetLogon("MD02"))
        {
            good.send("V", "262=GOOD", "263=0", "264=0", "267=1", "269=0", "146=1", "55=AAPL");
            final FixFrame snapshot = good.readUntil("W", WAIT_MS);
            assertNotNull(snapshot, "a good session still gets market data");
            assertEquals("GOOD", snapshot.get(262));
        }
    }

    private static final String[][] MESSAGES = {
        {"Heartbeat", "0"}, {"TestRequest", "1", "112=X"}, {"ResendRequest", "2", "7=1", "16=0"},
        {"Reject", "3", "45=1"}, {"SequenceReset-GapFill", "4", "123=Y", "36=50"}, {"Logout", "5"},
        {"Logon", "A", "98=0", "108=30", "554=md01pass"}};

    static List<Arguments> sessionMessages()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final String[] message : MESSAGES)
        {
            cases.add(Arguments.of(message[0], message));
        }
        return cases;
    }

    static List<Arguments> sessionMessagesWithImpossibleSeqNums()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final String[] message : MESSAGES)
        {
            cases.add(Arguments.of(message[0], "0", "MsgSeqNum too low, expecting 2 but received 0", message));
            cases.add(Arguments.of(message[0], "-1", "MsgSeqNum(34) missing or invalid", message));
            cases.add(Arguments.of(message[0], "abc", "MsgSeqNum(34) missing or invalid", message));
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} with MsgSeqNum {1}")
    @MethodSource("sessionMessagesWithImpossibleSeqNums")
    void shouldLogOutASessionMessageWithAnImpossibleMsgSeqNumNamingWhy(
        final String name, final String seqNum, final String reason, final String[] message) throws IOException
    {
        try (RawFixClient client = resetLogon("MD01"))
        {
            client.sendWithSeq(message[1], seqNum, fields(message));
            final FixFrame logout = client.readUntil("5", WAIT_MS);
            assertNotNull(logout, "a Logout for " + name + " with MsgSeqNum " + seqNum);
            assertEquals(reason, logout.get(58));
            assertTrue(client.closedByServerWithin(WAIT_MS), "and the connection is closed");
        }
    }

    /** 2^31 is a number past the expected one: a gap, answered with a ResendRequest like any other (Logout: ended). */
    @ParameterizedTest(name = "{0} with MsgSeqNum 2^31")
    @MethodSource("sessionMessages")
    void shouldAskForTheGapBeforeAMsgSeqNumOfTwoToThe31(final String name, final String[] message) throws IOException
    {
        try (RawFixClient client = resetLogon("MD01"))
        {
            client.sendWithSeq(message[1], TWO_TO_THE_31, fields(message));
            if (message[1].equals("5"))
            {
                assertEquals("logout acknowledged", client.readUntil("5", WAIT_MS).get(58));
                assertTrue(client.closedByServerWithin(WAIT_MS));
                return;
            }
            final FixFrame resend = client.readUntil("2", WAIT_MS);
            assertNotNull(resend, "a ResendRequest for the gap before " + name);
            assertEquals("2", resend.get(7));
            assertEquals("0", resend.get(16));
            client.sendWithSeq("4", 2, "123=Y", "36=" + ((1L << 31) + 1));
            client.sendWithSeq("1", (1L << 31) + 1, "112=AFTER-GAP");
            assertEquals("AFTER-GAP", client.readUntil("0", WAIT_MS).get(112), "the session goes on past the gap");
        }
    }

    @ParameterizedTest(name = "Logon with MsgSeqNum {0}")
    @CsvSource(delimiter = ';', value = {
        "0; MsgSeqNum(34) must be >= 1, was 0", "-1; MsgSeqNum(34) missing or invalid",
        "abc; MsgSeqNum(34) missing or invalid"})
    void shouldRefuseALogonWithAnImpossibleMsgSeqNumNamingWhy(final String seqNum, final String reason)
        throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.sendWithSeq("A", seqNum, "98=0", "108=30", "554=md01pass", "141=Y");
            final FixFrame logout = client.readUntil("5", WAIT_MS);
            assertNotNull(logout);
            assertEquals(reason, logout.get(58));
            assertTrue(client.closedByServerWithin(WAIT_MS));
        }
    }

    @ParameterizedTest(name = "SequenceReset-Reset with MsgSeqNum {0}")
    @CsvSource({"0", "-1", "abc", TWO_TO_THE_31})
    void shouldApplyASequenceResetInResetModeWhateverItsMsgSeqNumAsFixSays(final String seqNum) throws IOException
    {
        try (RawFixClient client = resetLogon("MD01"))
        {
            client.sendWithSeq("4", seqNum, "36=50");
            client.sendWithSeq("1", 50, "112=AT-50");
            assertEquals("AT-50", client.readUntil("0", WAIT_MS).get(112), "50 is expected next");
        }
    }

    /**
     * NewSeqNo below the expected number, or not a number of at most 18 digits: Reject 371=36 373=5 that consumes the
     * reset's MsgSeqNum (as on the order-entry port). A gap fill must move past its own MsgSeqNum.
     */
    @ParameterizedTest(name = "SequenceReset {0} 36={1}")
    @CsvSource(delimiter = ';', value = {
        "123=N; 1; NewSeqNo(36) must not be below the expected MsgSeqNum 3",
        "123=N; 2; NewSeqNo(36) must not be below the expected MsgSeqNum 3",
        "123=N; -5; NewSeqNo(36) missing or invalid",
        "123=N; x; NewSeqNo(36) missing or invalid",
        "123=N; 99999999999999999999; NewSeqNo(36) missing or invalid",
        "123=Y; 1; NewSeqNo(36) must be above MsgSeqNum 3, was 1",
        "123=Y; 3; NewSeqNo(36) must be above MsgSeqNum 3, was 3"})
    void shouldRejectASequenceResetWithANewSeqNoOutOfBoundsConsumingItsNumber(
        final String mode, final String newSeqNo, final String text) throws IOException
    {
        try (RawFixClient client = resetLogon("MD01"))
        {
            client.send("1", "112=FIRST");
            assertNotNull(client.readUntil("0", WAIT_MS));
            client.send("4", mode, "36=" + newSeqNo);
            final FixFrame reject = client.readUntil("3", WAIT_MS);
            assertNotNull(reject, "NewSeqNo " + newSeqNo + " answered");
            assertEquals("3", reject.get(45));
            assertEquals("36", reject.get(371));
            assertEquals("4", reject.get(372));
            assertEquals("5", reject.get(373));
            assertEquals(text, reject.get(58));
            client.send("1", "112=NEXT");
            assertEquals("NEXT", client.readUntil("0", WAIT_MS).get(112), "the refused reset consumed its number");
        }
    }

    @Test
    void shouldFollowASequenceResetPastTwoToThe31() throws IOException
    {
        try (RawFixClient client = resetLogon("MD01"))
        {
            client.send("4", "36=" + TWO_TO_THE_31);
            client.sendWithSeq("1", TWO_TO_THE_31, "112=PAST");
            assertEquals("PAST", client.readUntil("0", WAIT_MS).get(112), "the expected number is a long");
        }
    }

    private static RawFixClient resetLogon(final String compId) throws IOException
    {
        final RawFixClient client = new RawFixClient(gateway.port(), compId);
        client.send("A", "98=0", "108=30", "554=" + compId.toLowerCase() + "pass", "141=Y");
        assertNotNull(client.readUntil("A", WAIT_MS), compId + " logged on");
        return client;
    }

    private static String[] fields(final String[] message)
    {
        return java.util.Arrays.copyOfRange(message, 2, message.length);
    }
}
