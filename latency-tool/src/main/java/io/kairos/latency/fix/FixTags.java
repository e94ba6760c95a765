package io.kairos.latency.fix;

/**
 * FIX tag numbers the tool reads, including the Kairos latency stamps (see DESIGN.md, "Latency, defined").
 * Constants; thread-safe.
 */
public final class FixTags
{
    public static final int CL_ORD_ID = 11;
    public static final int MSG_TYPE = 35;
    public static final int ORDER_ID = 37;
    public static final int ORD_STATUS = 39;
    public static final int SENDING_TIME = 52;
    public static final int EXEC_TYPE = 150;
    public static final int MD_ENTRY_ID = 278;
    /** Kairos: gateway received the request (RequestTime), epoch nanoseconds. */
    public static final int GATEWAY_IN = 5979;
    /** Kairos: gateway received the engine's response (ResponseIn), epoch nanoseconds. */
    public static final int GATEWAY_RESPONSE_IN = 7765;
    /** Kairos: engine took the command (TrdRegTSTimeIn), epoch nanoseconds. */
    public static final int ENGINE_IN = 21002;
    /** Kairos: engine published the result (TrdRegTSTimeOut), epoch nanoseconds. */
    public static final int ENGINE_OUT = 21003;

    private FixTags()
    {
    }
}
