package io.kairos.fix;

import org.agrona.DirectBuffer;

/**
 * Reads MsgSeqNum (34) from the raw bytes of a message Artio already framed and validated. Pure, allocation-free.
 */
final class MsgSeqNums
{
    /** Returned when the message has no readable MsgSeqNum. */
    static final int MISSING = Integer.MAX_VALUE;
    private static final byte SOH = 1;

    private MsgSeqNums()
    {
    }

    /** @return the message's MsgSeqNum, or {@link #MISSING} (which never counts as stale). */
    static int of(final DirectBuffer buffer, final int offset, final int length)
    {
        final int end = offset + length;
        for (int i = offset; i + 3 < end; i++)
        {
            if (buffer.getByte(i) == SOH && buffer.getByte(i + 1) == '3' && buffer.getByte(i + 2) == '4' &&
                buffer.getByte(i + 3) == '=')
            {
                long value = 0;
                int j = i + 4;
                for (; j < end && buffer.getByte(j) >= '0' && buffer.getByte(j) <= '9' && value <= Integer.MAX_VALUE; j++)
                {
                    value = value * 10 + buffer.getByte(j) - '0';
                }
                return j > i + 4 && j < end && buffer.getByte(j) == SOH && value < MISSING ? (int)value : MISSING;
            }
        }
        return MISSING;
    }
}
