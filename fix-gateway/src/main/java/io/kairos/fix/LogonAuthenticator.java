package io.kairos.fix;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.decoder.SessionHeaderDecoder;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

/**
 * Decides logons: the TargetCompID must be the gateway's, the SenderCompID a configured session, Username
 * (553) that CompID and Password (554) the configured one, and fewer than {@code maxSessions} sessions
 * may be connected. Artio itself refuses a second live connection of the same session. Called on
 * Artio's framer thread; reads the connected count the library thread maintains.
 */
final class LogonAuthenticator implements AuthenticationStrategy
{
    private final String gatewayCompId;
    private final List<FixSessionConfig> sessions;
    private final int maxSessions;
    private final AtomicInteger connectedSessions;

    LogonAuthenticator(final FixGatewayConfig config, final AtomicInteger connectedSessions)
    {
        gatewayCompId = config.compId();
        sessions = config.sessions();
        maxSessions = config.maxSessions();
        this.connectedSessions = connectedSessions;
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
