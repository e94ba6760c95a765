package io.kairos.server;

import java.util.HexFormat;
import java.util.Locale;

/**
 * The management (metrics and health) endpoint's settings ({@code metrics.*}). Immutable; the loader refuses bad
 * values with a message naming the key, the constructor re-checks them for callers that build one directly.
 *
 * @param bindAddress       address to listen on
 * @param port              TCP port (0 = any free port)
 * @param requestTimeoutMs  a connection whose request is not complete this long after it opened (or after the
 *                          previous response) is answered 408 and closed
 * @param maxConnections    connections past this many may only ask for {@code /health/*} (anything else: 503);
 *                          past {@link #connectionCeiling()} a new connection is answered 503 and closed at once
 * @param bearerTokenHash   lower-case hex SHA-256 of the bearer token {@code /metrics} requires; empty: none
 */
public record MetricsSettings(String bindAddress, int port, int requestTimeoutMs, int maxConnections,
    String bearerTokenHash)
{
    /* The server keys of these settings. */
    public static final String BIND_ADDRESS_PROP_NAME = "metrics.bind-address";
    public static final String PORT_PROP_NAME = "metrics.port";
    public static final String REQUEST_TIMEOUT_MS_PROP_NAME = "metrics.request-timeout-ms";
    public static final String MAX_CONNECTIONS_PROP_NAME = "metrics.max-connections";
    public static final String BEARER_TOKEN_HASH_PROP_NAME = "metrics.bearer-token-hash";

    /** The shipped {@code metrics.request-timeout-ms}. */
    public static final int DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
    /** The shipped {@code metrics.max-connections}. */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    /** How many times {@code maxConnections} may be open at all (the extra ones for health probes only). */
    public static final int CEILING_FACTOR = 4;

    public MetricsSettings
    {
        if (requestTimeoutMs < 100 || requestTimeoutMs > 600_000)
        {
            throw new ConfigException(REQUEST_TIMEOUT_MS_PROP_NAME, "must be in [100, 600000], was " +
                requestTimeoutMs);
        }
        if (maxConnections < 1 || maxConnections > 10_000)
        {
            throw new ConfigException(MAX_CONNECTIONS_PROP_NAME, "must be in [1, 10000], was " + maxConnections);
        }
        bearerTokenHash = bearerTokenHash == null ? "" : bearerTokenHash.toLowerCase(Locale.ROOT);
        if (!bearerTokenHash.isEmpty() && !isSha256Hex(bearerTokenHash))
        {
            // The value is not echoed: an operator who pasted the token itself must not find it in a log.
            throw new ConfigException(BEARER_TOKEN_HASH_PROP_NAME, "must be the 64 hex digits of the token's " +
                "SHA-256 (printf %s \"$TOKEN\" | sha256sum), never the token itself");
        }
    }

    /** The shipped defaults on {@code bindAddress:port}, no token. */
    public MetricsSettings(final String bindAddress, final int port)
    {
        this(bindAddress, port, DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, "");
    }

    /** The most connections open at once; a new one past it is refused at accept (protects file descriptors). */
    public int connectionCeiling()
    {
        return maxConnections * CEILING_FACTOR;
    }

    /** Whether {@code /metrics} requires a bearer token. */
    public boolean requiresToken()
    {
        return !bearerTokenHash.isEmpty();
    }

    /** The hash as 32 bytes (empty array when no token is required). */
    byte[] bearerTokenHashBytes()
    {
        return HexFormat.of().parseHex(bearerTokenHash);
    }

    static boolean isSha256Hex(final String value)
    {
        return value.length() == 64 && value.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
            (c >= 'A' && c <= 'F'));
    }

    @Override
    public String toString()
    {
        return "MetricsSettings[" + bindAddress + ':' + port + ", requestTimeoutMs=" + requestTimeoutMs +
            ", maxConnections=" + maxConnections + ", bearerToken=" + (requiresToken() ? "required" : "none") + ']';
    }
}
