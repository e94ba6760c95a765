package io.kairos.access;

import static io.kairos.engine.ConfigChecks.requireInRange;

/**
 * What a door takes from connections that have not logged on yet: how many may be open at once, how many new ones one
 * address may open per second (both enforced by a {@link ConnectionGate}), and how long one may stay without logging
 * on before it is closed. Immutable, validated; a refusal ({@link io.kairos.engine.ConfigValueException})
 * carries the server key of the field at fault.
 *
 * @param keyPrefix                            the door's configuration prefix, for messages ("fix." or "md.")
 * @param maxUnauthenticatedConnections        1..100000
 * @param maxNewConnectionsPerSecondPerAddress 1..100000
 * @param logonTimeoutMs                       100..600000
 */
public record DoorLimits(
    String keyPrefix, int maxUnauthenticatedConnections, int maxNewConnectionsPerSecondPerAddress, int logonTimeoutMs)
{
    /* Each door's keys: its prefix ("fix." or "md.") followed by one of these. */
    public static final String MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX = "max-unauthenticated-connections";
    public static final String MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS_PROP_SUFFIX =
        "max-new-connections-per-second-per-address";
    public static final String LOGON_TIMEOUT_MS_PROP_SUFFIX = "logon-timeout-ms";

    public static final int DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS = 64;
    public static final int DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS = 200;
    public static final int DEFAULT_LOGON_TIMEOUT_MS = 5_000;

    public DoorLimits
    {
        requireInRange(maxUnauthenticatedConnections, 1, 100_000,
            keyPrefix + MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX);
        requireInRange(maxNewConnectionsPerSecondPerAddress, 1, 100_000,
            keyPrefix + MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS_PROP_SUFFIX);
        requireInRange(logonTimeoutMs, 100, 600_000, keyPrefix + LOGON_TIMEOUT_MS_PROP_SUFFIX);
    }

    /** The shipped defaults for the door with {@code keyPrefix}. */
    public static DoorLimits defaults(final String keyPrefix)
    {
        return new DoorLimits(keyPrefix, DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS,
            DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS, DEFAULT_LOGON_TIMEOUT_MS);
    }
}
