package io.kairos.cluster;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.kairos.engine.ConfigValueException;

/**
 * The secret a gateway (the cluster's client) proves it knows to be let into the cluster, {@code
 * cluster.client-secret}. It never crosses the wire: a member challenges each new client with a random nonce and the
 * client answers HMAC-SHA256(secret, nonce) ({@link GatewayAuthenticator}, {@link GatewayCredentials}). Never printed:
 * {@link #toString} says only whether it is set. Immutable.
 */
public final class ClusterSecret
{
    /** Shorter secrets are refused: 16 characters of a random password are about 95 bits. */
    public static final int MIN_LENGTH = 16;
    static final String ALGORITHM = "HmacSHA256";

    private final byte[] secret;

    private ClusterSecret(final byte[] secret)
    {
        this.secret = secret;
    }

    /** @throws ConfigValueException naming {@code cluster.client-secret} when it is too short */
    public static ClusterSecret of(final String secret)
    {
        if (secret == null || secret.length() < MIN_LENGTH)
        {
            throw new ConfigValueException(ClusterConfig.CLIENT_SECRET_PROP_NAME, "must be at least " + MIN_LENGTH +
                " characters (the same on every member and every gateway of the cluster), was " +
                (secret == null ? 0 : secret.length()));
        }
        return new ClusterSecret(secret.getBytes(StandardCharsets.UTF_8));
    }

    /** The answer to {@code challenge}: HMAC-SHA256 keyed with the secret. */
    byte[] answer(final byte[] challenge)
    {
        try
        {
            final Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret, ALGORITHM));
            return mac.doFinal(challenge);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("the JDK has no " + ALGORITHM, ex);
        }
    }

    /** Whether {@code response} answers {@code challenge}; in constant time whatever the response's length. */
    boolean answers(final byte[] challenge, final byte[] response)
    {
        return MessageDigest.isEqual(answer(challenge), response == null ? new byte[0] : response);
    }

    @Override
    public String toString()
    {
        return "(secret)";
    }
}
