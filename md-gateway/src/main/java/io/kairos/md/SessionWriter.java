package io.kairos.md;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Writes FIX messages to one session's channel. Messages are copied, header (8, 9, 35, 49, 56, 34, 52), body and
 * trailer (10), into the session's batch, a pooled direct buffer that each flush hands to the channel as one write
 * and that is reused once the channel has written it (a buffer still queued behind a slow socket is left to the
 * channel, and a new one taken). A shared body (fan-out) is encoded once per view update and copied into each subscriber's
 * batch; only the ~90-byte header is encoded per session, and the checksum is the header's sum plus the body's
 * precomputed sum. Why a copy and not the zero-copy gathering write this used to do (header buffer, retained body
 * duplicate, trailer duplicate: three outbound entries a message): at 20,000 orders/s with ten subscribers those
 * were ~1 M pooled-buffer and outbound-entry recyclings a second, a third of the event loop; copying ~250 bytes
 * costs less (bench/README.md, "Market data fan-out"). Owned by the gateway's event loop.
 */
final class SessionWriter
{
    /** A batch is flushed before it passes this size (a message larger than this goes alone). */
    static final int BATCH_BYTES = 16 * 1024;
    /**
     * A new batch starts this small and grows as messages are added: a batch queued behind a slow socket holds about
     * what it carries, not {@link #BATCH_BYTES} (a stalled subscriber queues one batch per update until it is cut off).
     */
    static final int FIRST_BATCH_BYTES = 1024;
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
    private ByteBuf batch;
    /** The batch was handed to the channel and may still be queued there: nothing more may be written into it. */
    private boolean batchHandedOver;
    private int unflushedMessages;
    private long bytesHandedOver;
    private long messagesHandedOver;

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
     * Sends a body shared with other sessions (copied; the caller keeps its buffer).
     *
     * @param sendingTime SendingTime already formatted ({@link SendingTimeEncoder#LENGTH} bytes)
     */
    void sendShared(final byte msgType, final byte[] body, final int bodyLength, final int bodyChecksum, final byte[] sendingTime)
    {
        final int headerSum = beginMessage(msgType, state.nextSenderSeqNum++, sendingTime, false, bodyLength);
        batch.writeBytes(body, 0, bodyLength);
        endMessage(headerSum + bodyChecksum, bodyLength);
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

    /**
     * Messages queued but not yet written to the socket: those of the open batch, plus an estimate of those in the
     * channel's queue — batches are queued as bytes, so their messages are counted at this session's mean message
     * size. (The slow-consumer limit this feeds is a safety valve; a few messages either way do not matter.)
     */
    int pendingMessages()
    {
        final ChannelOutboundBuffer outbound = channel.unsafe().outboundBuffer();
        final long queuedBytes = outbound == null ? 0 : outbound.totalPendingWriteBytes();
        final long queued = queuedBytes == 0 || bytesHandedOver == 0 ? 0 :
            (long)Math.ceil(queuedBytes * ((double)messagesHandedOver / bytesHandedOver));
        return (int)Math.min(Integer.MAX_VALUE, queued + unflushedMessages);
    }

    int unflushedMessages()
    {
        return unflushedMessages;
    }

    /** Hands the open batch to the channel and flushes it to the socket. */
    void flush()
    {
        if (unflushedMessages == 0)
        {
            return;
        }
        bytesHandedOver += batch.readableBytes();
        messagesHandedOver += unflushedMessages;
        unflushedMessages = 0;
        batchHandedOver = true;
        channel.unsafe().write(batch.retain(), voidPromise); // the channel releases its reference once written
        channel.flush();
    }

    /** Frees the open batch of a session whose channel has closed (nothing will flush it). */
    void release()
    {
        if (batch != null)
        {
            batch.release();
            batch = null;
            batchHandedOver = false;
            unflushedMessages = 0;
        }
    }

    private void send(final byte msgType, final int msgSeqNum, final boolean possDup, final FixBuffer body)
    {
        time.reset();
        timeEncoder.append(time, clock.nanoTime());
        final int headerSum = beginMessage(msgType, msgSeqNum, time.bytes(), possDup, body.length());
        batch.writeBytes(body.bytes(), 0, body.length());
        endMessage(headerSum + body.checksum(), body.length());
    }

    /** Encodes the header into the batch (first flushing a batch without room for the whole message). */
    private int beginMessage(
        final byte msgType, final int msgSeqNum, final byte[] sendingTime, final boolean possDup, final int bodyLength)
    {
        final int headerSum = encodeHeader(msgType, msgSeqNum, sendingTime, possDup, bodyLength);
        final int messageLength = head.length() + tail.length() + bodyLength + Trailers.LENGTH;
        if (unflushedMessages > 0 && batch.readableBytes() + messageLength > BATCH_BYTES)
        {
            flush();
        }
        if (batchHandedOver)
        {
            reclaimBatch();
        }
        if (batch == null)
        {
            batch = channel.alloc().directBuffer(FIRST_BATCH_BYTES);
        }
        batch.ensureWritable(messageLength); // pooled reallocation while a new batch grows; none once it is reused
        batch.writeBytes(head.bytes(), 0, head.length()).writeBytes(tail.bytes(), 0, tail.length());
        return headerSum;
    }

    /** Reuses the handed-over batch if the channel has written and released it, else leaves it to the channel. */
    private void reclaimBatch()
    {
        batchHandedOver = false;
        if (batch.refCnt() == 1)
        {
            batch.clear();
        }
        else
        {
            batch.release();
            batch = null;
        }
    }

    private void endMessage(final int checksum, final int bodyLength)
    {
        trailers.write(batch, checksum);
        unflushedMessages++;
        counters.onMessageOut(head.length() + tail.length() + bodyLength + Trailers.LENGTH);
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
