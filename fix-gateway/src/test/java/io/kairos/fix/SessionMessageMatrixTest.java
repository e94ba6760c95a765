package io.kairos.fix;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.testsupport.RawFixClient;
import io.kairos.testsupport.SessionMessageCases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every session-level message of a logged-on order-entry session with an impossible MsgSeqNum (0, negative, 2^31,
 * not a number), and SequenceResets with NewSeqNo out of bounds: each gets its exact answer, and the session (or, after
 * a Logout, the same CompID on a new connection) still trades. One gateway for the class; every case starts with a
 * reset logon (141=Y), so the cases do not depend on each other's numbers. Waits end on the expected message, bounded.
 */
class SessionMessageMatrixTest
{
    private static final long WAIT_MS = 10_000;
    private static final int SESSIONS = 10;
    private static final AtomicInteger CASES = new AtomicInteger();
    private static final AtomicInteger ORDERS = new AtomicInteger();

    @TempDir
    static Path dir;
    private static GatewayFixture fixture;

    @BeforeAll
    static void start()
    {
        fixture = GatewayFixture.start(dir);
    }

    /**
     * Each case uses the next of the ten demo sessions, so that a case never depends on how the last one of the same
     * session ended.
     */
    private String compId;

    @BeforeEach
    void nextSession()
    {
        compId = String.format("CLIENT%02d", CASES.getAndIncrement() % SESSIONS + 1);
    }

    /** Artio refuses a second connection of a session still logged on: each case starts once the last one is gone. */
    @AfterEach
    void awaitDisconnected()
    {
        fixture.awaitDisconnected(compId);
    }

    @AfterAll
    static void stop()
    {
        fixture.close();
    }

    static List<Arguments> sessionMessagesWithImpossibleSeqNums()
    {
        return SessionMessageCases.orderEntryImpossibleSeqNums().stream().map(Arguments::of).toList();
    }

    @ParameterizedTest(name = "{0} with MsgSeqNum {3}")
    @MethodSource("sessionMessagesWithImpossibleSeqNums")
    void shouldLogOutASessionMessageWithAnImpossibleMsgSeqNumNamingWhyAndTradeAfterwards(
        final String name, final String msgType, final String body, final String seqNum, final String reason)
        throws Exception
    {
        try (RawFixClient client = resetLogon())
        {
            client.write(client.frameWithSeqNum(msgType, msgType.equals("A") ? logon() : body, seqNum));
            final String logout = client.readMessage("5", WAIT_MS);
            assertNotNull(logout, "a Logout for " + name + " with MsgSeqNum " + seqNum);
            assertEquals(reason, RawFixClient.field(logout, 58), logout);
            assertNull(client.readMessage("0", WAIT_MS), "nothing else");
            assertTrue(client.closedByPeer(), "and the connection is closed");
        }
        awaitDisconnected();
        try (RawFixClient client = resetLogon())
        {
            assertTrades(client, client.nextSeqNum());
        }
    }

    @ParameterizedTest(name = "SequenceReset-Reset with MsgSeqNum {0}")
    @CsvSource({"0", "-1"})
    void shouldApplyASequenceResetInResetModeWhateverItsMsgSeqNumAsFixSays(final String seqNum) throws Exception
    {
        try (RawFixClient client = resetLogon())
        {
            client.write(client.frameWithSeqNum("4", "36=50|", seqNum));
            client.write(client.frameWithSeqNum("1", "112=AT-50|", "50"));
            final String heartbeat = client.readMessage("0", WAIT_MS);
            assertNotNull(heartbeat, "reset mode ignores MsgSeqNum (FIX): 50 is expected next");
            assertEquals("AT-50", RawFixClient.field(heartbeat, 112));
            assertTrades(client, 51);
        }
    }

    @ParameterizedTest(name = "SequenceReset-Reset with MsgSeqNum {0}")
    @CsvSource({"2147483648", "abc"})
    void shouldLogOutASequenceResetWhoseMsgSeqNumIsNotANumber(final String seqNum) throws Exception
    {
        try (RawFixClient client = resetLogon())
        {
            client.write(client.frameWithSeqNum("4", "36=50|", seqNum));
            final String logout = client.readMessage("5", WAIT_MS);
            assertNotNull(logout);
            assertEquals("Received message without MsgSeqNum", RawFixClient.field(logout, 58));
            assertNull(client.readMessage("0", WAIT_MS));
            assertTrue(client.closedByPeer());
        }
    }

    /**
     * NewSeqNo below the expected number (either mode): Reject 373=5 that consumes the reset's number like any refused
     * message; NewSeqNo past 2^31 - 1 or not a number: Reject 373=6, consumed too.
     */
    @ParameterizedTest(name = "SequenceReset {0}36={1}")
    @CsvSource(delimiter = ';', value = {
        "; 1; 5; Value is incorrect (out of range) for this tag",
        "; 2; 5; Value is incorrect (out of range) for this tag",
        "; -5; 5; Value is incorrect (out of range) for this tag",
        "; 2147483648; 6; incorrect data format for value",
        "; 99999999999999999999; 6; incorrect data format for value",
        "; x; 6; incorrect data format for value",
        "123=Y|; 1; 5; Value is incorrect (out of range) for this tag",
        "123=Y|; 2147483648; 6; incorrect data format for value"})
    void shouldRejectASequenceResetWithANewSeqNoOutOfBoundsConsumingItsNumber(
        final String mode, final String newSeqNo, final String reason, final String text) throws Exception
    {
        try (RawFixClient client = resetLogon())
        {
            client.send("1", "112=FIRST|");
            assertNotNull(client.readMessage("0", WAIT_MS));
            final int seqNum = client.nextSeqNum();
            client.send("4", (mode == null ? "" : mode) + "36=" + newSeqNo + "|");
            final String reject = client.readMessage("3", WAIT_MS);
            assertNotNull(reject, "NewSeqNo " + newSeqNo + " answered");
            assertEquals(String.valueOf(seqNum), RawFixClient.field(reject, 45), reject);
            assertEquals("36", RawFixClient.field(reject, 371), reject);
            assertEquals("4", RawFixClient.field(reject, 372), reject);
            assertEquals(reason, RawFixClient.field(reject, 373), reject);
            assertEquals(text, RawFixClient.field(reject, 58), reject);
            client.send("1", "112=NEXT|");
            final String heartbeat = client.readMessage("0", WAIT_MS);
            assertNotNull(heartbeat, "the refused SequenceReset consumed its number: the next one is answered");
            assertEquals("NEXT", RawFixClient.field(heartbeat, 112));
            assertTrades(client, client.nextSeqNum());
        }
    }

    @ParameterizedTest(name = "SequenceReset {0}36=MsgSeqNum + limit + 1")
    @CsvSource({"''", "123=Y|"})
    void shouldCloseAConnectionWhoseSequenceResetJumpsFurtherThanTheLimit(final String mode) throws Exception
    {
        try (RawFixClient client = resetLogon())
        {
            client.send("4", mode + "36=" + (2 + InboundFrameGuard.MAX_SEQUENCE_RESET_JUMP + 1) + "|");
            client.readUntilClosed(WAIT_MS);
            assertTrue(client.closedByPeer(), "closed before Artio indexes every skipped number");
        }
        awaitDisconnected();
        try (RawFixClient client = resetLogon())
        {
            final int atLimit = 2 + InboundFrameGuard.MAX_SEQUENCE_RESET_JUMP;
            client.send("4", "36=" + atLimit + "|");
            client.write(client.frameWithSeqNum("1", "112=AT-LIMIT|", String.valueOf(atLimit)));
            final String heartbeat = client.readMessage("0", WAIT_MS);
            assertNotNull(heartbeat, "a jump of exactly the limit is followed");
            assertEquals("AT-LIMIT", RawFixClient.field(heartbeat, 112));
            assertTrades(client, atLimit + 1);
        }
    }

    private RawFixClient resetLogon() throws Exception
    {
        final RawFixClient client = fixture.rawClient(compId);
        client.send("A", logon() + "141=Y|");
        final String reply = client.readMessage("A", WAIT_MS);
        assertNotNull(reply, () -> "reset logon of " + compId + " answered (closed " + client.closedByPeer() + ")");
        return client;
    }

    private String logon()
    {
        return "98=0|108=30|553=" + compId + "|554=" + compId.toLowerCase() + "pass|";
    }

    /** A NewOrderSingle with MsgSeqNum {@code seqNum} is acknowledged. */
    private static void assertTrades(final RawFixClient client, final int seqNum) throws Exception
    {
        final String clOrdId = "M" + ORDERS.incrementAndGet();
        client.write(client.frameWithSeqNum("D", "11=" + clOrdId + "|54=1|60=20261124-10:00:00.000|40=2|55=AAPL|38=1|" +
            "44=90|59=0|", Integer.toString(seqNum)));
        final String ack = client.readMessage("8", WAIT_MS);
        assertNotNull(ack, "the session still trades");
        assertEquals(clOrdId, RawFixClient.field(ack, 11));
        assertEquals("0", RawFixClient.field(ack, 150));
    }
}
