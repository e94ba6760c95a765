package io.kairos.fix.wire;

/**
 * FIX 4.4 MsgType (35) values the venue's FIX code names, all one character: as {@code char} constants they compare
 * with a {@code byte} or {@code char} read from a frame and serve as {@code case} labels of a switch on either.
 * Constants; thread-safe.
 */
public final class MsgTypes
{
    // ---- session ----
    public static final char HEARTBEAT = '0';
    public static final char TEST_REQUEST = '1';
    public static final char RESEND_REQUEST = '2';
    public static final char REJECT = '3';
    public static final char SEQUENCE_RESET = '4';
    public static final char LOGOUT = '5';
    public static final char LOGON = 'A';
    public static final char BUSINESS_MESSAGE_REJECT = 'j';

    // ---- order entry ----
    public static final char EXECUTION_REPORT = '8';
    public static final char ORDER_CANCEL_REJECT = '9';
    public static final char NEW_ORDER_SINGLE = 'D';
    public static final char ORDER_CANCEL_REQUEST = 'F';
    public static final char ORDER_CANCEL_REPLACE_REQUEST = 'G';
    public static final char ORDER_STATUS_REQUEST = 'H';

    // ---- market data ----
    public static final char MARKET_DATA_REQUEST = 'V';
    public static final char MARKET_DATA_SNAPSHOT_FULL_REFRESH = 'W';
    public static final char MARKET_DATA_INCREMENTAL_REFRESH = 'X';
    public static final char MARKET_DATA_REQUEST_REJECT = 'Y';
    public static final char SECURITY_DEFINITION = 'd';
    public static final char SECURITY_STATUS = 'f';
    public static final char TRADING_SESSION_STATUS = 'h';

    private MsgTypes()
    {
    }
}
