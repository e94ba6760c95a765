package io.kairos.fix.delivery;

import org.agrona.DirectBuffer;

/**
 * Reads MsgSeqNum (34), or another sequence-number field such as NewSeqNo (36), from the raw bytes of a message Artio
 * already framed and validated. Pure, allocation-free; any thread (the library thread reads inbound messages).
 */
public final class MsgSeqNums
{
    /** Returned when the message has no readable MsgSeqNum. */
    static final int MISSING = Integer.MAX_VALUE;
    static final int MSG_SEQ_NUM = 34;
    static final int NEW_SEQ_NO = 36;
    private static final byte SOH = 1;

    private MsgSeqNums()
    {
    }

    /** @return the message's MsgSeqNum, or {@link #MISSING} (which never counts as stale). */
    public static int of(final DirectBuffer buffer, final int offset, final int length)
    {
        return field(buffer, offset, length, MSG_SEQ_NUM);
    }

    /** @return the first value of {@code tag} as a number in [0, 2^31 - 1), or {@link #MISSING}. */
    static int field(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int start = valueStart(buffer, offset, length, tag);
        return start < 0 ? MISSING : natural(buffer, start, offset + length);
    }

    /** @return the first value of {@code tag} as a number in (-2^31 + 1, 2^31 - 1), or {@link #MISSING}. */
    static int signedField(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int start = valueStart(buffer, offset, length, tag);
        if (start < 0)
        {
            return MISSING;
        }
        if (buffer.getByte(start) != '-')
        {
            return natural(buffer, start, offset + length);
        }
        final int magnitude = natural(buffer, start + 1, offset + length);
        return magnitude == MISSING ? MISSING : -magnitude;
    }

    private static int natural(final DirectBuffer buffer, final int start, final int end)
    {
        long value = 0;
        int j = start;
        for (; j < end && buffer.getByte(j) >= '0' && buffer.getByte(j) <= '9' && value <= Integer.MAX_VALUE; j++)
        {
            value = value * 10 + buffer.getByte(j) - '0';
        }
        return j > start && j < end && buffer.getByte(j) == SOH && value < MISSING ? (int)value : MISSING;
    }

    /** @return the index of the first byte of the value of {@code tag}, or -1 when the message has no such field. */
    private static int valueStart(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int end = offset + length;
        for (int i = offset; i < end; i++)
        {
            if (buffer.getByte(i) != SOH)
            {
                continue;
            }
            int j = i + 1;
            int parsed = 0;
            while (j < end && buffer.getByte(j) >= '0' && buffer.getByte(j) <= '9' && parsed <= tag)
            {
                parsed = parsed * 10 + buffer.getByte(j) - '0';
                j++;
            }
            if (parsed == tag && j > i + 1 && j < end && buffer.getByte(j) == '=')
            {
                return j + 1;
            }
        }
        return -1;
    }
}
