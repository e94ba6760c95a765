package io.kairos.md;

/**
 * The FIX 4.4 reject reasons the market-data session answers with: SessionRejectReason (373) of a Reject (35=3) and
 * BusinessRejectReason (380) of a BusinessMessageReject (35=j). Constants; thread-safe.
 */
final class RejectReasons
{
    static final int INVALID_TAG_NUMBER = 0;
    static final int REQUIRED_TAG_MISSING = 1;
    static final int TAG_WITHOUT_VALUE = 4;
    static final int VALUE_INCORRECT = 5;
    static final int INCORRECT_DATA_FORMAT = 6;
    static final int COMP_ID_PROBLEM = 9;
    static final int INVALID_MSG_TYPE = 11;
    /** NumInGroup does not match the group's entries. */
    static final int INCORRECT_NUM_IN_GROUP = 16;
    /** BusinessRejectReason 3: unsupported message type. */
    static final int BUSINESS_UNSUPPORTED_MSG_TYPE = 3;

    private RejectReasons()
    {
    }
}
