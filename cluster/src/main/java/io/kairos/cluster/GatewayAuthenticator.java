package io.kairos.cluster;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

import io.aeron.security.Authenticator;
import io.aeron.security.SessionProxy;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Lets into the cluster only clients that know {@code cluster.client-secret}: every new session is challenged with
 * 32 random bytes and must answer HMAC-SHA256(secret, challenge) ({@link GatewayCredentials}); any other answer, or
 * none, is rejected, counted and reported once per session on the error handler's log (which an operator can alert
 * on). Aeron's default accepts every client, so without this any host that reaches a member's ingress port could
 * submit commands for any session and read every session's executions. Runs on the consensus module's thread;
 * {@link #rejected} may be read from any thread.
 */
final class GatewayAuthenticator implements Authenticator
{
    static final int CHALLENGE_LENGTH = 32;
    private static final byte[] PRINCIPAL = "gateway".getBytes(StandardCharsets.US_ASCII);
    /** A challenge left unanswered this long is forgotten (Aeron closes such a session after its session timeout). */
    private static final long FORGET_AFTER_MS = 60_000;

    private final ClusterSecret secret;
    private final RejectionLog log;
    private final SecureRandom random = new SecureRandom();
    /** Challenges sent and not yet decided, by session id; a decided session is removed. */
    private final Long2ObjectHashMap<Challenge> challenges = new Long2ObjectHashMap<>();
    private volatile long rejected;

    /** Where a rejection is reported (the member's error handler, as a line on stderr). */
    @FunctionalInterface
    interface RejectionLog
    {
        void onRejected(long sessionId, String why);
    }

    private static final class Challenge
    {
        final byte[] bytes;
        final long createdMs;
        boolean sent;
        Boolean answeredRightly;

        Challenge(final byte[] bytes, final long createdMs)
        {
            this.bytes = bytes;
            this.createdMs = createdMs;
        }
    }

    GatewayAuthenticator(final ClusterSecret secret, final RejectionLog log)
    {
        this.secret = secret;
        this.log = log;
    }

    /** Clients rejected since this member started. */
    long rejected()
    {
        return rejected;
    }

    @Override
    public void onConnectRequest(final long sessionId, final byte[] encodedCredentials, final long nowMs)
    {
        challenges.values().removeIf(challenge -> nowMs - challenge.createdMs > FORGET_AFTER_MS);
        final byte[] challenge = new byte[CHALLENGE_LENGTH];
        random.nextBytes(challenge);
        challenges.put(sessionId, new Challenge(challenge, nowMs));
    }

    @Override
    public void onConnectedSession(final SessionProxy sessionProxy, final long nowMs)
    {
        final Challenge challenge = challenges.get(sessionProxy.sessionId());
        if (challenge == null)
        {
            reject(sessionProxy, "no connect request seen for this session");
        }
        else if (!challenge.sent)
        {
            challenge.sent = sessionProxy.challenge(challenge.bytes); // false: try again on the next call
        }
    }

    @Override
    public void onChallengeResponse(final long sessionId, final byte[] encodedCredentials, final long nowMs)
    {
        final Challenge challenge = challenges.get(sessionId);
        if (challenge != null)
        {
            challenge.answeredRightly = secret.answers(challenge.bytes, encodedCredentials);
        }
    }

    @Override
    public void onChallengedSession(final SessionProxy sessionProxy, final long nowMs)
    {
        final Challenge challenge = challenges.get(sessionProxy.sessionId());
        if (challenge == null)
        {
            reject(sessionProxy, "no challenge was sent to this session");
        }
        else if (challenge.answeredRightly != null)
        {
            if (challenge.answeredRightly)
            {
                if (sessionProxy.authenticate(PRINCIPAL))
                {
                    challenges.remove(sessionProxy.sessionId());
                }
            }
            else
            {
                reject(sessionProxy,
                    "wrong answer to the challenge (not this cluster's " + ClusterConfig.CLIENT_SECRET_PROP_NAME + ")");
            }
        }
    }

    private void reject(final SessionProxy sessionProxy, final String why)
    {
        sessionProxy.reject();
        challenges.remove(sessionProxy.sessionId());
        rejected++;
        log.onRejected(sessionProxy.sessionId(), why);
    }
}
