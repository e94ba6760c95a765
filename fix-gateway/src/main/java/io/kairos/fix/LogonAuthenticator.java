package io.kairos.fix;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.fix.codecs.builder.LogoutEncoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.decoder.SessionHeaderDecoder;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

/**
 * Decides logons: the TargetCompID must be the gateway's, the SenderCompID a configured session, Username
 * (553) that CompID and Password (554) the configured one, and fewer than {@code maxSessions} sessions
 * may be connected, and HeartBtInt (108) within [1, {@code maxHeartBtIntSeconds}]. Artio itself refuses a second live
 * connection of the same session. Called on Artio's framer thread; reads the connected count the library thread
 * maintains.
 */
final class LogonAuthenticator implements AuthenticationStrategy
{
    /** How long the refused connection stays open so that the Logout reaches the client. */
    private static final long REJECT_LINGER_MS = 1_000;

    private final String gatewayCompId;
    private final List<FixSessionConfig> sessions;
    private final int maxSessions;
    private final AtomicInteger connectedSessions;
    private final int maxHeartBtIntSeconds;

    LogonAuthenticator(final FixGatewayConfig config, final AtomicInteger connectedSessions)
    {
        gatewayCompId = config.compId();
        sessions = config.sessions();
        maxSessions = config.maxSessions();
        this.connectedSessions = connectedSessions;
        maxHeartBtIntSeconds = config.maxHeartBtIntSeconds();
    }

    /**
     * Refuses a logon whose credentials or session count fail ({@link #authenticate}) by closing the connection, and
     * one whose MsgSeqNum (34) is below 1 (e.g. a reset logon with 34=0 or -1) or whose HeartBtInt (108) is outside
     * [1, {@code maxHeartBtIntSeconds}] with a Logout naming why (the client is who it says it is, so it is told).
     * Framer thread; allocates (a logon is not on the hot path).
     */
    @Override
    public void authenticateAsync(final AbstractLogonDecoder logon, final AuthenticationProxy proxy)
    {
        if (!authenticate(logon))
        {
            proxy.reject();
            return;
        }
        final int msgSeqNum = logon.header().msgSeqNum();
        if (msgSeqNum < 1)
        {
            refuse(proxy, "MsgSeqNum(34) must be >= 1, was " + msgSeqNum);
            return;
        }
        final int heartBtInt = logon.heartBtInt();
        if (heartBtInt < 1 || heartBtInt > maxHeartBtIntSeconds)
        {
            refuse(proxy, "HeartBtInt(108) must be in [1, " + maxHeartBtIntSeconds + "], was " + heartBtInt);
            return;
        }
        proxy.accept();
    }

    private static void refuse(final AuthenticationProxy proxy, final String reason)
    {
        final LogoutEncoder logout = new LogoutEncoder();
        logout.text(reason);
        proxy.reject(logout, REJECT_LINGER_MS);
    }

    @Override
    public boolean authenticate(final AbstractLogonDecoder logon)
    {
        final SessionHeaderDecoder header = logon.header();
        if (!equal(gatewayCompId, header.targetCompID(), header.targetCompIDLength()))
        {
            return false;
        }
        final FixSessionConfig session = find(header.senderCompID(), header.senderCompIDLength());
        if (session == null || !logon.hasUsername() || !logon.hasPassword())
        {
            return false;
        }
        return equal(session.compId(), logon.username(), logon.usernameLength()) &&
            equal(session.password(), logon.password(), logon.passwordLength()) &&
            connectedSessions.get() < maxSessions;
    }

    private FixSessionConfig find(final char[] compId, final int length)
    {
        for (final FixSessionConfig session : sessions)
        {
            if (equal(session.compId(), compId, length))
            {
                return session;
            }
        }
        return null;
    }

    private static boolean equal(final String expected, final char[] actual, final int length)
    {
        if (expected.length() != length)
        {
            return false;
        }
        boolean same = true;
        for (int i = 0; i < length; i++)
        {
            same &= expected.charAt(i) == actual[i];
        }
        return same;
    }
}
