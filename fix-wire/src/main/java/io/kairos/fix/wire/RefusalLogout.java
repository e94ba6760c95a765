package io.kairos.fix.wire;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The Logout (35=5) a door writes to a connection it refuses before any session exists (a connection limit): from the
 * venue's CompID to "UNKNOWN", MsgSeqNum 1, Text (58) saying why; the connection is closed after it. A complete FIX
 * 4.4 frame, so a FIX client's log shows the reason. Stateless; allocates (refusals are not on a hot path).
 */
public final class RefusalLogout
{
    /** TargetCompID of a refusal: the connection has not said who it is. */
    public static final String UNKNOWN_COMP_ID = "UNKNOWN";
    private static final byte[] FIX_4_4 = "FIX.4.4".getBytes(StandardCharsets.US_ASCII);
    private static final DateTimeFormatter SENDING_TIME =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private RefusalLogout()
    {
    }

    /** @return the whole frame, from {@code senderCompId}, sent at {@code time}. */
    public static byte[] frame(final String senderCompId, final String text, final Instant time)
    {
        final FixWriter writer = new FixWriter(128 + senderCompId.length() + text.length());
        writer.beginMessage(FIX_4_4).field(FixTags.MSG_TYPE, MsgTypes.LOGOUT)
            .field(FixTags.SENDER_COMP_ID, senderCompId).field(FixTags.TARGET_COMP_ID, UNKNOWN_COMP_ID)
            .field(FixTags.MSG_SEQ_NUM, 1).field(FixTags.SENDING_TIME, SENDING_TIME.format(time))
            .field(FixTags.TEXT, text);
        final int start = writer.finishMessage();
        final byte[] frame = new byte[writer.position() - start];
        System.arraycopy(writer.bytes(), start, frame, 0, frame.length);
        return frame;
    }
}
