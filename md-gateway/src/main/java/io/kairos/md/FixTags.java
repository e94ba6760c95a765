package io.kairos.md;

/** TEMPORARY until fix-wire is merged: the FIX tags md-gateway names. */
final class FixTags
{
    static final int BEGIN_SEQ_NO = 7;
    static final int END_SEQ_NO = 16;
    static final int MSG_SEQ_NUM = 34;
    static final int MSG_TYPE = 35;
    static final int NEW_SEQ_NO = 36;
    static final int ORDER_ID = 37;
    static final int POSS_DUP_FLAG = 43;
    static final int REF_SEQ_NUM = 45;
    static final int SENDER_COMP_ID = 49;
    static final int SENDING_TIME = 52;
    static final int SYMBOL = 55;
    static final int TARGET_COMP_ID = 56;
    static final int TEXT = 58;
    static final int RPT_SEQ = 83;
    static final int ENCRYPT_METHOD = 98;
    static final int HEART_BT_INT = 108;
    static final int TEST_REQ_ID = 112;
    static final int GAP_FILL_FLAG = 123;
    static final int RESET_SEQ_NUM_FLAG = 141;
    static final int NO_RELATED_SYM = 146;
    static final int MD_REQ_ID = 262;
    static final int SUBSCRIPTION_REQUEST_TYPE = 263;
    static final int MARKET_DEPTH = 264;
    static final int MD_UPDATE_TYPE = 265;
    static final int AGGREGATED_BOOK = 266;
    static final int NO_MD_ENTRY_TYPES = 267;
    static final int NO_MD_ENTRIES = 268;
    static final int MD_ENTRY_TYPE = 269;
    static final int MD_ENTRY_PX = 270;
    static final int MD_ENTRY_SIZE = 271;
    static final int MD_ENTRY_ID = 278;
    static final int MD_UPDATE_ACTION = 279;
    static final int MD_REQ_REJ_REASON = 281;
    static final int NUMBER_OF_ORDERS = 346;
    static final int REF_TAG_ID = 371;
    static final int REF_MSG_TYPE = 372;
    static final int SESSION_REJECT_REASON = 373;
    static final int BUSINESS_REJECT_REASON = 380;
    static final int USERNAME = 553;
    static final int PASSWORD = 554;
    static final int ENGINE_IN_NS = 21002;
    static final int ENGINE_OUT_NS = 21003;

    private FixTags()
    {
    }
}
