package io.kairos.md;

import static io.kairos.fix.wire.FixTags.HEART_BT_INT;
import static io.kairos.fix.wire.FixTags.PASSWORD;
import static io.kairos.fix.wire.FixTags.SENDER_COMP_ID;
import static io.kairos.fix.wire.FixTags.TARGET_COMP_ID;
import static io.kairos.fix.wire.FixTags.TEXT;
import static io.kairos.fix.wire.FixTags.USERNAME;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

/**
 * Decides whether a Logon (35=A) may open a session: SenderCompID a configured session, TargetCompID the gateway's,
 * Password (554) right and Username (553), if sent, the CompID; one connection per CompID; HeartBtInt (108) in
 * [1, the configured interval]; MsgSeqNum (34) at least 1 and not below the expected one. Each check answers the
 * reason a refusal's Logout (58) carries, or null; {@link #refuse} sends that Logout. Stateless (reads the
 * configuration and the session states); owned by the gateway's event loop.
 */
final class LogonRules
{
    static final String UNKNOWN_COMP_ID = "UNKNOWN";
    private static final int MIN_HEARTBEAT_SECONDS = 1;

    private final GatewayContext context;

    LogonRules(final GatewayContext context)
    {
        this.context = context;
    }

    /** @return the configured session the Logon's SenderCompID (49) names, or null. */
    SessionState session(final FixFieldIndex logon)
    {
        final CharSequence sender = logon.value(SENDER_COMP_ID);
        return sender == null ? null : context.sessionState(sender);
    }

    /** Allocates (texts): why a Logon naming no configured session is refused. */
    static String unknownSender(final FixFieldIndex logon)
    {
        final CharSequence sender = logon.value(SENDER_COMP_ID);
        return "unknown SenderCompID(49) " + (sender == null ? "<missing>" : sender.toString());
    }

    /** @return why a Logon for {@code session} is refused before its sequence number is looked at, or null. */
    String credentialsRefusal(final FixFieldIndex logon, final SessionState session)
    {
        if (!valueIs(logon, TARGET_COMP_ID, context.compIdBytes))
        {
            return "TargetCompID(56) must be " + context.config.compId();
        }
        final boolean usernameOk = !logon.has(USERNAME) || valueIs(logon, USERNAME, session.compIdBytes);
        if (!usernameOk || !valueIs(logon, PASSWORD, session.passwordBytes))
        {
            return "invalid Username(553) or Password(554)";
        }
        if (session.active != null)
        {
            return "session " + session.compId + " is already logged on";
        }
        final long heartBtInt = logon.longValue(HEART_BT_INT);
        if (heartBtInt == FixFieldIndex.NOT_A_NUMBER || heartBtInt < MIN_HEARTBEAT_SECONDS ||
            heartBtInt > context.config.heartbeatIntervalSeconds())
        {
            return "HeartBtInt(108) must be in [1, " + context.config.heartbeatIntervalSeconds() + "]";
        }
        return null;
    }

    /** @return why a Logon with MsgSeqNum {@code seq} is refused (after a 141=Y reset, if any), or null. */
    static String sequenceRefusal(final long seq, final SessionState session)
    {
        if (seq == FixFieldIndex.NOT_A_NUMBER || seq < 1)
        {
            return seq == 0 ? "MsgSeqNum(34) must be >= 1, was 0" : "MsgSeqNum(34) missing or invalid";
        }
        if (seq < session.nextTargetSeqNum)
        {
            return "MsgSeqNum too low, expecting " + session.nextTargetSeqNum + " but received " + seq;
        }
        return null;
    }

    /** Whether the first value of {@code tag} is there and is exactly the ASCII bytes {@code expected}. */
    static boolean valueIs(final FixFieldIndex message, final int tag, final byte[] expected)
    {
        final int field = message.find(tag);
        return field >= 0 && message.valueEquals(field, expected);
    }

    /**
     * The CompID a refusal's Logout is addressed to: the session's, else the Logon's SenderCompID when it is a plain
     * FIX value, else {@value #UNKNOWN_COMP_ID}.
     */
    static String replyCompId(final FixFieldIndex logon, final SessionState session)
    {
        if (session != null)
        {
            return session.compId;
        }
        final CharSequence sender = logon.value(SENDER_COMP_ID);
        if (sender == null || sender.length() == 0)
        {
            return UNKNOWN_COMP_ID;
        }
        for (int i = 0; i < sender.length(); i++)
        {
            if (sender.charAt(i) <= ' ' || sender.charAt(i) >= 127 || sender.charAt(i) == '=')
            {
                return UNKNOWN_COMP_ID;
            }
        }
        return sender.toString();
    }

    /**
     * Answers a refused Logon with a Logout (58 = reason) from a throw-away writer (sequence number 1) to
     * {@link #replyCompId}, then closes the connection after the grace period. Allocates (refusals are rare).
     */
    void refuse(
        final SessionConnection connection, final FixFieldIndex logon, final SessionState session, final String reason)
    {
        final SessionState replyState = new SessionState(new MdSessionConfig(replyCompId(logon, session), "-"));
        final SessionWriter replyWriter = new SessionWriter(connection.newBatch(), context.compIdBytes, replyState,
            context.counters, context.clock);
        replyWriter.sendOwned((byte)MsgTypes.LOGOUT, new FixWriter(64 + reason.length()).field(TEXT, reason));
        replyWriter.flush();
        replyWriter.release(); // the transport holds what it still has to write
        connection.closeAfterGrace();
    }
}
