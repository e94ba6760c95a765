package io.kairos.fix;

import io.kairos.fix.codecs.builder.BusinessMessageRejectEncoder;
import io.kairos.fix.codecs.builder.RejectEncoder;
import uk.co.real_logic.artio.session.Session;

/**
 * Sends session-level Rejects (35=3) for malformed messages and BusinessMessageRejects (35=j) for
 * messages the gateway does not serve. Preallocated encoders: allocation-free. Owned by the library thread.
 */
final class SessionRejectWriter
{
    /** FIX 380 BusinessRejectReason: unsupported message type. */
    static final int UNSUPPORTED_MESSAGE_TYPE = 3;
    /** FIX 380 BusinessRejectReason: application not available. */
    static final int APPLICATION_NOT_AVAILABLE = 4;
    /** BusinessRejectReason (380) 6: the sender may not send this message (a drop-copy session's orders). */
    static final int NOT_AUTHORIZED = 6;

    private final RejectEncoder reject = new RejectEncoder();
    private final BusinessMessageRejectEncoder businessReject = new BusinessMessageRejectEncoder();

    /**
     * @param sessionRejectReason FIX 373
     * @param refTagId            FIX 371, 0 when no tag is at fault
     * @return Artio's send position
     */
    long sendReject(
        final Session session, final int refSeqNum, final char[] refMsgType, final int refMsgTypeLength,
        final int refTagId, final int sessionRejectReason, final CharSequence text)
    {
        reject.reset();
        reject.refSeqNum(refSeqNum).refMsgType(refMsgType, refMsgTypeLength).sessionRejectReason(sessionRejectReason);
        if (refTagId > 0)
        {
            reject.refTagID(refTagId);
        }
        if (text != null)
        {
            reject.text(text);
        }
        return session.trySend(reject);
    }

    /** @param reason FIX 380. @return Artio's send position. */
    long sendBusinessReject(
        final Session session, final int refSeqNum, final char[] refMsgType, final int refMsgTypeLength,
        final int reason, final CharSequence text)
    {
        businessReject.reset();
        businessReject.refSeqNum(refSeqNum).refMsgType(refMsgType, refMsgTypeLength)
            .businessRejectReason(reason).text(text);
        return session.trySend(businessReject);
    }
}
