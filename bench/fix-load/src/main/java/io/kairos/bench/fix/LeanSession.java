package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One FIX 4.x initiator session of the lean client over a non-blocking {@link SocketChannel}: the session layer
 * without the message objects. Outbound it numbers every message (MsgSeqNum 34) and writes it; inbound it frames
 * ({@link FixFramer}), indexes ({@link FixFieldIndex}), checks MsgSeqNum against the expected one on every message
 * (a gap is counted, as is a number too low without PossDupFlag), answers TestRequest with a Heartbeat carrying
 * TestReqID 112, ResendRequest with a SequenceReset, Logout with Logout, and hands application messages to its
 * {@link Handler}.
 *
 * <p>Threads: outbound state (next MsgSeqNum, the admin frame, the socket's write side) is guarded by this object's
 * monitor, taken by the sender thread for orders and by the receiver thread for admin answers and heartbeats
 * (uncontended almost always). Inbound state (buffer, expected MsgSeqNum, counters) is owned by the receiver thread;
 * the counters are read by the owner after the receiver thread has been joined. {@link #state} is volatile.
 */
final class LeanSession
{
    /** HeartBtInt (108) sent on Logon, seconds; the same as the QuickFIX/J client's. */
    static final int HEARTBEAT_INTERVAL_SECONDS = 30;

    static final int CONNECTED = 0;
    static final int LOGGED_ON = 1;
    static final int LOGOUT_SENT = 2;
    static final int LOGGED_OUT = 3;

    private static final long HEARTBEAT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(HEARTBEAT_INTERVAL_SECONDS);
    private static final int INITIAL_INBOUND_BYTES = 1 << 16;
    private static final long WRITE_BACKOFF_NS = 20_000;

    /** Application messages of a session, on the receiver thread. */
    interface Handler
    {
        /** The peer acknowledged the Logon. */
        void onLogon(LeanSession session);

        /** An application message ({@code msgType} is 35's byte; 0 for a multi-byte MsgType), indexed in fields. */
        void onAppMessage(LeanSession session, byte msgType, FixFieldIndex fields, long receivedNs);
    }

    private final int index;
    private final String senderCompId;
    private final String password;
    private final byte[] beginString;
    private final byte[] sender;
    private final byte[] target;
    private final SocketChannel channel;
    private final Handler handler;
    private final long epochOffsetNs;

    private final AsciiBuffer adminBody = new AsciiBuffer(4096);
    private final AsciiBuffer adminFrame = new AsciiBuffer(4096 + 128);
    private final ByteBuffer adminView = ByteBuffer.wrap(adminFrame.bytes());
    private long nextOutboundSeq = 1;
    /** Written under the monitor; volatile so the receiver can skip idle checks without taking it. */
    private volatile long lastSentNs;
    private long writeFailures;

    private byte[] inbound = new byte[INITIAL_INBOUND_BYTES];
    private ByteBuffer inboundView = ByteBuffer.wrap(inbound);
    private int inboundLimit;
    private long expectedInboundSeq = 1;
    private long sequenceGaps;
    private long missingMessages;
    private long sequenceTooLow;
    private long sessionRejects;
    private long businessRejects;
    private long throttleRejects;
    private long testRequestsAnswered;
    private long badFrames;
    private boolean disconnectedByPeer;
    private volatile int state = CONNECTED;

    /**
     * @param password      sent as Password (554) with Username (553) = SenderCompID on Logon; null sends neither
     * @param epochOffsetNs epoch nanoseconds minus {@link System#nanoTime()}, for SendingTime
     */
    LeanSession(final int index, final String beginString, final String senderCompId, final String targetCompId,
        final String password, final SocketChannel channel, final Handler handler, final long epochOffsetNs)
    {
        this.index = index;
        this.senderCompId = senderCompId;
        this.password = password;
        this.beginString = beginString.getBytes(StandardCharsets.US_ASCII);
        this.sender = senderCompId.getBytes(StandardCharsets.US_ASCII);
        this.target = targetCompId.getBytes(StandardCharsets.US_ASCII);
        this.channel = channel;
        this.handler = handler;
        this.epochOffsetNs = epochOffsetNs;
    }

    int index()
    {
        return index;
    }

    String senderCompId()
    {
        return senderCompId;
    }

    SocketChannel channel()
    {
        return channel;
    }

    int state()
    {
        return state;
    }

    // ---- outbound (any thread, under the monitor) ----

    /** Sends Logon: EncryptMethod 0, HeartBtInt, ResetSeqNumFlag Y, and Username/Password when configured. */
    synchronized void sendLogon()
    {
        header('A').tag(98).character((byte)'0').soh().tag(108).number(HEARTBEAT_INTERVAL_SECONDS).soh();
        adminBody.tag(141).character((byte)'Y').soh();
        if (password != null)
        {
            adminBody.tag(553).ascii(sender).soh().tag(554).ascii(password.getBytes(StandardCharsets.US_ASCII)).soh();
        }
        sendAdmin();
    }

    /** Sends Logout; the session counts as logged out when the peer answers with Logout or closes. */
    synchronized void sendLogout()
    {
        if (state == LOGGED_ON || state == CONNECTED)
        {
            state = LOGOUT_SENT;
            header('5');
            sendAdmin();
        }
    }

    /** Sends an application message whose body after the standard header is {@code body[0, length)}. */
    synchronized void send(final byte msgType, final byte[] body, final int length)
    {
        header((char)msgType).bytes(body, 0, length);
        sendAdmin();
    }

    /** Sends an order pre-encoded in {@code template} (sender thread): numbers it, stamps it and writes it. */
    synchronized void send(final OrderTemplate template)
    {
        final long nowNs = System.nanoTime();
        write(template.seal(nextOutboundSeq++, epochOffsetNs + nowNs));
        lastSentNs = nowNs;
    }

    /**
     * Receiver thread: sends a Heartbeat when nothing went out for a heartbeat interval. Looks before it locks, so
     * the receiver never waits for a sender that is busy (e.g. backing off on a full socket) just to learn that the
     * session is not idle: while it waited it would read nothing, for any session.
     */
    void heartbeatIfIdle(final long nowNs)
    {
        if (state != LOGGED_ON || nowNs - lastSentNs < HEARTBEAT_INTERVAL_NS)
        {
            return;
        }
        synchronized (this)
        {
            if (state == LOGGED_ON && nowNs - lastSentNs >= HEARTBEAT_INTERVAL_NS)
            {
                header('0');
                sendAdmin();
            }
        }
    }

    private AsciiBuffer header(final char msgType)
    {
        adminBody.reset();
        adminBody.tag(35).character((byte)msgType).soh().tag(34).number(nextOutboundSeq++).soh();
        adminBody.tag(49).ascii(sender).soh();
        adminBody.tag(52).utcTimestampMillis(epochOffsetNs + System.nanoTime()).soh();
        return adminBody.tag(56).ascii(target).soh();
    }

    private void sendAdmin()
    {
        adminFrame.reset();
        adminFrame.tag(8).ascii(beginString).soh().tag(9).number(adminBody.position()).soh()
            .bytes(adminBody.bytes(), 0, adminBody.position());
        final int checksum = FixFramer.checksum(adminFrame.bytes(), 0, adminFrame.position());
        adminFrame.tag(10).padded(checksum, 3).soh();
        adminView.limit(adminFrame.position()).position(0);
        write(adminView);
        lastSentNs = System.nanoTime();
    }

    /**
     * Writes all of {@code frame}, backing off briefly while the socket's send buffer is full (the stall is charged
     * to the planned send times, so it shows as latency). A failed write closes the session's sending.
     */
    private void write(final ByteBuffer frame)
    {
        if (state == LOGGED_OUT)
        {
            writeFailures++;
            return;
        }
        try
        {
            while (frame.hasRemaining())
            {
                if (channel.write(frame) == 0)
                {
                    LockSupport.parkNanos(WRITE_BACKOFF_NS);
                }
            }
        }
        catch (final IOException ex)
        {
            writeFailures++;
            state = LOGGED_OUT;
        }
    }

    synchronized long writeFailures()
    {
        return writeFailures;
    }

    // ---- inbound (receiver thread) ----

    /**
     * Reads what the socket has and handles every complete frame; returns false when the connection ended (closed by
     * the peer, a read error or a frame that is not FIX).
     */
    boolean onReadable(final FixFieldIndex fields)
    {
        final int read;
        try
        {
            inboundView.limit(inbound.length).position(inboundLimit);
            read = channel.read(inboundView);
        }
        catch (final IOException ex)
        {
            onClosed();
            return false;
        }
        if (read < 0)
        {
            onClosed();
            return false;
        }
        final long receivedNs = System.nanoTime();
        inboundLimit += read;
        int offset = 0;
        while (true)
        {
            final int length = FixFramer.frameLength(inbound, offset, inboundLimit);
            if (length == FixFramer.NEED_MORE)
            {
                break;
            }
            if (length < 0 || !fields.index(inbound, offset, length))
            {
                badFrames++;
                onClosed();
                return false;
            }
            onFrame(fields, receivedNs);
            offset += length;
        }
        if (offset > 0)
        {
            System.arraycopy(inbound, offset, inbound, 0, inboundLimit - offset);
            inboundLimit -= offset;
        }
        if (inboundLimit == inbound.length)
        {
            growInbound();
        }
        return true;
    }

    /** A frame longer than the buffer (e.g. a big book snapshot): the only allocation of the inbound path. */
    private void growInbound()
    {
        inbound = Arrays.copyOf(inbound, inbound.length * 2);
        inboundView = ByteBuffer.wrap(inbound);
    }

    private void onFrame(final FixFieldIndex fields, final long receivedNs)
    {
        final int typeField = fields.find(35);
        final byte msgType =
            typeField >= 0 && fields.length(typeField) == 1 ? fields.buffer()[fields.start(typeField)] : 0;
        final int seqField = fields.find(34);
        final long seq = seqField < 0 ? -1 : fields.longValue(seqField);
        if (msgType == '4' && fields.firstByte(123) != 'Y')
        {
            resetInbound(fields);
            return;
        }
        checkSequence(seq, fields.firstByte(43) == 'Y');
        switch (msgType)
        {
            case 'A' ->
            {
                if (state == CONNECTED)
                {
                    state = LOGGED_ON;
                }
                handler.onLogon(this);
            }
            case '0' ->
            {
            }
            case '1' -> answerTestRequest(fields);
            case '2' -> answerResendRequest();
            case '4' -> resetInbound(fields);
            case '5' -> onLogout();
            case '3' -> sessionRejects++;
            case 'j' -> onBusinessReject(fields);
            default -> handler.onAppMessage(this, msgType, fields, receivedNs);
        }
    }

    private void onBusinessReject(final FixFieldIndex fields)
    {
        businessRejects++;
        final int text = fields.find(58);
        if (text >= 0 && ThrottleRejects.isThrottleText(fields.buffer(), fields.start(text), fields.length(text)))
        {
            throttleRejects++;
        }
    }

    private void checkSequence(final long seq, final boolean possDup)
    {
        if (seq == expectedInboundSeq)
        {
            expectedInboundSeq++;
        }
        else if (seq > expectedInboundSeq)
        {
            sequenceGaps++;
            missingMessages += seq - expectedInboundSeq;
            expectedInboundSeq = seq + 1;
        }
        else if (!possDup)
        {
            sequenceTooLow++;
        }
    }

    /** SequenceReset: the next inbound message carries NewSeqNo (36). */
    private void resetInbound(final FixFieldIndex fields)
    {
        final int newSeq = fields.find(36);
        if (newSeq >= 0 && fields.longValue(newSeq) > 0)
        {
            expectedInboundSeq = fields.longValue(newSeq);
        }
    }

    private synchronized void answerTestRequest(final FixFieldIndex fields)
    {
        header('0');
        final int testReqId = fields.find(112);
        if (testReqId >= 0)
        {
            adminBody.tag(112).bytes(fields.buffer(), fields.start(testReqId), fields.length(testReqId)).soh();
        }
        sendAdmin();
        testRequestsAnswered++;
    }

    /** The client keeps no message store: it resets the peer's expectation to its next MsgSeqNum (reset mode). */
    private synchronized void answerResendRequest()
    {
        final long next = nextOutboundSeq + 1;
        header('4').tag(36).number(next).soh();
        sendAdmin();
    }

    private synchronized void onLogout()
    {
        if (state != LOGOUT_SENT && state != LOGGED_OUT)
        {
            header('5');
            sendAdmin();
        }
        state = LOGGED_OUT;
    }

    private void onClosed()
    {
        if (state != LOGOUT_SENT && state != LOGGED_OUT)
        {
            disconnectedByPeer = true;
        }
        state = LOGGED_OUT;
    }

    long sequenceGaps()
    {
        return sequenceGaps;
    }

    long missingMessages()
    {
        return missingMessages;
    }

    long sequenceTooLow()
    {
        return sequenceTooLow;
    }

    long sessionRejects()
    {
        return sessionRejects;
    }

    long businessRejects()
    {
        return businessRejects;
    }

    /** BusinessMessageRejects that were the venue's throttle ({@link ThrottleRejects}). */
    long throttleRejects()
    {
        return throttleRejects;
    }

    long testRequestsAnswered()
    {
        return testRequestsAnswered;
    }

    long badFrames()
    {
        return badFrames;
    }

    boolean disconnectedByPeer()
    {
        return disconnectedByPeer;
    }
}
