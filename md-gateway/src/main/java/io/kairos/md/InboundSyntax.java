package io.kairos.md;

import io.kairos.fix.wire.FixFieldIndex;

/**
 * What the session rejects in a frame's fields (Reject 35=3, SessionRejectReason 373) beyond what fix-wire's
 * {@link FixFieldIndex} refuses: the index stops at a field whose tag is not a number, and keeps tag 0, empty values
 * and fields past its capacity for its user to judge. This session judges them in frame order, the first one wins:
 * tag 0 is an invalid tag number (373=0), an empty value a tag without value (373=4), more fields than the index
 * holds too many (answered as 373=0). Owned by the session's event loop.
 */
final class InboundSyntax
{
    static final int OK = 0;
    /** A field's tag is empty, 0 or not a number (Reject 373=0). */
    static final int INVALID_TAG_NUMBER = -1;
    /** A field has no value (Reject 373=4). */
    static final int TAG_WITHOUT_VALUE = -2;
    /** More fields than {@link #MAX_FIELDS}. */
    static final int TOO_MANY_FIELDS = -3;
    static final int MAX_FIELDS = 1024;

    private int errorTag;

    /**
     * @param indexed what {@link FixFieldIndex#index} answered for the frame
     * @return {@link #OK} or the first fault in frame order
     */
    int check(final FixFieldIndex fields, final int indexed)
    {
        errorTag = 0;
        for (int i = 0; i < fields.count(); i++)
        {
            if (fields.tag(i) == 0)
            {
                return INVALID_TAG_NUMBER;
            }
            if (fields.length(i) == 0)
            {
                errorTag = fields.tag(i);
                return TAG_WITHOUT_VALUE;
            }
        }
        if (fields.truncated())
        {
            return TOO_MANY_FIELDS;
        }
        if (indexed != FixFieldIndex.OK)
        {
            errorTag = fields.errorTag();
            return INVALID_TAG_NUMBER;
        }
        return OK;
    }

    /** The tag of the field at fault after a failed {@link #check}, 0 when unknown. */
    int errorTag()
    {
        return errorTag;
    }
}
