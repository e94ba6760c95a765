package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

import static io.kairos.fix.wire.FixTags.ENCRYPT_METHOD;
import static io.kairos.fix.wire.FixTags.GAP_FILL_FLAG;
import static io.kairos.fix.wire.FixTags.HEART_BT_INT;
import static io.kairos.fix.wire.FixTags.MSG_SEQ_NUM;
import static io.kairos.fix.wire.FixTags.MSG_TYPE;
import static io.kairos.fix.wire.FixTags.NEW_SEQ_NO;
import static io.kairos.fix.wire.FixTags.PASSWORD;
import static io.kairos.fix.wire.FixTags.POSS_DUP_FLAG;
import static io.kairos.fix.wire.FixTags.RESET_SEQ_NUM_FLAG;
import static io.kairos.fix.wire.FixTags.SENDER_COMP_ID;
import static io.kairos.fix.wire.FixTags.SENDING_TIME;
import static io.kairos.fix.wire.FixTags.TARGET_COMP_ID;
import static io.kairos.fix.wire.FixTags.TEST_REQ_ID;
import static io.kairos.fix.wire.FixTags.TEXT;
import static io.kairos.fix.wire.FixTags.USERNAME;

/**
 * One FIX 4.x initiator session of the lean client over a non-blocking {@link SocketChannel} (or {@link TlsChannel}
 * around it): the session layer
 * without the message objects. Outbound it numbers every message (MsgSeqNum 34) and writes it; inbound it frames
 * ({@link FixFramer}), indexes (fix-wire's {@link FixFieldIndex}), checks MsgSeqNum on every message
 * ({@link InboundSequence}), answers TestRequest with a Heartbeat carrying TestReqID 112, ResendRequest with a
 * SequenceReset, Logout with Logout, and hands application messages to its {@link Handler}. Messages are composed in
 * one fix-wire {@link FixWriter}, which fills in BodyLength and CheckSum.
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
    /** What bytes go through: the channel itself, or {@link #tls} around it. */
    private final ByteChannel transport;
    /** TLS around the channel, or null. */
    private final TlsChannel tls;
    private final Handler handler;
    private final RejectReasons rejectReasons;
    private final long epochOffsetNs;

    private final FixWriter admin = new FixWriter(4096 + 128);
    private long nextOutboundSeq = 1;
    /** Written under the monitor; volatile so the receiver can skip idle checks without taking it. */
    private volatile long lastSentNs;
    private long writeFailures;

    private byte[] inbound = new byte[INITIAL_INBOUND_BYTES];
    private ByteBuffer inboundView = ByteBuffer.wrap(inbound);
    /** {@link #inbound} as fix-wire reads it (rewrapped when the array grows). */
    private final UnsafeBuffer inboundWire = new UnsafeBuffer(inbound);
    private int inboundLimit;
    private final InboundSequence inboundSequence = new InboundSequence();
    private long sessionRejects;
    private long businessRejects;
    private long throttleRejects;
    private long testRequestsAnswered;
    private long badFrames;
    private boolean disconnectedByPeer;
    /** How the venue ended the session before we logged out, or null (written once, on the receiver thread). */
    private String endedByVenue;
    private volatile int state = CONNECTED;

    /**
     * @param password      sent as Password (554) with Username (553) = SenderCompID on Logon; null sends neither
     * @param epochOffsetNs epoch nanoseconds minus {@link System#nanoTime()}, for SendingTime
     */
    LeanSession(final int index, final String beginString, final String senderCompId, final String targetCompId,
        final String password, final SocketChannel channel, final Handler handler, final long epochOffsetNs)
    {
        this(index, beginString, senderCompId, targetCompId, password, channel, null, handler,
            new RejectReasons(MeasureWindow.always()), epochOffsetNs);
    }

    /**
     * As the other constructor, over {@code tls} (around {@code channel}, its handshake done) when not null,
     * counting the venue's session Rejects, BusinessMessageRejects and Logouts by reason in {@code rejectReasons}.
     */
    LeanSession(final int index, final String beginString, final String senderCompId, final String targetCompId,
        final String password, final SocketChannel channel, final TlsChannel tls, final Handler handler,
        final RejectReasons rejectReasons, final long epochOffsetNs)
    {
        this.tls = tls;
        this.rejectReasons = rejectReasons;
        transport = tls == null ? channel : tls;
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
        header(MsgTypes.LOGON).field(ENCRYPT_METHOD, '0').field(HEART_BT_INT, HEARTBEAT_INTERVAL_SECONDS);
        admin.field(RESET_SEQ_NUM_FLAG, 'Y');
        if (password != null)
        {
            admin.field(USERNAME, sender).field(PASSWORD, password.getBytes(StandardCharsets.US_ASCII));
        }
        sendAdmin();
    }

    /** Sends Logout; the session counts as logged out when the peer answers with Logout or closes. */
    synchronized void sendLogout()
    {
        if (state == LOGGED_ON || state == CONNECTED)
        {
            state = LOGOUT_SENT;
            header(MsgTypes.LOGOUT);
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
                header(MsgTypes.HEARTBEAT);
                sendAdmin();
            }
        }
    }

    /** Starts a message in {@link #admin}: the standard header with the next MsgSeqNum. */
    private FixWriter header(final char msgType)
    {
        admin.reset().beginMessage(beginString).field(MSG_TYPE, msgType).field(MSG_SEQ_NUM, nextOutboundSeq++);
        admin.field(SENDER_COMP_ID, sender);
        admin.tag(SENDING_TIME).utcTimestampMillis(epochOffsetNs + System.nanoTime()).soh();
        return admin.field(TARGET_COMP_ID, target);
    }

    private void sendAdmin()
    {
        final int start = admin.finishMessage();
        final ByteBuffer frame = admin.buffer();
        frame.limit(admin.position()).position(start);
        write(frame);
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
                if (transport.write(frame) == 0)
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
            read = transport.read(inboundView);
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
            final int length = FixFramer.frameLength(inboundWire, offset, inboundLimit);
            if (length == FixFramer.NEED_MORE)
            {
                break;
            }
            if (length < 0 || fields.index(inboundWire, offset, length) != FixFieldIndex.OK)
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
        // TLS may hold decrypted bytes that no socket event will announce
        return tls == null || !tls.hasBuffered() || onReadable(fields);
    }

    /** A frame longer than the buffer (e.g. a big book snapshot): the only allocation of the inbound path. */
    private void growInbound()
    {
        inbound = Arrays.copyOf(inbound, inbound.length * 2);
        inboundView = ByteBuffer.wrap(inbound);
        inboundWire.wrap(inbound);
    }

    private void onFrame(final FixFieldIndex fields, final long receivedNs)
    {
        final byte msgType = (byte)fields.charValue(MSG_TYPE);
        if (msgType == MsgTypes.SEQUENCE_RESET && fields.firstByte(GAP_FILL_FLAG) != 'Y')
        {
            inboundSequence.reset(fields.longValue(NEW_SEQ_NO));
            return;
        }
        inboundSequence.check(fields.longValue(MSG_SEQ_NUM), fields.firstByte(POSS_DUP_FLAG) == 'Y');
        switch (msgType)
        {
            case MsgTypes.LOGON ->
            {
                if (state == CONNECTED)
                {
                    state = LOGGED_ON;
                }
                handler.onLogon(this);
            }
            case MsgTypes.HEARTBEAT ->
            {
            }
            case MsgTypes.TEST_REQUEST -> answerTestRequest(fields);
            case MsgTypes.RESEND_REQUEST -> answerResendRequest();
            case MsgTypes.SEQUENCE_RESET -> inboundSequence.reset(fields.longValue(NEW_SEQ_NO));
            case MsgTypes.LOGOUT -> onLogout(fields, receivedNs);
            case MsgTypes.REJECT ->
            {
                sessionRejects++;
                rejectReasons.onReject(RejectReasons.SESSION_REJECT, fields, receivedNs);
            }
            case MsgTypes.BUSINESS_MESSAGE_REJECT -> onBusinessReject(fields, receivedNs);
            default -> handler.onAppMessage(this, msgType, fields, receivedNs);
        }
    }

    private void onBusinessReject(final FixFieldIndex fields, final long receivedNs)
    {
        businessRejects++;
        rejectReasons.onReject(RejectReasons.BUSINESS_REJECT, fields, receivedNs);
        final int text = fields.find(TEXT);
        if (text >= 0 && ThrottleRejects.isThrottleText(fields.buffer(), fields.start(text), fields.length(text)))
        {
            throttleRejects++;
        }
    }

    private synchronized void answerTestRequest(final FixFieldIndex fields)
    {
        header(MsgTypes.HEARTBEAT).copyField(fields, TEST_REQ_ID);
        sendAdmin();
        testRequestsAnswered++;
    }

    /** The client keeps no message store: it resets the peer's expectation to its next MsgSeqNum (reset mode). */
    private synchronized void answerResendRequest()
    {
        final long next = nextOutboundSeq + 1;
        header(MsgTypes.SEQUENCE_RESET).field(NEW_SEQ_NO, next);
        sendAdmin();
    }

    private synchronized void onLogout(final FixFieldIndex fields, final long receivedNs)
    {
        if (state != LOGOUT_SENT && state != LOGGED_OUT)
        {
            // the venue ended the session: once per session, so the note may allocate
            final int text = fields.find(TEXT);
            endedByVenue = text < 0 ? "Logout" : "Logout: " + fields.stringAt(text);
            rejectReasons.onReject(RejectReasons.LOGOUT, fields, receivedNs);
            header(MsgTypes.LOGOUT);
            sendAdmin();
        }
        state = LOGGED_OUT;
    }

    private void onClosed()
    {
        if (state != LOGOUT_SENT && state != LOGGED_OUT)
        {
            disconnectedByPeer = true;
            endedByVenue = "connection closed";
        }
        state = LOGGED_OUT;
    }

    long sequenceGaps()
    {
        return inboundSequence.gaps();
    }

    long missingMessages()
    {
        return inboundSequence.missingMessages();
    }

    long sequenceTooLow()
    {
        return inboundSequence.tooLow();
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

    /**
     * How the venue ended this session before the client logged out ("Logout: " and its Text, or "connection
     * closed"), or null when it did not.
     */
    String endedByVenue()
    {
        return endedByVenue;
    }
}
