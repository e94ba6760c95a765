package io.kairos.md;

import static io.kairos.engine.ConfigChecks.isPrintableToken;
import static io.kairos.engine.ConfigChecks.require;
import static io.kairos.engine.ConfigChecks.requireInRange;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.kairos.access.DoorLimits;
import io.kairos.access.LockoutConfig;

/**
 * Everything the market-data gateway needs. Immutable; the constructor validates and names the
 * field at fault. Defaults live in {@link #defaults()} and only there.
 *
 * @param bindAddress                 address to listen on
 * @param port                        TCP port; 0 binds an ephemeral port (tests), see {@link MarketDataGateway#port()}
 * @param compId                      the gateway's CompID (TargetCompID 56 of the clients)
 * @param sessions                    accepted client sessions; one connection per CompID at a time
 * @param heartbeatIntervalSeconds    largest HeartBtInt (108) a client may ask for
 * @param maxDepth                    largest MarketDepth (264) accepted for the L2 view; 0 (full book) is always
 *                                    accepted
 * @param outboundQueueLimitMessages  messages queued for one session past which it is logged out as a slow consumer;
 *                                    bytes queued behind its socket count as one message per 256 bytes (the size of a
 *                                    one-event incremental), so the backlog is bounded at this × 256 bytes
 * @param idleMode                    how the event-loop thread waits when idle
 * @param maxSubscriptionsPerSession  subscriptions (one per symbol of a 263=1 request) one session may hold; a request
 *                                    that would pass it is refused whole with MarketDataRequestReject (35=Y)
 * @param logonLockout                when failed logons lock a CompID or source host out, and how many logons may
 *                                    wait for the password check ({@code logon.*}, shared with order entry)
 * @param limits                      connections not logged on yet: how many at once, how many new per second per
 *                                    address, how long one may take to log on ({@code md.*} keys)
 * @param maxSnapshotRequestsPerSecond snapshot-only requests (263=0) one session may make per second; past it 35=Y
 */
public record MarketDataGatewayConfig(
    String bindAddress,
    int port,
    String compId,
    List<MdSessionConfig> sessions,
    int heartbeatIntervalSeconds,
    int maxDepth,
    int outboundQueueLimitMessages,
    MdIdleMode idleMode,
    int maxSubscriptionsPerSession,
    LockoutConfig logonLockout,
    DoorLimits limits,
    int maxSnapshotRequestsPerSecond)
{
    /** The market-data door's keys start with this ({@link DoorLimits}, TLS and the keys below). */
    public static final String PROP_PREFIX = "md.";
    public static final String BIND_ADDRESS_PROP_NAME = PROP_PREFIX + "bind-address";
    public static final String PORT_PROP_NAME = PROP_PREFIX + "port";
    public static final String COMP_ID_PROP_NAME = PROP_PREFIX + "comp-id";
    /** The sessions' CompIDs; each one's settings are {@link MdSessionConfig#propName}. */
    public static final String SESSIONS_PROP_NAME = PROP_PREFIX + "sessions";
    public static final String HEARTBEAT_INTERVAL_SECONDS_PROP_NAME = PROP_PREFIX + "heartbeat-interval-seconds";
    public static final String MAX_DEPTH_PROP_NAME = PROP_PREFIX + "max-depth";
    public static final String OUTBOUND_QUEUE_LIMIT_MESSAGES_PROP_NAME = PROP_PREFIX + "outbound-queue-limit-messages";
    public static final String IDLE_STRATEGY_PROP_NAME = PROP_PREFIX + "idle-strategy";
    public static final String MAX_SUBSCRIPTIONS_PER_SESSION_PROP_NAME = PROP_PREFIX + "max-subscriptions-per-session";
    public static final String MAX_SNAPSHOT_REQUESTS_PER_SECOND_PROP_NAME =
        PROP_PREFIX + "max-snapshot-requests-per-second";

    public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";
    public static final int DEFAULT_PORT = 9881;
    public static final String DEFAULT_COMP_ID = "KAIROS-MD";
    public static final int DEFAULT_HEARTBEAT_INTERVAL_SECONDS = 30;
    public static final int DEFAULT_MAX_DEPTH = 10;
    public static final int DEFAULT_OUTBOUND_QUEUE_LIMIT_MESSAGES = 10_000;
    public static final int DEFAULT_SESSION_COUNT = 10;
    public static final int DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION = 100;
    public static final int MAX_SUBSCRIPTIONS_PER_SESSION_LIMIT = 100_000;
    public static final int DEFAULT_MAX_SNAPSHOT_REQUESTS_PER_SECOND = 10;
    public static final MdIdleMode DEFAULT_IDLE_MODE = MdIdleMode.BLOCK;

    public MarketDataGatewayConfig
    {
        Objects.requireNonNull(bindAddress, BIND_ADDRESS_PROP_NAME);
        Objects.requireNonNull(compId, COMP_ID_PROP_NAME);
        Objects.requireNonNull(idleMode, IDLE_STRATEGY_PROP_NAME);
        Objects.requireNonNull(logonLockout, "logon.*");
        Objects.requireNonNull(limits, PROP_PREFIX + DoorLimits.MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX);
        requireInRange(port, 0, 65535, PORT_PROP_NAME);
        require(!compId.isBlank() && isPrintableToken(compId), COMP_ID_PROP_NAME,
            "must be printable ASCII without '='");
        sessions = List.copyOf(Objects.requireNonNull(sessions, SESSIONS_PROP_NAME));
        require(!sessions.isEmpty(), SESSIONS_PROP_NAME, "must list at least one session");
        final Set<String> compIds = new HashSet<>();
        for (final MdSessionConfig session : sessions)
        {
            require(compIds.add(session.compId()), SESSIONS_PROP_NAME, "duplicate comp-id " + session.compId());
        }
        requireInRange(heartbeatIntervalSeconds, 1, 3600, HEARTBEAT_INTERVAL_SECONDS_PROP_NAME);
        requireInRange(maxDepth, 1, 1000, MAX_DEPTH_PROP_NAME);
        requireInRange(outboundQueueLimitMessages, 16, 10_000_000, OUTBOUND_QUEUE_LIMIT_MESSAGES_PROP_NAME);
        requireInRange(maxSubscriptionsPerSession, 1, MAX_SUBSCRIPTIONS_PER_SESSION_LIMIT,
            MAX_SUBSCRIPTIONS_PER_SESSION_PROP_NAME);
        requireInRange(maxSnapshotRequestsPerSecond, 1, 100_000, MAX_SNAPSHOT_REQUESTS_PER_SECOND_PROP_NAME);
    }

    /** 127.0.0.1:9881, CompID KAIROS-MD, sessions MD01..MD10 with passwords md01pass..md10pass (cheap hashes:
     * see {@link MdSessionConfig#withPassword}), the default lock-out. */
    public static MarketDataGatewayConfig defaults()
    {
        final List<MdSessionConfig> sessions = new ArrayList<>();
        for (int i = 1; i <= DEFAULT_SESSION_COUNT; i++)
        {
            final String n = String.format("%02d", i);
            sessions.add(MdSessionConfig.withPassword("MD" + n, "md" + n + "pass"));
        }
        return new MarketDataGatewayConfig(DEFAULT_BIND_ADDRESS, DEFAULT_PORT, DEFAULT_COMP_ID, sessions,
            DEFAULT_HEARTBEAT_INTERVAL_SECONDS, DEFAULT_MAX_DEPTH, DEFAULT_OUTBOUND_QUEUE_LIMIT_MESSAGES,
            DEFAULT_IDLE_MODE, DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION, LockoutConfig.defaults(),
            DoorLimits.defaults(PROP_PREFIX), DEFAULT_MAX_SNAPSHOT_REQUESTS_PER_SECOND);
    }

    public MarketDataGatewayConfig withPort(final int newPort)
    {
        return new MarketDataGatewayConfig(bindAddress, newPort, compId, sessions, heartbeatIntervalSeconds, maxDepth,
            outboundQueueLimitMessages, idleMode, maxSubscriptionsPerSession, logonLockout, limits,
            maxSnapshotRequestsPerSecond);
    }

    public MarketDataGatewayConfig withOutboundQueueLimitMessages(final int limit)
    {
        return new MarketDataGatewayConfig(bindAddress, port, compId, sessions, heartbeatIntervalSeconds, maxDepth,
            limit, idleMode, maxSubscriptionsPerSession, logonLockout, limits,
            maxSnapshotRequestsPerSecond);
    }

    public MarketDataGatewayConfig withIdleMode(final MdIdleMode mode)
    {
        return new MarketDataGatewayConfig(bindAddress, port, compId, sessions, heartbeatIntervalSeconds, maxDepth,
            outboundQueueLimitMessages, mode, maxSubscriptionsPerSession, logonLockout, limits,
            maxSnapshotRequestsPerSecond);
    }

    public MarketDataGatewayConfig withHeartbeatIntervalSeconds(final int seconds)
    {
        return new MarketDataGatewayConfig(bindAddress, port, compId, sessions, seconds, maxDepth,
            outboundQueueLimitMessages, idleMode, maxSubscriptionsPerSession, logonLockout, limits,
            maxSnapshotRequestsPerSecond);
    }

    public MarketDataGatewayConfig withMaxSubscriptionsPerSession(final int limit)
    {
        return new MarketDataGatewayConfig(bindAddress, port, compId, sessions, heartbeatIntervalSeconds, maxDepth,
            outboundQueueLimitMessages, idleMode, limit, logonLockout, limits, maxSnapshotRequestsPerSecond);
    }

    public MarketDataGatewayConfig withLimits(final DoorLimits newLimits, final int snapshotRequestsPerSecond)
    {
        return new MarketDataGatewayConfig(bindAddress, port, compId, sessions, heartbeatIntervalSeconds, maxDepth,
            outboundQueueLimitMessages, idleMode, maxSubscriptionsPerSession, logonLockout, newLimits,
            snapshotRequestsPerSecond);
    }

    public MarketDataGatewayConfig withLogonLockout(final LockoutConfig newLogonLockout)
    {
        return new MarketDataGatewayConfig(bindAddress, port, compId, sessions, heartbeatIntervalSeconds, maxDepth,
            outboundQueueLimitMessages, idleMode, maxSubscriptionsPerSession, newLogonLockout, limits,
            maxSnapshotRequestsPerSecond);
    }

    /** @return the session with this CompID or null. */
    public MdSessionConfig session(final CharSequence sessionCompId)
    {
        for (final MdSessionConfig session : sessions)
        {
            if (session.compId().contentEquals(sessionCompId))
            {
                return session;
            }
        }
        return null;
    }
}
