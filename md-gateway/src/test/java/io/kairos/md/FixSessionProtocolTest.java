package io.kairos.md;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.access.LockoutConfig;
import io.kairos.access.LogonVerifier;
import io.kairos.access.PasswordHash;
import io.kairos.fix.wire.FixChecksum;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.agrona.concurrent.CachedNanoClock;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session protocol driven directly, without Netty or a socket: FIX bytes in ({@link FixSession#onBytes}), the
 * encoded messages out ({@link RecordingConnection}), time from a {@link CachedNanoClock} the test moves — so timer
 * edges (logon timeout, heartbeat, TestRequest, its timeout) are exact. The gateway parts around the session (request
 * handler, book poller, counters) are the real ones.
 */
class FixSessionProtocolTest
{
    private static final String GATEWAY = "KAIROS-MD";
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final CachedNanoClock time = new CachedNanoClock();
    private final MdCounters counters = new MdCounters();
    private final GatewayContext context = new GatewayContext(
        TestVenue.config().withHeartbeatIntervalSeconds(5).withOutboundQueueLimitMessages(16), TestVenue.REFERENCE_DATA,
        new BookEventPoller(new ManyToOneRingBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(
            64 * 1024 + RingBufferDescriptor.TRAILER_LENGTH))), TestVenue.REFERENCE_DATA, new SystemEpochNanoClock(),
            counters, new MdLatency(new SimpleMeterRegistry())),
        new Trailers(), counters, new SystemEpochNanoClock(), time, new LogonVerifier("md", LockoutConfig.defaults(),
        PasswordHash.MIN_ITERATIONS, System::currentTimeMillis, System.out::println));
    private final MarketDataRequestHandler requests = new MarketDataRequestHandler(context);
    private final RecordingConnection connection = new RecordingConnection();
    private final FixSession session = connect(connection);
    private int nextSeq = 1;

    @AfterEach
    void stopVerifier()
    {
        context.logonVerifier.close();
    }

    @Test
    void shouldAnswerALogonWithALogonNumberedOneThatEchoesHeartBtInt()
    {
        final FixFrame logon = logOn("MD01", "108=2");
        assertEquals("A", logon.msgType());
        assertEquals("1", logon.get(34));
        assertEquals("2", logon.get(108));
        assertEquals(GATEWAY, logon.get(49));
        assertEquals("MD01", logon.get(56));
        assertEquals(1, counters.sessions.get());
        assertTrue(session.isActive());
    }

    @Test
    void shouldCloseAConnectionThatSendsNoLogonWithinTheHeartbeatIntervalAndNotBefore()
    {
        time.advance(5 * SECOND);
        session.onTimer(time.nanoTime());
        assertFalse(connection.closed, "exactly the interval is still in time");
        time.advance(1);
        session.onTimer(time.nanoTime());
        assertTrue(connection.closed);
        assertEquals(List.of(), connection.received(), "nothing is sent to a connection that never logged on");
    }

    @Test
    void shouldRefuseAWrongPasswordWithTheOneLogonRefusalThenCloseAfterTheGrace()
    {
        in("MD01", "A", "98=0", "108=2", "554=wrong");
        final FixFrame logout = single();
        assertEquals("5", logout.msgType());
        assertEquals("Logon refused", logout.get(58));
        assertEquals("1", logout.get(34));
        assertTrue(connection.closedAfterGrace);
        assertFalse(connection.closed);
        assertEquals(0, counters.sessions.get());
    }

    @Test
    void shouldAnswerAnUnknownSenderExactlyAsAWrongPasswordAddressedToItsCompId()
    {
        in("NOBODY", "A", "98=0", "108=2", "554=x");
        final FixFrame logout = single();
        assertEquals("Logon refused", logout.get(58));
        assertEquals("NOBODY", logout.get(56));
    }

    @Test
    void shouldSendAHeartbeatOnceHeartBtIntPassesWithNothingSent()
    {
        logOn("MD01", "108=2");
        time.advance(2 * SECOND - 1);
        session.onTimer(time.nanoTime());
        assertEquals(List.of(), connection.received());
        time.advance(1);
        session.onTimer(time.nanoTime());
        final FixFrame heartbeat = single();
        assertEquals("0", heartbeat.msgType());
        assertEquals("2", heartbeat.get(34));
    }

    @Test
    void shouldSendATestRequestToASilentPeerAndLogItOutWhenItIsNotAnsweredWithinHeartBtInt()
    {
        logOn("MD01", "108=5");
        time.advance(6 * SECOND); // 1.2 x HeartBtInt without a byte from the peer
        session.onTimer(time.nanoTime());
        final List<FixFrame> sent = connection.received();
        assertEquals("0", sent.get(0).msgType());
        assertEquals("1", sent.get(1).msgType());
        assertEquals("TEST-1", sent.get(1).get(112));
        time.advance(5 * SECOND);
        session.onTimer(time.nanoTime());
        final FixFrame logout = connection.received().get(1);
        assertEquals("5", logout.msgType());
        assertEquals("heartbeat timeout: no answer to TestRequest", logout.get(58));
        assertTrue(connection.closedAfterGrace);
    }

    @Test
    void shouldKeepAPeerThatAnswersTheTestRequest()
    {
        logOn("MD01", "108=5");
        time.advance(6 * SECOND);
        session.onTimer(time.nanoTime());
        connection.received();
        in("MD01", "0", "112=TEST-1");
        time.advance(5 * SECOND);
        session.onTimer(time.nanoTime());
        assertFalse(connection.closedAfterGrace || connection.closed);
        assertEquals(List.of("0"), connection.received().stream().map(FixFrame::msgType).toList());
    }

    @Test
    void shouldAskOnceForAGapThenFollowTheGapFillThatClosesIt()
    {
        logOn("MD01", "108=5");
        nextSeq = 5;
        in("MD01", "1", "112=A");
        in("MD01", "1", "112=B");
        final List<FixFrame> sent = connection.received();
        assertEquals(1, sent.size(), "one ResendRequest per gap: " + sent);
        assertEquals("2", sent.get(0).msgType());
        assertEquals("2", sent.get(0).get(7));
        assertEquals("0", sent.get(0).get(16));
        inWithSeq("MD01", 2, "4", "123=Y", "36=7", "43=Y");
        nextSeq = 7;
        in("MD01", "1", "112=AFTER");
        assertEquals("AFTER", single().get(112));
    }

    @Test
    void shouldAnswerAResendRequestWithAGapFillToTheNextNumberNotConsumingOne()
    {
        logOn("MD01", "108=5");
        in("MD01", "2", "7=1", "16=0");
        final FixFrame gapFill = single();
        assertEquals("4", gapFill.msgType());
        assertEquals("1", gapFill.get(34));
        assertEquals("Y", gapFill.get(43));
        assertEquals("Y", gapFill.get(123));
        assertEquals("2", gapFill.get(36));
        in("MD01", "1", "112=NEXT");
        assertEquals("2", single().get(34));
    }

    @Test
    void shouldRejectASequenceResetThatWouldLowerTheExpectedNumberConsumingItsNumber()
    {
        logOn("MD01", "108=5");
        in("MD01", "4", "36=1");
        final FixFrame reject = single();
        assertEquals("3", reject.msgType());
        assertEquals("36", reject.get(371));
        assertEquals("5", reject.get(373));
        in("MD01", "1", "112=STILL-IN-SEQUENCE");
        assertEquals("STILL-IN-SEQUENCE", single().get(112));
    }

    @Test
    void shouldLogOutAfterMoreThan64KiBInARowThatMakeNoFrame()
    {
        logOn("MD01", "108=5");
        final byte[] garbage = new byte[io.kairos.fix.wire.FixFrame.MAX_FRAME_BYTES / 4];
        Arrays.fill(garbage, (byte)'x');
        for (int i = 0; i < 4; i++)
        {
            session.onBytes(garbage, 0, garbage.length);
        }
        assertEquals(List.of(), connection.received(), "64 KiB exactly are still tolerated");
        session.onBytes(garbage, 0, 1);
        final FixFrame logout = single();
        assertEquals("more than 65536 bytes without a valid FIX message", logout.get(58));
        assertTrue(connection.closed, "closed at once, no grace");
    }

    @Test
    void shouldLogOutASlowConsumerOnceItsQueueReachesTheLimit()
    {
        logOn("MD01", "108=5");
        connection.stall();
        final byte[] body = "268=0\u0001".getBytes(StandardCharsets.US_ASCII);
        final byte[] sendingTime = "20260101-00:00:00.000000000".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 16; i++)
        {
            session.sendMarketData((byte)'X', body, body.length,
                FixChecksum.sum(new UnsafeBuffer(body), 0, body.length), sendingTime);
            session.flush();
        }
        assertEquals(0, counters.slowConsumerDisconnects.get());
        assertFalse(connection.closed);
        session.sendMarketData((byte)'X', body, body.length, FixChecksum.sum(new UnsafeBuffer(body), 0, body.length),
            sendingTime);
        assertEquals(1, counters.slowConsumerDisconnects.get());
        assertTrue(connection.closed);
        assertFalse(session.isActive());
    }

    @Test
    void shouldDropItsSubscriptionsAndFreeItsCompIdWhenTheConnectionGoes()
    {
        logOn("MD01", "108=5");
        in("MD01", "V", "262=R1", "263=1", "264=0", "267=1", "269=0", "146=1", "55=AAPL");
        assertEquals("W", single().msgType());
        assertEquals(1, counters.subscriptions.get());
        session.onDisconnected();
        assertEquals(0, counters.subscriptions.get());
        assertEquals(0, counters.sessions.get());
        final RecordingConnection again = new RecordingConnection();
        final FixSession next = connect(again);
        next.onBytes(RawFixClient.message("MD01", GATEWAY, "A", "3", "98=0", "108=5", "554=md01pass"), 0,
            RawFixClient.message("MD01", GATEWAY, "A", "3", "98=0", "108=5", "554=md01pass").length);
        assertTrue(again.paused, "not read while the password is checked");
        again.runHopped();
        assertFalse(again.paused);
        next.flush();
        assertEquals("A", again.received().get(0).msgType(), "the CompID is free again, its numbers kept");
    }

    @Test
    void shouldRejectAMessageWithAnotherSenderCompIdThenLogOut()
    {
        logOn("MD01", "108=5");
        in("MD02", "0");
        final List<FixFrame> sent = connection.received();
        assertEquals("3", sent.get(0).msgType());
        assertEquals("9", sent.get(0).get(373));
        assertEquals("49", sent.get(0).get(371));
        assertEquals("5", sent.get(1).msgType());
        assertTrue(connection.closedAfterGrace);
    }

    @Test
    void shouldAcknowledgeALogoutAndCloseAfterTheGrace()
    {
        logOn("MD01", "108=5");
        in("MD01", "5");
        assertEquals("logout acknowledged", single().get(58));
        assertTrue(connection.closedAfterGrace);
        in("MD01", "1", "112=LATE");
        assertEquals(List.of(), connection.received(), "a closing session answers nothing");
    }

    private FixSession connect(final RecordingConnection to)
    {
        final FixSession connected = new FixSession(context, requests, to);
        connected.onConnected();
        return connected;
    }

    private FixFrame logOn(final String compId, final String heartBtInt)
    {
        in(compId, "A", "98=0", heartBtInt, "554=" + compId.toLowerCase() + "pass");
        return single();
    }

    /** Sends a message with the next MsgSeqNum, then flushes as the Netty side does at the end of a read. */
    private void in(final String sender, final String msgType, final String... fields)
    {
        inWithSeq(sender, nextSeq++, msgType, fields);
    }

    private void inWithSeq(final String sender, final long seq, final String msgType, final String... fields)
    {
        final byte[] frame = RawFixClient.message(sender, GATEWAY, msgType, Long.toString(seq), fields);
        session.onBytes(frame, 0, frame.length);
        if (session.isVerifyingLogon())
        {
            connection.runHopped();
        }
        session.flush();
    }

    private FixFrame single()
    {
        final List<FixFrame> sent = connection.received();
        assertEquals(1, sent.size(), sent.toString());
        return sent.get(0);
    }
}
