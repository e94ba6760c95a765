package io.kairos.fix.wire;

/**
 * FIX 4.4 tag numbers the venue's FIX code names (session, order entry, market data), and the Kairos latency stamps
 * (see DESIGN.md, "Latency, defined"). Named as in the FIX 4.4 dictionary. Constants; thread-safe.
 */
public final class FixTags
{
    // ---- standard header, trailer, session ----
    public static final int BEGIN_STRING = 8;
    public static final int BODY_LENGTH = 9;
    public static final int CHECK_SUM = 10;
    public static final int BEGIN_SEQ_NO = 7;
    public static final int END_SEQ_NO = 16;
    public static final int MSG_SEQ_NUM = 34;
    public static final int MSG_TYPE = 35;
    public static final int NEW_SEQ_NO = 36;
    public static final int POSS_DUP_FLAG = 43;
    public static final int REF_SEQ_NUM = 45;
    public static final int SENDER_COMP_ID = 49;
    public static final int SENDING_TIME = 52;
    public static final int TARGET_COMP_ID = 56;
    public static final int TEXT = 58;
    public static final int POSS_RESEND = 97;
    public static final int ENCRYPT_METHOD = 98;
    public static final int HEART_BT_INT = 108;
    public static final int TEST_REQ_ID = 112;
    public static final int ORIG_SENDING_TIME = 122;
    public static final int GAP_FILL_FLAG = 123;
    public static final int RESET_SEQ_NUM_FLAG = 141;
    public static final int REF_TAG_ID = 371;
    public static final int REF_MSG_TYPE = 372;
    public static final int SESSION_REJECT_REASON = 373;
    public static final int BUSINESS_REJECT_REF_ID = 379;
    public static final int BUSINESS_REJECT_REASON = 380;
    public static final int USERNAME = 553;
    public static final int PASSWORD = 554;

    // ---- order entry ----
    public static final int ACCOUNT = 1;
    public static final int AVG_PX = 6;
    public static final int CL_ORD_ID = 11;
    public static final int CUM_QTY = 14;
    public static final int EXEC_ID = 17;
    public static final int EXEC_TRANS_TYPE = 20;
    public static final int HANDL_INST = 21;
    public static final int LAST_PX = 31;
    public static final int LAST_QTY = 32;
    public static final int ORDER_ID = 37;
    public static final int ORDER_QTY = 38;
    public static final int ORD_STATUS = 39;
    public static final int ORD_TYPE = 40;
    public static final int ORIG_CL_ORD_ID = 41;
    public static final int PRICE = 44;
    public static final int SIDE = 54;
    public static final int TIME_IN_FORCE = 59;
    public static final int TRANSACT_TIME = 60;
    public static final int ORD_REJ_REASON = 103;
    public static final int CXL_REJ_REASON = 102;
    public static final int EXEC_TYPE = 150;
    public static final int LEAVES_QTY = 151;
    public static final int MIN_QTY = 110;
    public static final int MAX_FLOOR = 111;
    public static final int CXL_REJ_RESPONSE_TO = 434;

    // ---- instrument ----
    public static final int SECURITY_ID_SOURCE = 22;
    public static final int SECURITY_ID = 48;
    public static final int SYMBOL = 55;
    public static final int NO_RELATED_SYM = 146;

    // ---- market data ----
    public static final int RPT_SEQ = 83;
    public static final int MD_REQ_ID = 262;
    public static final int SUBSCRIPTION_REQUEST_TYPE = 263;
    public static final int MARKET_DEPTH = 264;
    public static final int MD_UPDATE_TYPE = 265;
    public static final int AGGREGATED_BOOK = 266;
    public static final int NO_MD_ENTRY_TYPES = 267;
    public static final int NO_MD_ENTRIES = 268;
    public static final int MD_ENTRY_TYPE = 269;
    public static final int MD_ENTRY_PX = 270;
    public static final int MD_ENTRY_SIZE = 271;
    public static final int MD_ENTRY_DATE = 272;
    public static final int MD_ENTRY_TIME = 273;
    public static final int MD_ENTRY_ID = 278;
    public static final int MD_UPDATE_ACTION = 279;
    public static final int MD_REQ_REJ_REASON = 281;
    public static final int MD_ENTRY_POSITION_NO = 290;
    public static final int NUMBER_OF_ORDERS = 346;
    public static final int MD_ENTRY_REF_ID = 280;
    public static final int TRADE_CONDITION = 277;
    public static final int SECURITY_TRADING_STATUS = 326;

    // ---- Kairos latency stamps, epoch nanoseconds ----
    /** Kairos: gateway received the request (RequestTime). */
    public static final int GATEWAY_IN = 5979;
    /** Kairos: gateway received the engine's response (ResponseIn). */
    public static final int GATEWAY_RESPONSE_IN = 7765;
    /** Kairos: engine took the command (TrdRegTSTimeIn). */
    public static final int ENGINE_IN = 21002;
    /** Kairos: engine published the result (TrdRegTSTimeOut). */
    public static final int ENGINE_OUT = 21003;

    private FixTags()
    {
    }
}
