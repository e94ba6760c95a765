package io.kairos.md;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One FIX 4.4 market-data connection: frames inbound bytes ({@link FixFramer}), runs the session
 * protocol — Logon with CompID and password check, sequence numbers, Heartbeat and TestRequest,
 * ResendRequest answered with SequenceReset-GapFill, SequenceReset, Logout, Reject (35=3) for
 * malformed messages, BusinessMessageReject (35=j) for application messages it does not serve —
 * and hands MarketDataRequests to {@link MarketDataRequestHandler}. Outbound market data arrives
 * through {@link #sendMarketData}, which enforces the bounded outbound queue. One instance per
 * channel, owned by the gateway's event loop.
 */
final class FixSession extends ChannelInboundHandlerAdapter implements FixFramer.FrameHandler
{
    static final int REJECT_INVALID_TAG_NUMBER = 0;
    static final int REJECT_REQUIRED_TAG_MISSING = 1;
    static final int REJECT_TAG_WITHOUT_VALUE = 4;
    static final int REJECT_VALUE_INCORRECT = 5;
    static final int REJECT_INCORRECT_DATA_FORMAT = 6;
    static final int REJECT_COMP_ID_PROBLEM = 9;
    static final int REJECT_INVALID_MSG_TYPE = 11;
    private static final int MAX_HEARTBEAT_SECONDS_FLOOR = 1;
    private static final long CLOSE_GRACE_MS = 200;
    private static final int MAX_FLUSH_THRESHOLD_MESSAGES = 64;

    private enum Status
    {
        AWAITING_LOGON,
        ACTIVE,
        CLOSING
    }

    final List<Subscription> subscriptions = new ArrayList<>();
    boolean dirty;
    private final GatewayContext context;
    private final MarketDataRequestHandler requestHandler;
    private final FixFramer framer;
    private final FixMessage message = new FixMessage();
    private final FixBuffer out = new FixBuffer(512);
    private final long connectedNanoTime = System.nanoTime();
    private final int flushThresholdMessages;
    private Channel channel;
    private Status status = Status.AWAITING_LOGON;
    private SessionState state;
    private SessionWriter writer;
    private long heartbeatNs;
    private long lastReceivedNanoTime = connectedNanoTime;
    private long lastSentNanoTime = connectedNanoTime;
    private long testRequestSentNanoTime;
    private int testRequestCounter;
    private boolean resendRequested;

    FixSession(final GatewayContext context, final MarketDataRequestHandler requestHandler)
    {
        this.context = context;
        this.requestHandler = requestHandler;
        framer = new FixFramer(this, context.counters);
        flushThresholdMessages = Math.min(MAX_FLUSH_THRESHOLD_MESSAGES, context.config.outboundQueueLimitMessages() / 2);
    }

    // ---------------------------------------------------------------- Netty callbacks

    @Override
    public void channelActive(final ChannelHandlerContext ctx)
    {
        channel = ctx.channel();
        context.connected.add(this);
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg)
    {
        final ByteBuf in = (ByteBuf)msg;
        try
        {
            lastReceivedNanoTime = System.nanoTime();
            testRequestSentNanoTime = 0;
            if (!framer.onBytes(in))
            {
                logoutAndClose("more than " + FixFramer.MAX_FRAME_BYTES + " bytes without a valid FIX message", false);
            }
        }
        finally
        {
            in.release();
        }
    }

    @Override
    public void channelReadComplete(final ChannelHandlerContext ctx)
    {
        flush();
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        status = Status.CLOSING;
        if (writer != null)
        {
            writer.release();
        }
        context.connected.remove(this);
        requestHandler.unsubscribeAll(this);
        if (state != null)
        {
            context.updateSessionGauge(-1);
        }
        if (state != null && state.active == this)
        {
            state.active = null;
        }
    }

    /** Peer resets and writes to a closed channel just close the session; anything else is a bug, counted and printed. */
    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        if (!(cause instanceof java.io.IOException))
        {
            context.errors.onError(cause);
        }
        ctx.close();
    }

    // ---------------------------------------------------------------- outbound

    /**
     * Fan-out entry point: queues a shared body unless the session is past its outbound limit, which
     * logs it out. Within a large batch the session is flushed every few dozen messages, so that
     * only what the socket refuses counts as backlog.
     */
    void sendMarketData(final byte msgType, final byte[] body, final int bodyLength, final int bodyChecksum, final byte[] sendingTime)
    {
        if (status != Status.ACTIVE || !channel.isActive())
        {
            return;
        }
        final int pending = writer.pendingMessages();
        context.counters.onQueueDepth(pending);
        if (pending >= context.config.outboundQueueLimitMessages())
        {
            context.counters.slowConsumerDisconnects.increment();
            logoutAndClose("slow consumer: more than " + context.config.outboundQueueLimitMessages() + " messages queued", false);
            return;
        }
        writer.sendShared(msgType, body, bodyLength, bodyChecksum, sendingTime);
        lastSentNanoTime = System.nanoTime();
        if (writer.unflushedMessages() >= flushThresholdMessages)
        {
            writer.flush();
        }
        else
        {
            context.poller.markDirty(this);
        }
    }

    /** Sends a body encoded for this session only. */
    void send(final char msgType, final FixBuffer body)
    {
        if (writer != null && status != Status.CLOSING)
        {
            writer.sendOwned((byte)msgType, body);
            lastSentNanoTime = System.nanoTime();
            context.poller.markDirty(this);
        }
    }

    /** Messages queued for this session and not yet written to its socket (0 before logon). */
    int pendingMessages()
    {
        return writer == null ? 0 : writer.pendingMessages();
    }

    void flush()
    {
        if (writer != null)
        {
            writer.flush();
        }
    }

    boolean isActive()
    {
        return status == Status.ACTIVE;
    }

    String compId()
    {
        return state == null ? "?" : state.compId;
    }

    /** Session-level Reject (35=3). */
    void reject(final long refSeqNum, final int refTag, final CharSequence refMsgType, final int reason, final String text)
    {
        out.reset().field(45, refSeqNum);
        if (refTag > 0)
        {
            out.field(371, refTag);
        }
        if (refMsgType != null)
        {
            out.field(372, refMsgType);
        }
        out.field(373, reason).field(58, text);
        send('3', out);
    }

    /** Called by the gateway's one-second timer: heartbeats, test requests, logon and heartbeat timeouts. */
    void onTimer(final long nowNanoTime)
    {
        if (status == Status.AWAITING_LOGON)
        {
            if (nowNanoTime - connectedNanoTime > TimeUnit.SECONDS.toNanos(context.config.heartbeatIntervalSeconds()))
            {
                channel.close();
            }
            return;
        }
        if (status != Status.ACTIVE)
        {
            return;
        }
        if (nowNanoTime - lastSentNanoTime >= heartbeatNs)
        {
            send('0', out.reset());
        }
        if (testRequestSentNanoTime != 0)
        {
            if (nowNanoTime - testRequestSentNanoTime >= heartbeatNs)
            {
                logoutAndClose("heartbeat timeout: no answer to TestRequest", true);
            }
        }
        else if (nowNanoTime - lastReceivedNanoTime >= heartbeatNs + heartbeatNs / 5)
        {
            send('1', out.reset().field(112, "TEST-").appendLong(++testRequestCounter).soh());
            testRequestSentNanoTime = nowNanoTime;
        }
        flush();
    }

    /**
     * Sends Logout with a reason and closes the connection (after a short grace period when
     * {@code graceful}). Subscriptions are dropped when the channel becomes inactive, never
     * during a fan-out loop.
     */
    void logoutAndClose(final String reason, final boolean graceful)
    {
        if (status == Status.CLOSING)
        {
            return;
        }
        send('5', out.reset().field(58, reason));
        flush();
        status = Status.CLOSING;
        if (graceful)
        {
            channel.eventLoop().schedule(() -> channel.close(), CLOSE_GRACE_MS, TimeUnit.MILLISECONDS);
        }
        else
        {
            channel.close();
        }
    }

    // ---------------------------------------------------------------- inbound

    @Override
    public void onFrame(final byte[] buffer, final int offset, final int length)
    {
        final int parsed = message.parse(buffer, offset, length);
        final int msgTypeIndex = message.indexOf(35);
        if (msgTypeIndex < 0)
        {
            context.counters.garbledMessages.increment();
            return;
        }
        if (status == Status.AWAITING_LOGON)
        {
            onLogon(parsed);
            return;
        }
        if (status != Status.ACTIVE)
        {
            return;
        }
        final long seq = message.longValue(34);
        if (parsed != FixMessage.OK)
        {
            if (seq != FixMessage.NOT_A_NUMBER && seq == state.nextTargetSeqNum)
            {
                state.nextTargetSeqNum++;
                reject(seq, message.errorTag(), null,
                    parsed == FixMessage.TAG_WITHOUT_VALUE ? REJECT_TAG_WITHOUT_VALUE : REJECT_INVALID_TAG_NUMBER,
                    parsed == FixMessage.TAG_WITHOUT_VALUE ? "tag specified without a value" : "invalid tag number");
            }
            return;
        }
        if (!message.valueEquals(49, state.compId) || !message.valueEquals(56, context.config.compId()))
        {
            reject(seq == FixMessage.NOT_A_NUMBER ? 0 : seq, message.valueEquals(49, state.compId) ? 56 : 49,
                message.valueAt(msgTypeIndex), REJECT_COMP_ID_PROBLEM, "CompID problem");
            logoutAndClose("incorrect SenderCompID or TargetCompID", true);
            return;
        }
        final char msgType = message.charAt(msgTypeIndex);
        if (msgType == '4' && message.charValue(123) != 'Y')
        {
            onSequenceReset();
            return;
        }
        if (!checkSequence(seq))
        {
            return;
        }
        dispatch(msgType, seq, msgTypeIndex);
    }

    private boolean checkSequence(final long seq)
    {
        if (seq == FixMessage.NOT_A_NUMBER)
        {
            logoutAndClose("MsgSeqNum(34) missing or invalid", true);
            return false;
        }
        if (seq > state.nextTargetSeqNum)
        {
            if (!resendRequested)
            {
                resendRequested = true;
                send('2', out.reset().field(7, state.nextTargetSeqNum).field(16, 0));
            }
            return message.charValue(35) == '5' && handleLogoutDuringGap();
        }
        if (seq < state.nextTargetSeqNum)
        {
            if (message.charValue(43) != 'Y')
            {
                logoutAndClose("MsgSeqNum too low, expecting " + state.nextTargetSeqNum + " but received " + seq, true);
            }
            return false;
        }
        state.nextTargetSeqNum++;
        resendRequested = false;
        return true;
    }

    private boolean handleLogoutDuringGap()
    {
        logoutAndClose("logout acknowledged", true);
        return false;
    }

    private void dispatch(final char msgType, final long seq, final int msgTypeIndex)
    {
        if (message.valueLength(msgTypeIndex) != 1)
        {
            businessReject(seq, message.valueAt(msgTypeIndex), "unsupported message type");
            return;
        }
        switch (msgType)
        {
            case '0':
            case '3':
                break;
            case '1':
                onTestRequest(seq);
                break;
            case '2':
                onResendRequest(seq);
                break;
            case '4':
                onGapFill(seq);
                break;
            case '5':
                logoutAndClose("logout acknowledged", true);
                break;
            case 'A':
                reject(seq, 35, "A", REJECT_INVALID_MSG_TYPE, "already logged on");
                break;
            case 'V':
                requestHandler.onMarketDataRequest(this, message, seq);
                break;
            default:
                businessReject(seq, message.valueAt(msgTypeIndex), "unsupported message type");
                break;
        }
    }

    private void onTestRequest(final long seq)
    {
        final int index = message.indexOf(112);
        if (index < 0)
        {
            reject(seq, 112, "1", REJECT_REQUIRED_TAG_MISSING, "TestReqID(112) missing");
            return;
        }
        send('0', out.reset().field(112, message.bytes(), message.valueStart(index), message.valueLength(index)));
    }

    private void onResendRequest(final long seq)
    {
        final long begin = message.longValue(7);
        final long end = message.longValue(16);
        if (begin == FixMessage.NOT_A_NUMBER || end == FixMessage.NOT_A_NUMBER || begin < 1)
        {
            reject(seq, begin == FixMessage.NOT_A_NUMBER || begin < 1 ? 7 : 16, "2", REJECT_VALUE_INCORRECT,
                "BeginSeqNo(7) and EndSeqNo(16) must be numbers, BeginSeqNo >= 1");
            return;
        }
        if (begin < state.nextSenderSeqNum)
        {
            writer.sendPossDup((byte)'4', (int)begin, out.reset().field(123, 'Y').field(36, state.nextSenderSeqNum));
            context.poller.markDirty(this);
        }
    }

    /** SequenceReset-GapFill (123=Y), in sequence: NewSeqNo must lie past the message's own MsgSeqNum. */
    private void onGapFill(final long seq)
    {
        final long newSeq = message.longValue(36);
        if (newSeq == FixMessage.NOT_A_NUMBER)
        {
            reject(seq, 36, "4", REJECT_REQUIRED_TAG_MISSING, "NewSeqNo(36) missing");
        }
        else if (newSeq <= seq)
        {
            reject(seq, 36, "4", REJECT_VALUE_INCORRECT,
                "NewSeqNo(36) must be above MsgSeqNum " + seq + ", was " + newSeq);
        }
        else if (newSeq > state.nextTargetSeqNum)
        {
            state.nextTargetSeqNum = newSeq;
        }
    }

    /**
     * SequenceReset-Reset: its MsgSeqNum is ignored when it is applied (FIX). NewSeqNo must be a number no lower than
     * the expected MsgSeqNum (FIX: never lower it). A refused one is answered with Reject 373=5 and, like every message the
     * venue rejects (and as on the order-entry port), consumes its MsgSeqNum when that is the expected one.
     */
    private void onSequenceReset()
    {
        final long seq = message.longValue(34);
        final long newSeq = message.longValue(36);
        if (newSeq == FixMessage.NOT_A_NUMBER || newSeq < state.nextTargetSeqNum)
        {
            final long expected = state.nextTargetSeqNum;
            if (seq == expected)
            {
                state.nextTargetSeqNum++;
            }
            reject(seq == FixMessage.NOT_A_NUMBER ? 0 : seq, 36, "4", REJECT_VALUE_INCORRECT,
                newSeq == FixMessage.NOT_A_NUMBER ? "NewSeqNo(36) missing or invalid" :
                "NewSeqNo(36) must not be below the expected MsgSeqNum " + expected);
            return;
        }
        state.nextTargetSeqNum = newSeq;
        resendRequested = false;
    }

    private void businessReject(final long seq, final CharSequence refMsgType, final String text)
    {
        out.reset().field(45, seq).field(372, refMsgType).field(380, 3).field(58, text);
        send('j', out);
    }

    private void onLogon(final int parsed)
    {
        if (parsed != FixMessage.OK || message.charValue(35) != 'A')
        {
            channel.close();
            return;
        }
        final CharSequence sender = message.value(49);
        final SessionState candidate = sender == null ? null : context.sessionState(sender);
        if (candidate == null)
        {
            refuseLogon(null, "unknown SenderCompID(49) " + (sender == null ? "<missing>" : sender.toString()));
            return;
        }
        if (!message.valueEquals(56, context.config.compId()))
        {
            refuseLogon(candidate, "TargetCompID(56) must be " + context.config.compId());
            return;
        }
        final boolean usernameOk = !message.has(553) || message.valueEquals(553, candidate.compId);
        if (!usernameOk || !message.valueEquals(554, candidate.password))
        {
            refuseLogon(candidate, "invalid Username(553) or Password(554)");
            return;
        }
        if (candidate.active != null)
        {
            refuseLogon(candidate, "session " + candidate.compId + " is already logged on");
            return;
        }
        final long heartBtInt = message.longValue(108);
        if (heartBtInt == FixMessage.NOT_A_NUMBER || heartBtInt < MAX_HEARTBEAT_SECONDS_FLOOR ||
            heartBtInt > context.config.heartbeatIntervalSeconds())
        {
            refuseLogon(candidate, "HeartBtInt(108) must be in [1, " + context.config.heartbeatIntervalSeconds() + "]");
            return;
        }
        final boolean reset = message.charValue(141) == 'Y';
        final long seq = message.longValue(34);
        if (reset)
        {
            candidate.resetSequenceNumbers();
        }
        if (seq == FixMessage.NOT_A_NUMBER || seq < 1)
        {
            refuseLogon(candidate, seq == 0 ? "MsgSeqNum(34) must be >= 1, was 0" : "MsgSeqNum(34) missing or invalid");
            return;
        }
        if (seq < candidate.nextTargetSeqNum)
        {
            refuseLogon(candidate, "MsgSeqNum too low, expecting " + candidate.nextTargetSeqNum + " but received " + seq);
            return;
        }
        state = candidate;
        state.active = this;
        writer = new SessionWriter(channel, context.compIdBytes, state, context.trailers, context.counters, context.clock);
        heartbeatNs = TimeUnit.SECONDS.toNanos(heartBtInt);
        status = Status.ACTIVE;
        context.updateSessionGauge(1);
        out.reset().field(98, 0).field(108, heartBtInt);
        if (reset)
        {
            out.field(141, 'Y');
        }
        send('A', out);
        if (seq > state.nextTargetSeqNum)
        {
            resendRequested = true;
            send('2', out.reset().field(7, state.nextTargetSeqNum).field(16, 0));
        }
        else
        {
            state.nextTargetSeqNum++;
        }
    }

    /** Answers a refused Logon with a Logout (58 = reason) from a throw-away writer (sequence number 1), then closes. */
    private void refuseLogon(final SessionState candidate, final String reason)
    {
        final String replyCompId = candidate != null ? candidate.compId : unknownCompId();
        final SessionState replyState = new SessionState(new MdSessionConfig(replyCompId, "-"));
        final SessionWriter replyWriter = new SessionWriter(channel, context.compIdBytes, replyState, context.trailers,
            context.counters, context.clock);
        replyWriter.sendOwned((byte)'5', out.reset().field(58, reason));
        replyWriter.flush();
        status = Status.CLOSING;
        channel.eventLoop().schedule(() -> channel.close(), CLOSE_GRACE_MS, TimeUnit.MILLISECONDS);
    }

    private String unknownCompId()
    {
        final CharSequence sender = message.value(49);
        if (sender == null || sender.length() == 0)
        {
            return "UNKNOWN";
        }
        for (int i = 0; i < sender.length(); i++)
        {
            if (sender.charAt(i) <= ' ' || sender.charAt(i) >= 127 || sender.charAt(i) == '=')
            {
                return "UNKNOWN";
            }
        }
        return sender.toString();
    }
}
