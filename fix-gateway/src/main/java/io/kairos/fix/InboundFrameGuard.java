package io.kairos.fix;

import static io.kairos.fix.wire.FixFrame.SOH;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixChecksum;
import io.kairos.fix.wire.FixFrame;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.MsgTypes;

/**
 * Watches the bytes a connection receives and says when it has sent more than {@link FixFrame#MAX_FRAME_BYTES} in a
 * row that do not make a whole FIX message ({@code 8=...<SOH>9=len<SOH>} + len bytes + {@code 10=nnn<SOH>} with the
 * right CheckSum). Artio drops such bytes as invalid and reads on for ever, so 10 MB of non-FIX bytes on the
 * order-entry port were read (and archived) without closing the connection; the market-data port closes at the same
 * limit. Any whole message resets the run, so a legitimate message (Artio refuses anything larger than its receive
 * buffer, 16 KiB) never trips it.
 *
 * <p>It also trips on a SequenceReset (35=4, either mode) whose NewSeqNo (36) lies more than
 * {@link #MAX_SEQUENCE_RESET_JUMP} past its MsgSeqNum (34). Why here, before Artio sees it: Artio's inbound replay
 * index writes one record per skipped sequence number when it indexes a SequenceReset, so one message with
 * 36=2147483647 kept the indexer busy for about half a minute of CPU, and every logon and ResendRequest of every
 * session waited for it (reset logons unanswered for more than 10 s). Refusing the message in the session layer comes
 * too late: the indexer reads the archived stream.
 *
 * <p>A streaming state machine: nothing is copied, one step per byte except through the body of a message whose
 * fields need no reading (summed by {@link FixChecksum#sum}), allocation-free. The frame's limits and delimiters are
 * {@link FixFrame}'s. Owned by the framer thread that reads the connection.
 */
public final class InboundFrameGuard
{
    /** How far one SequenceReset may move the sequence number forward (Artio indexes every number it skips). */
    static final int MAX_SEQUENCE_RESET_JUMP = 10_000;
    private static final byte[] CHECKSUM_TAG = {'1', '0', FixFrame.EQUALS};

    private static final int BEGIN_TAG = 0;
    private static final int BEGIN_EQUALS = 1;
    private static final int BEGIN_VALUE = 2;
    private static final int LENGTH_TAG = 3;
    private static final int LENGTH_EQUALS = 4;
    private static final int LENGTH_VALUE = 5;
    private static final int BODY = 6;
    private static final int CHECKSUM_FIELD = 7;
    private static final int CHECKSUM_VALUE = 8;

    private int state = BEGIN_TAG;
    private long unframed;
    private int sum;
    private int count;
    private int bodyLength;
    private int declared;
    private boolean refused;
    private final BodyFields body = new BodyFields();
    /** The bytes being fed, as fix-wire reads them. */
    private final UnsafeBuffer bytes = new UnsafeBuffer(0, 0);

    /**
     * Feeds the bytes {@code [from, to)} of {@code buffer}.
     * @return false once the run of unframed bytes is too long, or a SequenceReset jumped too far.
     */
    public boolean onBytes(final ByteBuffer buffer, final int from, final int to)
    {
        bytes.wrap(buffer);
        int i = from;
        while (i < to && !refused)
        {
            if (state == BODY && body.skipsRest())
            {
                i = sumBody(i, to);
                continue;
            }
            unframed++;
            step(bytes.getByte(i++));
        }
        return !refused && unframed <= FixFrame.MAX_FRAME_BYTES;
    }

    /**
     * The fast path through a body whose fields need no reading (its MsgType, the first field, is not SequenceReset):
     * only the checksum sum, eight bytes a step: this is most of every message, and stepping the state machine through
     * it byte by byte cost several times as much on the framer thread. @return the index after the bytes consumed.
     */
    private int sumBody(final int from, final int to)
    {
        final int end = Math.min(to, from + bodyLength);
        sum += FixChecksum.sum(bytes, from, end);
        unframed += end - from;
        bodyLength -= end - from;
        if (bodyLength == 0)
        {
            state = CHECKSUM_FIELD;
        }
        return end;
    }

    private void step(final byte b)
    {
        switch (state)
        {
            case BEGIN_TAG -> begin(b);
            case BEGIN_EQUALS -> expect(b == FixFrame.EQUALS, BEGIN_VALUE, b);
            case BEGIN_VALUE -> expect(b == SOH ? count > 0 : ++count <= FixFrame.MAX_BEGIN_STRING_LENGTH,
                b == SOH ? LENGTH_TAG : BEGIN_VALUE, b);
            case LENGTH_TAG -> expect(b == '9', LENGTH_EQUALS, b);
            case LENGTH_EQUALS -> expect(b == FixFrame.EQUALS, LENGTH_VALUE, b);
            case LENGTH_VALUE -> lengthDigit(b);
            case BODY ->
            {
                body.onByte(b);
                expect(true, --bodyLength == 0 ? CHECKSUM_FIELD : BODY, b);
            }
            case CHECKSUM_FIELD -> checksumTag(b);
            default -> checksumDigit(b);
        }
    }

    private void begin(final byte b)
    {
        sum = 0;
        count = 0;
        bodyLength = 0;
        if (b == '8')
        {
            sum = b;
            state = BEGIN_EQUALS;
        }
    }

    private void lengthDigit(final byte b)
    {
        if (b >= '0' && b <= '9' && count < FixFrame.MAX_BODY_LENGTH_DIGITS)
        {
            bodyLength = (count++ == 0 ? 0 : bodyLength * 10) + b - '0';
            sum += b;
        }
        else
        {
            count = 0;
            body.reset();
            expect(b == SOH && bodyLength > 0, BODY, b);
        }
    }

    private void checksumTag(final byte b)
    {
        if (b == CHECKSUM_TAG[count])
        {
            if (++count == CHECKSUM_TAG.length)
            {
                count = 0;
                declared = 0;
                state = CHECKSUM_VALUE;
            }
            return;
        }
        restart(b);
    }

    private void checksumDigit(final byte b)
    {
        if (count == 3)
        {
            if (b == SOH && declared == (sum & 0xFF))
            {
                unframed = 0;
                refused = body.isSequenceResetJumpingFurtherThan(MAX_SEQUENCE_RESET_JUMP);
                state = BEGIN_TAG;
                return;
            }
            restart(b);
        }
        else if (b >= '0' && b <= '9')
        {
            declared = declared * 10 + b - '0';
            count++;
        }
        else
        {
            restart(b);
        }
    }

    /** Moves to {@code next} adding {@code b} to the CheckSum when {@code ok}; else looks for a message again. */
    private void expect(final boolean ok, final int next, final byte b)
    {
        if (ok)
        {
            sum += b;
            state = next;
            if (next == LENGTH_TAG || next == BEGIN_VALUE && b == FixFrame.EQUALS)
            {
                count = 0;
            }
            return;
        }
        restart(b);
    }

    private void restart(final byte b)
    {
        state = BEGIN_TAG;
        begin(b);
    }

    /** Reads MsgType (35), MsgSeqNum (34) and NewSeqNo (36) from the body bytes as they pass. */
    private static final class BodyFields
    {
        private static final int NONE = -1;
        private int tag;
        private boolean inValue;
        private long value;
        private boolean numeric;
        private int valueLength;
        private byte firstValueByte;
        private boolean sequenceReset;
        private long msgSeqNum;
        private long newSeqNo;
        private int fields;
        private boolean skipRest;

        void reset()
        {
            tag = 0;
            inValue = false;
            fields = 0;
            skipRest = false;
            sequenceReset = false;
            msgSeqNum = NONE;
            newSeqNo = NONE;
        }

        void onByte(final byte b)
        {
            if (!inValue)
            {
                if (b == FixFrame.EQUALS)
                {
                    inValue = true;
                    value = 0;
                    numeric = true;
                    valueLength = 0;
                }
                else
                {
                    tag = b >= '0' && b <= '9' && tag >= 0 && tag < 100_000 ? tag * 10 + b - '0' : -1;
                }
                return;
            }
            if (b != SOH)
            {
                firstValueByte = valueLength++ == 0 ? b : firstValueByte;
                numeric &= b >= '0' && b <= '9' && value <= Integer.MAX_VALUE;
                value = numeric ? value * 10 + b - '0' : value;
                return;
            }
            onField();
            fields++;
            tag = 0;
            inValue = false;
        }

        private void onField()
        {
            final boolean number = numeric && valueLength > 0;
            switch (tag)
            {
                case FixTags.MSG_TYPE ->
                {
                    sequenceReset = valueLength == 1 && firstValueByte == MsgTypes.SEQUENCE_RESET;
                    // MsgType comes first in a well-formed body: when it is not SequenceReset, nothing else matters
                    skipRest = fields == 0 && !sequenceReset;
                }
                case FixTags.MSG_SEQ_NUM -> msgSeqNum = number ? value : NONE;
                case FixTags.NEW_SEQ_NO -> newSeqNo = number ? value : NONE;
                default ->
                {
                }
            }
        }

        /**
         * True once the body's first field showed a MsgType other than SequenceReset: its other fields are not read.
         */
        boolean skipsRest()
        {
            return skipRest;
        }

        boolean isSequenceResetJumpingFurtherThan(final int maxJump)
        {
            // a NewSeqNo past 2^31 - 1 is no int: Artio rejects it (373=6) and indexes nothing
            return sequenceReset && newSeqNo != NONE && newSeqNo <= Integer.MAX_VALUE &&
                newSeqNo - Math.max(0, msgSeqNum) > maxJump;
        }
    }
}
