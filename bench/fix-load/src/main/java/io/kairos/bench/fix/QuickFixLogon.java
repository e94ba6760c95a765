package io.kairos.bench.fix;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import quickfix.Message;
import quickfix.SessionID;

/**
 * What both QuickFIX/J clients of the load (order entry and market data) add to their Logon in {@code toAdmin}:
 * ResetSeqNumFlag (141) = Y, since they keep no state across connections, and, for a session with a password,
 * Username (553) = its SenderCompID and Password (554), the credentials the venue checks. Stateless; called on the
 * QuickFIX/J event thread.
 */
final class QuickFixLogon
{
    private static final int TAG_RESET_SEQNUM = 141;
    private static final int TAG_USERNAME = 553;
    private static final int TAG_PASSWORD = 554;

    private QuickFixLogon()
    {
    }

    /** The passwords of the sessions from {@code senders} to {@code targetCompId} that have one, by session. */
    static Map<SessionID, String> passwordsBySession(final String beginString, final List<String> senders,
        final String targetCompId, final Map<String, String> passwordBySender)
    {
        final Map<SessionID, String> passwords = new HashMap<>();
        for (final String sender : senders)
        {
            final String password = passwordBySender.get(sender);
            if (password != null)
            {
                passwords.put(new SessionID(beginString, sender, targetCompId), password);
            }
        }
        return passwords;
    }

    /** Adds the fields to {@code admin} when it is a Logon; leaves any other admin message as it is. */
    static void addFields(final Message admin, final SessionID sessionId, final Map<SessionID, String> passwords)
    {
        if (OrderEntryApplication.isMsgType(admin, "A"))
        {
            admin.setBoolean(TAG_RESET_SEQNUM, true);
            final String password = passwords.get(sessionId);
            if (password != null)
            {
                admin.setString(TAG_USERNAME, sessionId.getSenderCompID());
                admin.setString(TAG_PASSWORD, password);
            }
        }
    }
}
