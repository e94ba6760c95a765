package io.kairos.md;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Writes FIX messages to one session's channel. Every message is exactly three buffers — the
 * session's header (8, 9, 35, 49, 56, 34, 52), the body, the trailer (10) — written without
 * promises and flushed together, so the transport sends them with one gathering write (writev).
 * A shared body (fan-out) is a retained duplicate of the one buffer encoded per view update; only
 * the ~90-byte header is encoded per session, and the checksum is the header's sum plus the body's
 * precomputed sum. Owned by the gateway's event loop.
 */
final class SessionWriter
{
    static final int BUFFERS_PER_MESSAGE = 3;
    private static final byte[] BEGIN_STRING = "8=FIX.4.4\u00019=".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] SENDING_TIME_TAG = "\u000152=".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] POSS_DUP = "43=Y\u0001122=".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[][] ONE_BYTE = new byte[128][];

    static
    {
        for (int i = 0; i < ONE_BYTE.length; i++)
        {
            ONE_BYTE[i] = new byte[] {(byte)i};
        }
    }

    private final Channel channel;
    private final io.netty.channel.ChannelPromise voidPromise;
    private final SessionState state;
    private final Trailers trailers;
    private final MdCounters counters;
    private final EpochNanoClock clock;
    private final SendingTimeEncoder timeEncoder = new SendingTimeEncoder();
    private final FixBuffer head = new FixBuffer(32);
    private final FixBuffer tail = new FixBuffer(160);
    private final FixBuffer time = new FixBuffer(SendingTimeEncoder.LENGTH);
    private final byte[] compIdsAndSeqTag;
    private int unflushedMessages;

    SessionWriter(
        final Channel channel, final byte[] gatewayCompId, final SessionState state, final Trailers trailers,
        final MdCounters counters, final EpochNanoClock clock)
    {
        this.channel = channel;
        voidPromise = channel.voidPromise();
        this.state = state;
        this.trailers = trailers;
        this.counters = counters;
        this.clock = clock;
        final FixBuffer constant = new FixBuffer(64);
        constant.soh().field(49, gatewayCompId, 0, gatewayCompId.length).field(56, state.compIdBytes, 0, state.compIdBytes.length).tag(34);
        compIdsAndSeqTag = java.util.Arrays.copyOf(constant.bytes(), constant.length());
    }

    /**
     * Sends a body shared with other sessions; the caller keeps its reference.
     *
     * @param sendingTime SendingTime already formatted ({@link SendingTimeEncoder#LENGTH} bytes)
     */
    void sendShared(final byte msgType, final ByteBuf body, final int bodyLength, final int bodyChecksum, final byte[] sendingTime)
    {
        writeHeaderAndBody(msgType, state.nextSenderSeqNum++, sendingTime, false, body.retainedDuplicate(), bodyLength, bodyChecksum);
    }

    /** Sends a body encoded for this session only (session-level messages, snapshots, rejects). */
    void sendOwned(final byte msgType, final FixBuffer body)
    {
        send(msgType, state.nextSenderSeqNum++, false, body);
    }

    /** Sends a SequenceReset-GapFill (or any message) with an explicit MsgSeqNum and PossDupFlag=Y, not consuming a number. */
    void sendPossDup(final byte msgType, final int msgSeqNum, final FixBuffer body)
    {
        send(msgType, msgSeqNum, true, body);
    }

    /** Messages queued but not yet written to the socket. */
    int pendingMessages()
    {
        final ChannelOutboundBuffer outbound = channel.unsafe().outboundBuffer();
        return (outbound == null ? 0 : outbound.size() / BUFFERS_PER_MESSAGE) + unflushedMessages;
    }

    int unflushedMessages()
    {
        return unflushedMessages;
    }

    void flush()
    {
        if (unflushedMessages > 0)
        {
            unflushedMessages = 0;
            channel.flush();
        }
    }

    private void send(final byte msgType, final int msgSeqNum, final boolean possDup, final FixBuffer body)
    {
        time.reset();
        timeEncoder.append(time, clock.nanoTime());
        final ByteBuf bodyBuffer = channel.alloc().directBuffer(Math.max(1, body.length()));
        bodyBuffer.writeBytes(body.bytes(), 0, body.length());
        writeHeaderAndBody(msgType, msgSeqNum, time.bytes(), possDup, bodyBuffer, body.length(), body.checksum());
    }

    private void writeHeaderAndBody(
        final byte msgType, final int msgSeqNum, final byte[] sendingTime, final boolean possDup,
        final ByteBuf body, final int bodyLength, final int bodyChecksum)
    {
        final int checksum = encodeHeader(msgType, msgSeqNum, sendingTime, possDup, bodyLength) + bodyChecksum;
        final int headerLength = head.length() + tail.length();
        final ByteBuf header = channel.alloc().directBuffer(headerLength);
        header.writeBytes(head.bytes(), 0, head.length()).writeBytes(tail.bytes(), 0, tail.length());
        final Channel.Unsafe unsafe = channel.unsafe();
        unsafe.write(header, voidPromise);
        unsafe.write(body, voidPromise);
        unsafe.write(trailers.trailer(checksum), voidPromise);
        unflushedMessages++;
        counters.onMessageOut(headerLength + bodyLength + Trailers.LENGTH);
    }

    /**
     * Encodes this session's header for a message into {@code head} (8, 9) and {@code tail} (35,
     * 49, 56, 34, 52 [, 43, 122]). @return the byte sum of both, to add to the body's for CheckSum.
     */
    int encodeHeader(final byte msgType, final int msgSeqNum, final byte[] sendingTime, final boolean possDup, final int bodyLength)
    {
        tail.reset().tag(35);
        tail.appendBytes(ONE_BYTE[msgType & 0x7F], 0, 1)
            .appendBytes(compIdsAndSeqTag, 0, compIdsAndSeqTag.length).appendLong(msgSeqNum)
            .appendBytes(SENDING_TIME_TAG, 0, SENDING_TIME_TAG.length).appendBytes(sendingTime, 0, SendingTimeEncoder.LENGTH).soh();
        if (possDup)
        {
            tail.appendBytes(POSS_DUP, 0, POSS_DUP.length).appendBytes(sendingTime, 0, SendingTimeEncoder.LENGTH).soh();
        }
        head.reset().appendBytes(BEGIN_STRING, 0, BEGIN_STRING.length).appendLong(tail.length() + bodyLength).soh();
        return head.checksum() + tail.checksum();
    }
}
