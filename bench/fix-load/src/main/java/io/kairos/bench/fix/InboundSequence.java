package io.kairos.bench.fix;

/**
 * The MsgSeqNum (34) a lean session expects next from its peer, and what it saw instead: gaps (a number above the
 * expected one, counted with the messages it skipped) and numbers too low without PossDupFlag. The client keeps no
 * message store and sends no ResendRequest: it counts and carries on from the number it saw. Owned by the receiver
 * thread; the counts are read after it has been joined.
 */
final class InboundSequence
{
    private long expected = 1;
    private long gaps;
    private long missingMessages;
    private long tooLow;

    /** One inbound message with MsgSeqNum {@code seq} (not a number: below any expected one). */
    void check(final long seq, final boolean possDup)
    {
        if (seq == expected)
        {
            expected++;
        }
        else if (seq > expected)
        {
            gaps++;
            missingMessages += seq - expected;
            expected = seq + 1;
        }
        else if (!possDup)
        {
            tooLow++;
        }
    }

    /** SequenceReset: the next inbound message carries NewSeqNo (36), when it is a number above zero. */
    void reset(final long newSeqNo)
    {
        if (newSeqNo > 0)
        {
            expected = newSeqNo;
        }
    }

    long gaps()
    {
        return gaps;
    }

    long missingMessages()
    {
        return missingMessages;
    }

    long tooLow()
    {
        return tooLow;
    }
}
