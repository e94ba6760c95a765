package io.kairos.fix;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.access.ConnectionOrigins;
import io.kairos.access.LogonFailure;
import io.kairos.access.LogonVerifier;
import io.kairos.access.PasswordHash;
import io.kairos.fix.codecs.builder.LogoutEncoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.decoder.SessionHeaderDecoder;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

/**
 * Decides logons: the TargetCompID must be the gateway's, the SenderCompID a configured session, Username (553) that
 * CompID and Password (554) match the session's stored hash; then HeartBtInt (108) within
 * [1, {@code maxHeartBtIntSeconds}], MsgSeqNum (34) at least 1 and fewer than {@code maxSessions} sessions connected.
 * Artio itself refuses a second live connection of the same session, after the password checked out.
 * <p>
 * The password is never checked on Artio's framer thread (the hot thread in compact mode): {@link #authenticateAsync}
 * copies what it needs from the logon and hands it to the door's {@link LogonVerifier}, whose thread hashes and then
 * accepts or rejects through the {@link AuthenticationProxy} (Artio's proxy publishes its state through a volatile
 * field for the framer, so it may be completed from another thread; the engine's authentication timeout, 60 s by
 * default, bounds the wait). Every failed credential check, locked-out or busy logon gets the same Logout,
 * {@value LogonVerifier#REFUSAL_TEXT}; only the log and the metrics tell why.
 * <p>
 * Called on Artio's framer thread; the outcome runs on the verifier's thread (or the framer's for an immediate
 * refusal); reads the connected count the library thread maintains.
 */
final class LogonAuthenticator implements AuthenticationStrategy
{
    /** How long the refused connection stays open so that the Logout reaches the client. */
    private static final long REJECT_LINGER_MS = 1_000;
    private static final char[] NO_PASSWORD = new char[0];

    private final String gatewayCompId;
    private final List<FixSessionConfig> sessions;
    private final int maxSessions;
    private final AtomicInteger connectedSessions;
    private final int maxHeartBtIntSeconds;
    private final LogonVerifier verifier;
    private final ConnectionOrigins origins;

    LogonAuthenticator(
        final FixGatewayConfig config, final AtomicInteger connectedSessions, final LogonVerifier verifier,
        final ConnectionOrigins origins)
    {
        gatewayCompId = config.compId();
        sessions = config.logons();
        maxSessions = config.maxSessions();
        this.connectedSessions = connectedSessions;
        maxHeartBtIntSeconds = config.maxHeartBtIntSeconds();
        this.verifier = verifier;
        this.origins = origins;
    }

    /**
     * Starts the credential check and returns; the verifier completes {@code proxy}. A logon whose credentials pass
     * but whose MsgSeqNum (34) is below 1 or HeartBtInt (108) is out of range, or that would exceed the session limit,
     * gets a Logout naming why (the client proved who it is, so it is told). Framer thread; allocates (a logon is not
     * on the hot path).
     */
    @Override
    public void authenticateAsync(final AbstractLogonDecoder logon, final AuthenticationProxy proxy)
    {
        final SessionHeaderDecoder header = logon.header();
        final FixSessionConfig session = equal(gatewayCompId, header.targetCompID(), header.targetCompIDLength()) ?
            find(header.senderCompID(), header.senderCompIDLength()) : null;
        final boolean usernameOk = session != null && logon.hasUsername() &&
            equal(session.compId(), logon.username(), logon.usernameLength());
        final PasswordHash expected = usernameOk ? session.passwordHash() : null;
        final char[] password = logon.hasPassword() ?
            Arrays.copyOf(logon.password(), logon.passwordLength()) : NO_PASSWORD.clone();
        final int msgSeqNum = header.msgSeqNum();
        final int heartBtInt = logon.heartBtInt();
        final String sent = new String(header.senderCompID(), 0, header.senderCompIDLength());
        verifier.check(session == null ? null : session.compId(), sent, expected, password,
            origins.clientHost(proxy.remoteAddress()), failure -> finish(proxy, failure, msgSeqNum, heartBtInt));
    }

    private void finish(
        final AuthenticationProxy proxy, final LogonFailure failure, final int msgSeqNum, final int heartBtInt)
    {
        try
        {
            if (failure != null)
            {
                refuse(proxy, LogonVerifier.REFUSAL_TEXT);
            }
            else if (msgSeqNum < 1)
            {
                refuse(proxy, "MsgSeqNum(34) must be >= 1, was " + msgSeqNum);
            }
            else if (heartBtInt < 1 || heartBtInt > maxHeartBtIntSeconds)
            {
                refuse(proxy, "HeartBtInt(108) must be in [1, " + maxHeartBtIntSeconds + "], was " + heartBtInt);
            }
            else if (connectedSessions.get() >= maxSessions)
            {
                refuse(proxy, "too many sessions are connected, try again later");
            }
            else
            {
                proxy.accept();
            }
        }
        catch (final IllegalStateException ex)
        {
            // the connection went (or timed out) while the password was checked: nothing left to answer
        }
    }

    private static void refuse(final AuthenticationProxy proxy, final String reason)
    {
        final LogoutEncoder logout = new LogoutEncoder();
        logout.text(reason);
        proxy.reject(logout, REJECT_LINGER_MS);
    }

    /** Not used: Artio calls {@link #authenticateAsync}, which never hashes on the caller's thread. */
    @Override
    public boolean authenticate(final AbstractLogonDecoder logon)
    {
        throw new UnsupportedOperationException("logons are checked by authenticateAsync");
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
        for (int i = 0; i < length; i++)
        {
            if (expected.charAt(i) != actual[i])
            {
                return false;
            }
        }
        return true;
    }
}
