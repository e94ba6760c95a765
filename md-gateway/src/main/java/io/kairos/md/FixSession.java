package io.kairos.md;

import static io.kairos.fix.wire.FixTags.BUSINESS_REJECT_REASON;
import static io.kairos.fix.wire.FixTags.ENCRYPT_METHOD;
import static io.kairos.fix.wire.FixTags.GAP_FILL_FLAG;
import static io.kairos.fix.wire.FixTags.HEART_BT_INT;
import static io.kairos.fix.wire.FixTags.MSG_SEQ_NUM;
import static io.kairos.fix.wire.FixTags.MSG_TYPE;
import static io.kairos.fix.wire.FixTags.REF_MSG_TYPE;
import static io.kairos.fix.wire.FixTags.REF_SEQ_NUM;
import static io.kairos.fix.wire.FixTags.REF_TAG_ID;
import static io.kairos.fix.wire.FixTags.RESET_SEQ_NUM_FLAG;
import static io.kairos.fix.wire.FixTags.SENDER_COMP_ID;
import static io.kairos.fix.wire.FixTags.SESSION_REJECT_REASON;
import static io.kairos.fix.wire.FixTags.TARGET_COMP_ID;
import static io.kairos.fix.wire.FixTags.TEST_REQ_ID;
import static io.kairos.fix.wire.FixTags.TEXT;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;

import io.kairos.access.LogonFailure;
import io.kairos.access.LogonVerifier;
import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixFrame;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

/**
 * The FIX 4.4 session protocol of one market-data connection, socket-free: bytes in ({@link #onBytes}, framed by
 * {@link FixFramer}), messages out through the connection's {@link OutboundBatch}. It runs Logon ({@link LogonRules}),
 * sequence numbers, Heartbeat and TestRequest, ResendRequest answered with SequenceReset-GapFill, SequenceReset,
 * Logout, Reject (35=3) for malformed messages, BusinessMessageReject (35=j) for application messages it does not
 * serve, and hands MarketDataRequests to {@link MarketDataRequestHandler}. Outbound market data arrives through
 * {@link #sendMarketData}, which enforces the bounded outbound queue. Time is the context's {@code nanoClock}.
 * The Netty side is {@link SessionChannelHandler}. One instance per connection, owned by the gateway's event loop.
 */
final class FixSession implements FixFramer.FrameHandler
{
    private static final int MAX_FLUSH_THRESHOLD_MESSAGES = 64;

    private enum Status
    {
        AWAITING_LOGON,
        /** The Logon's password is being checked off the event loop; the connection is not read meanwhile. */
        VERIFYING_LOGON,
        ACTIVE,
        CLOSING
    }

    final List<Subscription> subscriptions = new ArrayList<>();
    /** Written to in the current batch of book events ({@link BookEventPoller#markDirty}). */
    boolean dirty;
    /** Queued for the incrementals being emitted ({@link IncrementalFanOut#emit}). */
    boolean incrementalsQueued;
    private final GatewayContext context;
    private final MarketDataRequestHandler requestHandler;
    private final SessionConnection connection;
    private final LogonRules logonRules;
    /** The clock second of the snapshot requests counted in {@link #snapshotRequests}. */
    private long snapshotSecond = -1;
    private int snapshotRequests;
    private final FixFramer framer;
    private final FixFieldIndex message = new FixFieldIndex(InboundSyntax.MAX_FIELDS);
    private final InboundSyntax syntax = new InboundSyntax();
    private final SessionSequence sequence = new SessionSequence(this, message);
    private final FixWriter out = new FixWriter(512);
    private final long connectedNanoTime;
    private final int flushThresholdMessages;
    private Status status = Status.AWAITING_LOGON;
    private SessionState state;
    private SessionWriter writer;
    private long heartbeatNs;
    private long lastReceivedNanoTime;
    private long lastSentNanoTime;
    private long testRequestSentNanoTime;
    private int testRequestCounter;

    FixSession(
        final GatewayContext context, final MarketDataRequestHandler requestHandler, final SessionConnection connection)
    {
        this.context = context;
        this.requestHandler = requestHandler;
        this.connection = connection;
        logonRules = new LogonRules(context);
        framer = new FixFramer(this, context.counters);
        flushThresholdMessages = Math.min(MAX_FLUSH_THRESHOLD_MESSAGES,
            context.config.outboundQueueLimitMessages() / 2);
        connectedNanoTime = context.nanoClock.nanoTime();
        lastReceivedNanoTime = connectedNanoTime;
        lastSentNanoTime = connectedNanoTime;
    }

    // ---------------------------------------------------------------- connection lifecycle

    /** The connection is up: the session joins the gateway's connected ones (timers, shutdown). */
    void onConnected()
    {
        context.connected.add(this);
    }

    /** Inbound bytes, any split: every complete frame is handled before this returns. */
    void onBytes(final byte[] buffer, final int offset, final int length)
    {
        lastReceivedNanoTime = context.nanoClock.nanoTime();
        testRequestSentNanoTime = 0;
        if (!framer.onBytes(buffer, offset, length))
        {
            logoutAndClose("more than " + FixFrame.MAX_FRAME_BYTES + " bytes without a valid FIX message", false);
        }
    }

    /** The connection is gone: frees its output, drops its subscriptions and its hold on the CompID. */
    void onDisconnected()
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

    // ---------------------------------------------------------------- outbound

    /**
     * Fan-out entry point: queues a shared body unless the session is past its outbound limit, which
     * logs it out. Within a large batch the session is flushed every few dozen messages, so that
     * only what the socket refuses counts as backlog.
     */
    void sendMarketData(
        final byte msgType, final byte[] body, final int bodyLength, final int bodyChecksum, final byte[] sendingTime)
    {
        if (mayQueueMarketData())
        {
            writer.sendShared(msgType, body, bodyLength, bodyChecksum, sendingTime);
            afterMarketData();
        }
    }

    /**
     * Fan-out entry point for batched incrementals: queues this session's messages of the pending entries of its
     * views ({@link IncrementalFanOut#writeMessages}), under the same outbound limit as {@link #sendMarketData}.
     */
    void sendIncrementals(final IncrementalFanOut fanOut)
    {
        if (mayQueueMarketData())
        {
            fanOut.writeMessages(subscriptions, writer);
            afterMarketData();
        }
    }

    /** Whether market data may be queued: the session is active and not past its outbound limit (else logged out). */
    private boolean mayQueueMarketData()
    {
        if (status != Status.ACTIVE || !connection.isOpen())
        {
            return false;
        }
        final int pending = writer.pendingMessages();
        context.counters.onQueueDepth(pending);
        final int limit = context.config.outboundQueueLimitMessages();
        if (pending >= limit)
        {
            context.counters.slowConsumerDisconnects.increment();
            logoutAndClose("slow consumer: more than " + limit + " messages queued", false);
            return false;
        }
        return true;
    }

    private void afterMarketData()
    {
        lastSentNanoTime = context.nanoClock.nanoTime();
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
    void send(final char msgType, final FixWriter body)
    {
        if (writer != null && status != Status.CLOSING)
        {
            writer.sendOwned((byte)msgType, body);
            lastSentNanoTime = context.nanoClock.nanoTime();
            context.poller.markDirty(this);
        }
    }

    /** Sends a message with an explicit MsgSeqNum and PossDupFlag=Y, not consuming a number (a GapFill). */
    void sendPossDup(final char msgType, final int msgSeqNum, final FixWriter body)
    {
        writer.sendPossDup((byte)msgType, msgSeqNum, body);
        context.poller.markDirty(this);
    }

    /** Messages queued for this session and not yet written to its peer (0 before logon). */
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

    /** The session's reusable buffer for one outbound body (valid until the next send). */
    FixWriter scratch()
    {
        return out;
    }

    /** Session-level Reject (35=3). */
    void reject(
        final long refSeqNum, final int refTag, final CharSequence refMsgType, final int reason, final String text)
    {
        out.reset().field(REF_SEQ_NUM, refSeqNum);
        if (refTag > 0)
        {
            out.field(REF_TAG_ID, refTag);
        }
        if (refMsgType != null)
        {
            out.field(REF_MSG_TYPE, refMsgType);
        }
        out.field(SESSION_REJECT_REASON, reason).field(TEXT, text);
        send(MsgTypes.REJECT, out);
    }

    /**
     * Counts a snapshot-only request (263=0) in the clock second {@code second}. Event loop; allocation-free.
     *
     * @return false when the session already made {@code perSecond} of them in that second (refuse this one)
     */
    boolean takeSnapshotRequest(final long second, final int perSecond)
    {
        if (second != snapshotSecond)
        {
            snapshotSecond = second;
            snapshotRequests = 0;
        }
        if (snapshotRequests >= perSecond)
        {
            return false;
        }
        snapshotRequests++;
        return true;
    }

    /** Called by the gateway's one-second timer: heartbeats, test requests, logon and heartbeat timeouts. */
    void onTimer(final long nowNanoTime)
    {
        if (status == Status.AWAITING_LOGON || status == Status.VERIFYING_LOGON)
        {
            final long logonTimeoutNs = TimeUnit.MILLISECONDS.toNanos(context.config.limits().logonTimeoutMs());
            if (nowNanoTime - connectedNanoTime > logonTimeoutNs)
            {
                connection.close();
            }
            return;
        }
        if (status != Status.ACTIVE)
        {
            return;
        }
        if (nowNanoTime - lastSentNanoTime >= heartbeatNs)
        {
            send(MsgTypes.HEARTBEAT, out.reset());
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
            // one field, TEST-<n>: the counter is part of TestReqID's value, not a field of its own
            send(MsgTypes.TEST_REQUEST, out.reset().tag(TEST_REQ_ID).ascii("TEST-").number(++testRequestCounter).soh());
            testRequestSentNanoTime = nowNanoTime;
        }
        flush();
    }

    /**
     * Sends Logout with a reason and closes the connection (after a short grace period when
     * {@code graceful}). Subscriptions are dropped when the connection is gone ({@link #onDisconnected}),
     * never during a fan-out loop.
     */
    void logoutAndClose(final String reason, final boolean graceful)
    {
        if (status == Status.CLOSING)
        {
            return;
        }
        send(MsgTypes.LOGOUT, out.reset().field(TEXT, reason));
        flush();
        status = Status.CLOSING;
        if (graceful)
        {
            connection.closeAfterGrace();
        }
        else
        {
            connection.close();
        }
    }

    // ---------------------------------------------------------------- inbound

    @Override
    public void onFrame(final DirectBuffer buffer, final int offset, final int length)
    {
        final int parsed = syntax.check(message, message.index(buffer, offset, length));
        final int msgTypeIndex = message.find(MSG_TYPE);
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
        final long seq = message.longValue(MSG_SEQ_NUM);
        if (parsed != InboundSyntax.OK)
        {
            if (sequence.consumeIfExpected(seq))
            {
                final boolean noValue = parsed == InboundSyntax.TAG_WITHOUT_VALUE;
                final int reason = noValue ? RejectReasons.TAG_WITHOUT_VALUE : RejectReasons.INVALID_TAG_NUMBER;
                reject(seq, syntax.errorTag(), null, reason,
                    noValue ? "tag specified without a value" : "invalid tag number");
            }
            return;
        }
        final boolean senderOk = LogonRules.valueIs(message, SENDER_COMP_ID, state.compIdBytes);
        if (!senderOk || !LogonRules.valueIs(message, TARGET_COMP_ID, context.compIdBytes))
        {
            reject(seq == FixFieldIndex.NOT_A_NUMBER ? 0 : seq,
                senderOk ? TARGET_COMP_ID : SENDER_COMP_ID,
                message.valueAt(msgTypeIndex), RejectReasons.COMP_ID_PROBLEM, "CompID problem");
            logoutAndClose("incorrect SenderCompID or TargetCompID", true);
            return;
        }
        final char msgType = message.charAt(msgTypeIndex);
        if (msgType == MsgTypes.SEQUENCE_RESET && message.charValue(GAP_FILL_FLAG) != 'Y')
        {
            sequence.onSequenceReset();
            return;
        }
        if (!sequence.accept(seq))
        {
            return;
        }
        dispatch(msgType, seq, msgTypeIndex);
    }

    private void dispatch(final char msgType, final long seq, final int msgTypeIndex)
    {
        if (message.length(msgTypeIndex) != 1)
        {
            businessReject(seq, message.valueAt(msgTypeIndex), "unsupported message type");
            return;
        }
        switch (msgType)
        {
            case MsgTypes.HEARTBEAT:
            case MsgTypes.REJECT:
                break;
            case MsgTypes.TEST_REQUEST:
                onTestRequest(seq);
                break;
            case MsgTypes.RESEND_REQUEST:
                sequence.onResendRequest(seq);
                break;
            case MsgTypes.SEQUENCE_RESET:
                sequence.onGapFill(seq);
                break;
            case MsgTypes.LOGOUT:
                logoutAndClose("logout acknowledged", true);
                break;
            case MsgTypes.LOGON:
                reject(seq, MSG_TYPE, "A", RejectReasons.INVALID_MSG_TYPE, "already logged on");
                break;
            case MsgTypes.MARKET_DATA_REQUEST:
                requestHandler.onMarketDataRequest(this, message, seq);
                break;
            default:
                businessReject(seq, message.valueAt(msgTypeIndex), "unsupported message type");
                break;
        }
    }

    private void onTestRequest(final long seq)
    {
        final int index = message.find(TEST_REQ_ID);
        if (index < 0)
        {
            reject(seq, TEST_REQ_ID, "1", RejectReasons.REQUIRED_TAG_MISSING, "TestReqID(112) missing");
            return;
        }
        send(MsgTypes.HEARTBEAT, out.reset().field(TEST_REQ_ID, message, index));
    }

    private void businessReject(final long seq, final CharSequence refMsgType, final String text)
    {
        out.reset().field(REF_SEQ_NUM, seq).field(REF_MSG_TYPE, refMsgType)
            .field(BUSINESS_REJECT_REASON, RejectReasons.BUSINESS_UNSUPPORTED_MSG_TYPE).field(TEXT, text);
        send(MsgTypes.BUSINESS_MESSAGE_REJECT, out);
    }

    /**
     * A Logon: hands its credentials to the gateway's {@link LogonVerifier} and stops reading the connection until the
     * outcome comes back on the event loop ({@link #onLogonChecked}). What the client sent after the Logon without
     * waiting for its answer is not read until then. Allocates (a logon is not on the hot path).
     */
    private void onLogon(final int parsed)
    {
        if (parsed != InboundSyntax.OK || message.charValue(MSG_TYPE) != MsgTypes.LOGON)
        {
            connection.close();
            return;
        }
        final SessionState candidate = logonRules.session(message);
        final CharSequence sender = message.value(SENDER_COMP_ID);
        final PendingLogon logon = new PendingLogon(candidate, LogonRules.replyCompId(message, candidate),
            message.charValue(RESET_SEQ_NUM_FLAG) == 'Y', message.longValue(MSG_SEQ_NUM),
            message.longValue(HEART_BT_INT));
        status = Status.VERIFYING_LOGON;
        connection.pauseReading();
        context.logonVerifier.check(candidate == null ? null : candidate.compId,
            sender == null ? null : sender.toString(), logonRules.expectedHash(message, candidate),
            LogonRules.password(message), connection.remoteHost(),
            failure -> connection.execute(() -> onLogonChecked(logon, failure)));
    }

    /** The verifier's outcome, back on the event loop: refuses (one answer for every failure) or goes on. */
    private void onLogonChecked(final PendingLogon logon, final LogonFailure failure)
    {
        if (status != Status.VERIFYING_LOGON)
        {
            return; // the connection went meanwhile
        }
        connection.resumeReading();
        if (failure != null)
        {
            refuseLogon(logon.replyCompId, LogonVerifier.REFUSAL_TEXT);
            return;
        }
        final SessionState candidate = logon.session;
        final String refusal = logonRules.afterPasswordRefusal(candidate, logon.heartBtInt);
        if (refusal != null)
        {
            refuseLogon(logon.replyCompId, refusal);
            return;
        }
        if (logon.reset)
        {
            candidate.resetSequenceNumbers();
        }
        final String sequenceRefusal = LogonRules.sequenceRefusal(logon.seq, candidate);
        if (sequenceRefusal != null)
        {
            refuseLogon(logon.replyCompId, sequenceRefusal);
            return;
        }
        acceptLogon(candidate, logon.heartBtInt, logon.reset, logon.seq);
        flush();
    }

    /** Whether the Logon's password is being checked (for tests). */
    boolean isVerifyingLogon()
    {
        return status == Status.VERIFYING_LOGON;
    }

    private void acceptLogon(final SessionState candidate, final long heartBtInt, final boolean reset, final long seq)
    {
        state = candidate;
        state.active = this;
        context.gate.loggedOn(connection.remoteAddress());
        writer = new SessionWriter(connection.newBatch(), context.compIdBytes, state, context.counters, context.clock);
        heartbeatNs = TimeUnit.SECONDS.toNanos(heartBtInt);
        status = Status.ACTIVE;
        context.updateSessionGauge(1);
        out.reset().field(ENCRYPT_METHOD, 0).field(HEART_BT_INT, heartBtInt);
        if (reset)
        {
            out.field(RESET_SEQ_NUM_FLAG, 'Y');
        }
        send(MsgTypes.LOGON, out);
        sequence.onLogon(state, seq);
    }

    /** A refused Logon: answered with a Logout ({@link LogonRules#refuse}), the connection closing after the grace. */
    private void refuseLogon(final String replyCompId, final String reason)
    {
        status = Status.CLOSING;
        logonRules.refuse(connection, replyCompId, reason);
    }

    /** What a Logon said that its check's outcome needs (the parsed message is reused meanwhile). */
    private record PendingLogon(SessionState session, String replyCompId, boolean reset, long seq, long heartBtInt)
    {
    }
}
