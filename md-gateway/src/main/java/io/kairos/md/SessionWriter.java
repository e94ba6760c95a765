package io.kairos.md;

import static io.kairos.fix.wire.FixTags.BODY_LENGTH;
import static io.kairos.fix.wire.FixTags.MSG_SEQ_NUM;
import static io.kairos.fix.wire.FixTags.MSG_TYPE;
import static io.kairos.fix.wire.FixTags.ORIG_SENDING_TIME;
import static io.kairos.fix.wire.FixTags.POSS_DUP_FLAG;
import static io.kairos.fix.wire.FixTags.SENDER_COMP_ID;
import static io.kairos.fix.wire.FixTags.SENDING_TIME;
import static io.kairos.fix.wire.FixTags.TARGET_COMP_ID;

import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.FixWriter;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Encodes one session's messages: its header (8, 9, 35, 49, 56, 34, 52 [, 43, 122]) around a body, the sender
 * sequence number, and the checksum, handed with the body to the connection's {@link OutboundBatch}. A shared body
 * (fan-out) is encoded once per view update and copied into each subscriber's batch; only the ~90-byte header is
 * encoded per session, and the checksum is the header's sum plus the body's precomputed sum. A batched incremental's
 * body arrives in parts ({@link #beginShared}, {@link #bodyPart}, {@link #endShared}). Netty-free. Owned by the
 * gateway's event loop.
 */
final class SessionWriter
{
    private static final byte[] BEGIN_STRING =
        new FixWriter(16).field(FixTags.BEGIN_STRING, "FIX.4.4").tag(BODY_LENGTH).toBytes();
    private static final byte[] SENDING_TIME_TAG = new FixWriter(8).soh().tag(SENDING_TIME).toBytes();
    private static final byte[] POSS_DUP = new FixWriter(16).field(POSS_DUP_FLAG, 'Y').tag(ORIG_SENDING_TIME).toBytes();
    private static final byte[][] ONE_BYTE = new byte[128][];

    static
    {
        for (int i = 0; i < ONE_BYTE.length; i++)
        {
            ONE_BYTE[i] = new byte[] {(byte)i};
        }
    }

    private final OutboundBatch output;
    private final SessionState state;
    private final MdCounters counters;
    private final EpochNanoClock clock;
    private final SendingTimeEncoder timeEncoder = new SendingTimeEncoder();
    private final FixWriter head = new FixWriter(32);
    private final FixWriter tail = new FixWriter(160);
    private final FixWriter time = new FixWriter(SendingTimeEncoder.LENGTH);
    private final byte[] compIdsAndSeqTag;

    SessionWriter(
        final OutboundBatch output, final byte[] gatewayCompId, final SessionState state, final MdCounters counters,
        final EpochNanoClock clock)
    {
        this.output = output;
        this.state = state;
        this.counters = counters;
        this.clock = clock;
        final FixWriter constant = new FixWriter(64);
        constant.soh().field(SENDER_COMP_ID, gatewayCompId, 0, gatewayCompId.length)
            .field(TARGET_COMP_ID, state.compIdBytes, 0, state.compIdBytes.length).tag(MSG_SEQ_NUM);
        compIdsAndSeqTag = constant.toBytes();
    }

    /**
     * Sends a body shared with other sessions (copied; the caller keeps its buffer).
     *
     * @param sendingTime SendingTime already formatted ({@link SendingTimeEncoder#LENGTH} bytes)
     */
    void sendShared(
        final byte msgType, final byte[] body, final int bodyLength, final int bodyChecksum, final byte[] sendingTime)
    {
        final int headerSum = encodeHeader(msgType, state.nextSenderSeqNum++, sendingTime, false, bodyLength);
        append(body, bodyLength, headerSum + bodyChecksum);
    }

    /**
     * Starts a message whose body, shared with other sessions, follows in parts ({@link #bodyPart}, then
     * {@link #endShared}): the header goes into the batch now.
     *
     * @param sendingTime SendingTime already formatted ({@link SendingTimeEncoder#LENGTH} bytes)
     * @param bodyLength  the length of all the parts together
     * @return the header's byte sum, to add to the body's for CheckSum
     */
    int beginShared(final byte msgType, final byte[] sendingTime, final int bodyLength)
    {
        final int headerSum = encodeHeader(msgType, state.nextSenderSeqNum++, sendingTime, false, bodyLength);
        output.begin(head, tail, bodyLength);
        return headerSum;
    }

    /** Copies the next part of the body begun by {@link #beginShared}. */
    void bodyPart(final byte[] part, final int length)
    {
        output.body(part, 0, length);
    }

    /** Ends the message begun by {@link #beginShared} with the trailer for {@code checksum} (header and body sums). */
    void endShared(final int checksum, final int bodyLength)
    {
        output.end(checksum);
        counters.onMessageOut(head.position() + tail.position() + bodyLength + Trailers.LENGTH);
    }

    /** Sends a body encoded for this session only (session-level messages, snapshots, rejects). */
    void sendOwned(final byte msgType, final FixWriter body)
    {
        send(msgType, state.nextSenderSeqNum++, false, body);
    }

    /**
     * Sends a SequenceReset-GapFill (or any message) with an explicit MsgSeqNum and PossDupFlag=Y, not consuming a
     * number.
     */
    void sendPossDup(final byte msgType, final int msgSeqNum, final FixWriter body)
    {
        send(msgType, msgSeqNum, true, body);
    }

    /** Messages queued but not yet written to the peer ({@link OutboundBatch#pendingMessages()}). */
    int pendingMessages()
    {
        return output.pendingMessages();
    }

    int unflushedMessages()
    {
        return output.unflushedMessages();
    }

    /** Hands the open batch to the transport. */
    void flush()
    {
        output.flush();
    }

    /** Frees the open batch of a session whose connection has closed (nothing will flush it). */
    void release()
    {
        output.release();
    }

    private void send(final byte msgType, final int msgSeqNum, final boolean possDup, final FixWriter body)
    {
        time.reset();
        timeEncoder.append(time, clock.nanoTime());
        final int headerSum = encodeHeader(msgType, msgSeqNum, time.bytes(), possDup, body.position());
        append(body.bytes(), body.position(), headerSum + body.checksum(0, body.position()));
    }

    private void append(final byte[] body, final int bodyLength, final int checksum)
    {
        output.append(head, tail, body, bodyLength, checksum);
        counters.onMessageOut(head.position() + tail.position() + bodyLength + Trailers.LENGTH);
    }

    /**
     * Encodes this session's header for a message into {@code head} (8, 9) and {@code tail} (35,
     * 49, 56, 34, 52 [, 43, 122]). @return the byte sum of both, to add to the body's for CheckSum.
     */
    int encodeHeader(
        final byte msgType, final int msgSeqNum, final byte[] sendingTime, final boolean possDup, final int bodyLength)
    {
        tail.reset().tag(MSG_TYPE);
        tail.bytes(ONE_BYTE[msgType & 0x7F], 0, 1)
            .bytes(compIdsAndSeqTag, 0, compIdsAndSeqTag.length).number(msgSeqNum)
            .bytes(SENDING_TIME_TAG, 0, SENDING_TIME_TAG.length)
            .bytes(sendingTime, 0, SendingTimeEncoder.LENGTH).soh();
        if (possDup)
        {
            tail.bytes(POSS_DUP, 0, POSS_DUP.length).bytes(sendingTime, 0, SendingTimeEncoder.LENGTH).soh();
        }
        head.reset().bytes(BEGIN_STRING, 0, BEGIN_STRING.length).number(tail.position() + bodyLength).soh();
        return head.checksum(0, head.position()) + tail.checksum(0, tail.position());
    }
}
