package io.kairos.cluster;

import java.nio.charset.StandardCharsets;

import io.aeron.security.CredentialsSupplier;

/**
 * The gateway's side of the members' challenge ({@link GatewayAuthenticator}): it asks to be challenged and answers
 * with HMAC-SHA256(secret, challenge). Called on the cluster client's connecting thread; stateless.
 */
final class GatewayCredentials implements CredentialsSupplier
{
    /** What a Kairos gateway sends on connecting: not a secret, just which scheme it speaks. */
    static final byte[] HELLO = "kairos-gateway-hmac-sha256".getBytes(StandardCharsets.US_ASCII);

    private final ClusterSecret secret;

    GatewayCredentials(final ClusterSecret secret)
    {
        this.secret = secret;
    }

    @Override
    public byte[] encodedCredentials()
    {
        return HELLO.clone();
    }

    @Override
    public byte[] onChallenge(final byte[] encodedChallenge)
    {
        return secret.answer(encodedChallenge);
    }
}
