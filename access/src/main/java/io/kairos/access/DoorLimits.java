package io.kairos.access;

/**
 * What a door takes from connections that have not logged on yet: how many may be open at once, how many new ones one
 * address may open per second (both enforced by a {@link ConnectionGate}), and how long one may stay without logging
 * on before it is closed. Immutable, validated; the message names the server key of the field at fault.
 *
 * @param keyPrefix                            the door's configuration prefix, for messages ("fix." or "md.")
 * @param maxUnauthenticatedConnections        1..100000
 * @param maxNewConnectionsPerSecondPerAddress 1..100000
 * @param logonTimeoutMs                       100..600000
 */
public record DoorLimits(
    String keyPrefix, int maxUnauthenticatedConnections, int maxNewConnectionsPerSecondPerAddress, int logonTimeoutMs)
{
    public static final int DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS = 64;
    public static final int DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS = 200;
    public static final int DEFAULT_LOGON_TIMEOUT_MS = 5_000;

    public DoorLimits
    {
        check(keyPrefix + "max-unauthenticated-connections", maxUnauthenticatedConnections, 1, 100_000);
        check(keyPrefix + "max-new-connections-per-second-per-address", maxNewConnectionsPerSecondPerAddress, 1,
            100_000);
        check(keyPrefix + "logon-timeout-ms", logonTimeoutMs, 100, 600_000);
    }

    /** The shipped defaults for the door with {@code keyPrefix}. */
    public static DoorLimits defaults(final String keyPrefix)
    {
        return new DoorLimits(keyPrefix, DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS,
            DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS, DEFAULT_LOGON_TIMEOUT_MS);
    }

    private static void check(final String key, final int value, final int min, final int max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(key + " must be in [" + min + ", " + max + "], was " + value);
        }
    }
}
