package io.kairos.md;

import static io.kairos.fix.wire.FixTags.BEGIN_SEQ_NO;
import static io.kairos.fix.wire.FixTags.END_SEQ_NO;
import static io.kairos.fix.wire.FixTags.GAP_FILL_FLAG;
import static io.kairos.fix.wire.FixTags.MSG_SEQ_NUM;
import static io.kairos.fix.wire.FixTags.MSG_TYPE;
import static io.kairos.fix.wire.FixTags.NEW_SEQ_NO;
import static io.kairos.fix.wire.FixTags.POSS_DUP_FLAG;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

/**
 * The sequence-number rules of one logged-on session: inbound MsgSeqNum (34) in sequence, too high (one
 * ResendRequest per gap), too low (Logout unless PossDupFlag), SequenceReset in both modes; and the peer's
 * ResendRequest, answered with a SequenceReset-GapFill (market data is never replayed). The expected number lives in
 * the session's {@link SessionState} (it outlives the connection); whether a ResendRequest is outstanding lives here
 * (it does not). Replies go out through its {@link FixSession}. One per session, owned by the gateway's event loop.
 */
final class SessionSequence
{
    private final FixSession session;
    private final FixFieldIndex message;
    private SessionState state;
    private boolean resendRequested;

    SessionSequence(final FixSession session, final FixFieldIndex message)
    {
        this.session = session;
        this.message = message;
    }

    /** An accepted Logon with MsgSeqNum {@code seq}: a gap asks for a resend, else the Logon's number is used. */
    void onLogon(final SessionState loggedOn, final long seq)
    {
        state = loggedOn;
        if (seq > state.nextTargetSeqNum)
        {
            resendRequested = true;
            sendResendRequest();
        }
        else
        {
            state.nextTargetSeqNum++;
        }
    }

    /** @return true when the message {@code seq} numbers is the expected one (consumed); otherwise it is handled. */
    boolean accept(final long seq)
    {
        if (seq == FixFieldIndex.NOT_A_NUMBER)
        {
            session.logoutAndClose("MsgSeqNum(34) missing or invalid", true);
            return false;
        }
        if (seq > state.nextTargetSeqNum)
        {
            if (!resendRequested)
            {
                resendRequested = true;
                sendResendRequest();
            }
            return message.charValue(MSG_TYPE) == MsgTypes.LOGOUT && handleLogoutDuringGap();
        }
        if (seq < state.nextTargetSeqNum)
        {
            if (message.charValue(POSS_DUP_FLAG) != 'Y')
            {
                session.logoutAndClose(
                    "MsgSeqNum too low, expecting " + state.nextTargetSeqNum + " but received " + seq, true);
            }
            return false;
        }
        state.nextTargetSeqNum++;
        resendRequested = false;
        return true;
    }

    /** A message that failed to parse consumes its MsgSeqNum when that is the expected one. @return true if it did. */
    boolean consumeIfExpected(final long seq)
    {
        if (seq != FixFieldIndex.NOT_A_NUMBER && seq == state.nextTargetSeqNum)
        {
            state.nextTargetSeqNum++;
            return true;
        }
        return false;
    }

    /** ResendRequest (2): whatever was asked for is skipped with one SequenceReset-GapFill to our next number. */
    void onResendRequest(final long seq)
    {
        final long begin = message.longValue(BEGIN_SEQ_NO);
        final long end = message.longValue(END_SEQ_NO);
        if (begin == FixFieldIndex.NOT_A_NUMBER || end == FixFieldIndex.NOT_A_NUMBER || begin < 1)
        {
            session.reject(seq, begin == FixFieldIndex.NOT_A_NUMBER || begin < 1 ? BEGIN_SEQ_NO : END_SEQ_NO, "2",
                RejectReasons.VALUE_INCORRECT, "BeginSeqNo(7) and EndSeqNo(16) must be numbers, BeginSeqNo >= 1");
            return;
        }
        if (begin < state.nextSenderSeqNum)
        {
            session.sendPossDup(MsgTypes.SEQUENCE_RESET, (int)begin,
                session.scratch().reset().field(GAP_FILL_FLAG, 'Y').field(NEW_SEQ_NO, state.nextSenderSeqNum));
        }
    }

    /** SequenceReset-GapFill (123=Y), in sequence: NewSeqNo must lie past the message's own MsgSeqNum. */
    void onGapFill(final long seq)
    {
        final long newSeq = message.longValue(NEW_SEQ_NO);
        if (newSeq == FixFieldIndex.NOT_A_NUMBER)
        {
            session.reject(seq, NEW_SEQ_NO, "4", RejectReasons.REQUIRED_TAG_MISSING, "NewSeqNo(36) missing");
        }
        else if (newSeq <= seq)
        {
            session.reject(seq, NEW_SEQ_NO, "4", RejectReasons.VALUE_INCORRECT,
                "NewSeqNo(36) must be above MsgSeqNum " + seq + ", was " + newSeq);
        }
        else if (newSeq > state.nextTargetSeqNum)
        {
            state.nextTargetSeqNum = newSeq;
        }
    }

    /**
     * SequenceReset-Reset: its MsgSeqNum is ignored when it is applied (FIX). NewSeqNo must be a number no lower than
     * the expected MsgSeqNum (FIX: never lower it). A refused one is answered with Reject 373=5 and, like every message
     * the venue rejects (and as on the order-entry port), consumes its MsgSeqNum when that is the expected one.
     */
    void onSequenceReset()
    {
        final long seq = message.longValue(MSG_SEQ_NUM);
        final long newSeq = message.longValue(NEW_SEQ_NO);
        if (newSeq == FixFieldIndex.NOT_A_NUMBER || newSeq < state.nextTargetSeqNum)
        {
            final long expected = state.nextTargetSeqNum;
            if (seq == expected)
            {
                state.nextTargetSeqNum++;
            }
            session.reject(seq == FixFieldIndex.NOT_A_NUMBER ? 0 : seq, NEW_SEQ_NO, "4", RejectReasons.VALUE_INCORRECT,
                newSeq == FixFieldIndex.NOT_A_NUMBER ? "NewSeqNo(36) missing or invalid" :
                "NewSeqNo(36) must not be below the expected MsgSeqNum " + expected);
            return;
        }
        state.nextTargetSeqNum = newSeq;
        resendRequested = false;
    }

    private boolean handleLogoutDuringGap()
    {
        session.logoutAndClose("logout acknowledged", true);
        return false;
    }

    /** ResendRequest (2) for everything from the expected MsgSeqNum on (16=0: to infinity). */
    private void sendResendRequest()
    {
        final FixWriter out = session.scratch();
        session.send(MsgTypes.RESEND_REQUEST,
            out.reset().field(BEGIN_SEQ_NO, state.nextTargetSeqNum).field(END_SEQ_NO, 0));
    }
}
