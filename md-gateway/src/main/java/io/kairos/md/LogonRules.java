package io.kairos.md;

import static io.kairos.fix.wire.FixTags.PASSWORD;
import static io.kairos.fix.wire.FixTags.SENDER_COMP_ID;
import static io.kairos.fix.wire.FixTags.TARGET_COMP_ID;
import static io.kairos.fix.wire.FixTags.TEXT;
import static io.kairos.fix.wire.FixTags.USERNAME;

import io.kairos.access.PasswordHash;
import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

/**
 * Decides whether a Logon (35=A) may open a session. The credentials (SenderCompID a configured session,
 * TargetCompID the gateway's, Username (553), if sent, the CompID, Password (554) matching the stored hash) are checked
 * by the gateway's {@link io.kairos.access.LogonVerifier} off the event loop, and every failure gets the one answer
 * {@link io.kairos.access.LogonVerifier#REFUSAL_TEXT}; only then are the rest checked, each with a reason the
 * refusal's Logout (58) carries: one connection per CompID, HeartBtInt (108) in [1, the configured interval],
 * MsgSeqNum (34) at least 1 and not below the expected one. {@link #refuse} sends that Logout. Stateless (reads the
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

    /**
     * The hash the Logon's password is checked against: the session's when TargetCompID (56) is the gateway's and the
     * Username (553), if sent, is the CompID; else null (checked against the verifier's dummy, refused).
     */
    PasswordHash expectedHash(final FixFieldIndex logon, final SessionState session)
    {
        if (session == null || !valueIs(logon, TARGET_COMP_ID, context.compIdBytes))
        {
            return null;
        }
        final boolean usernameOk = !logon.has(USERNAME) || valueIs(logon, USERNAME, session.compIdBytes);
        return usernameOk ? session.passwordHash : null;
    }

    /** A copy of the Password (554) sent (empty when none): the verifier owns and wipes it. Allocates. */
    static char[] password(final FixFieldIndex logon)
    {
        final CharSequence password = logon.value(PASSWORD);
        final char[] chars = new char[password == null ? 0 : password.length()];
        for (int i = 0; i < chars.length; i++)
        {
            chars[i] = password.charAt(i);
        }
        return chars;
    }

    /** @return why a Logon whose password checked out is refused before its sequence number is looked at, or null. */
    String afterPasswordRefusal(final SessionState session, final long heartBtInt)
    {
        if (session.active != null)
        {
            return "session " + session.compId + " is already logged on";
        }
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
     * {@code replyCompId} ({@link #replyCompId}), then closes the connection after the grace period. Allocates
     * (refusals are rare).
     */
    void refuse(final SessionConnection connection, final String replyCompId, final String reason)
    {
        final SessionState replyState = new SessionState(replyCompId, null);
        final SessionWriter replyWriter = new SessionWriter(connection.newBatch(), context.compIdBytes, replyState,
            context.counters, context.clock);
        replyWriter.sendOwned((byte)MsgTypes.LOGOUT, new FixWriter(64 + reason.length()).field(TEXT, reason));
        replyWriter.flush();
        replyWriter.release(); // the transport holds what it still has to write
        connection.closeAfterGrace();
    }
}
