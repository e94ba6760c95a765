package io.kairos.fix.delivery;

import org.agrona.DirectBuffer;

import io.kairos.fix.wire.FixTags;
import uk.co.real_logic.artio.session.Session;

/**
 * Makes a refused SequenceReset (35=4) consume its MsgSeqNum, like every other message the venue rejects, on this port
 * as on the market-data port. Artio answers a SequenceReset whose NewSeqNo (36) is below the expected number with
 * Reject 373=5 but leaves the expected number where it was (FIX's conformance case 11c for reset mode), so a client
 * that numbers its messages normally got a ResendRequest for the refused message instead of an answer to its next one.
 * Applies only when the SequenceReset carried exactly the expected MsgSeqNum: a reset with any
 * other number is refused or applied without consuming anything. Stateless, allocation-free; library thread.
 */
public final class RefusedSequenceResets
{
    private RefusedSequenceResets()
    {
    }

    /**
     * Called after Artio's session layer handled the SequenceReset in {@code buffer}.
     * @return true when Artio refused it and its MsgSeqNum is now consumed.
     */
    public static boolean consumeIfRefused(
        final DirectBuffer buffer, final int offset, final int length, final Session session)
    {
        final int msgSeqNum = MsgSeqNums.of(buffer, offset, length);
        final int newSeqNo = MsgSeqNums.signedField(buffer, offset, length, FixTags.NEW_SEQ_NO);
        // refused iff NewSeqNo is below the expected number, which Artio then left unchanged at msgSeqNum
        final boolean refused = msgSeqNum != MsgSeqNums.MISSING && newSeqNo != MsgSeqNums.MISSING &&
            msgSeqNum == session.lastReceivedMsgSeqNum() + 1 && newSeqNo < msgSeqNum;
        if (refused)
        {
            session.lastReceivedMsgSeqNum(msgSeqNum);
        }
        return refused;
    }
}
