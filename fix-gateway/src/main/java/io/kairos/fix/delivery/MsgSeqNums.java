package io.kairos.fix.delivery;

import org.agrona.DirectBuffer;

import io.kairos.fix.wire.FixFieldScan;
import io.kairos.fix.wire.FixTags;

/**
 * Reads MsgSeqNum (34), or another sequence-number field such as NewSeqNo (36), from the raw bytes of a message Artio
 * already framed and validated, through {@link FixFieldScan}. Pure, allocation-free; any thread (the library thread
 * reads inbound messages).
 */
public final class MsgSeqNums
{
    /** Returned when the message has no readable MsgSeqNum. */
    static final int MISSING = FixFieldScan.NOT_AN_INT;

    private MsgSeqNums()
    {
    }

    /** @return the message's MsgSeqNum, or {@link #MISSING} (which never counts as stale). */
    public static int of(final DirectBuffer buffer, final int offset, final int length)
    {
        return field(buffer, offset, length, FixTags.MSG_SEQ_NUM);
    }

    /** @return the first value of {@code tag} as a number in [0, 2^31 - 1), or {@link #MISSING}. */
    static int field(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        return FixFieldScan.intValue(buffer, offset, length, tag);
    }

    /** @return the first value of {@code tag} as a number in (-2^31 + 1, 2^31 - 1), or {@link #MISSING}. */
    static int signedField(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        return FixFieldScan.signedIntValue(buffer, offset, length, tag);
    }
}
