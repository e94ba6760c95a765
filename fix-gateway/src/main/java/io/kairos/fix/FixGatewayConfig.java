package io.kairos.fix;

import static io.kairos.engine.ConfigChecks.isPrintableToken;
import static io.kairos.engine.ConfigChecks.require;
import static io.kairos.engine.ConfigChecks.requireAtLeast;
import static io.kairos.engine.ConfigChecks.requireAtMost;
import static io.kairos.engine.ConfigChecks.requireInRange;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.kairos.access.LockoutConfig;
import io.kairos.access.DoorLimits;

/**
 * Everything the order-entry gateway needs. Immutable; the constructor validates and names the
 * field at fault. Defaults live in {@link #defaults(Path)} and the constants here, and only there.
 *
 * @param bindAddress                    address the acceptor listens on
 * @param port                           TCP port; 0 picks a free one ({@link FixGateway#port()} tells which)
 * @param compId                         the gateway's own CompID (the clients' TargetCompID)
 * @param dataDir                        directory of the gateway's persistent state: Artio logs and sequence
 *                                       numbers, the Aeron archive of sent messages, the media driver's files
 * @param sessions                       the sessions that may log on; any other CompID is refused
 * @param maxSessions                    most sessions connected at once; further logons are refused
 * @param heartbeatIntervalSeconds       heartbeat interval used when a client's logon does not ask for one
 * @param throttleMessagesPerSecond      messages a session may send in any one-second window; later ones are
 *                                       rejected with a BusinessMessageReject
 * @param throttleDisconnectAfterRejects a session whose messages were throttle-rejected this many times in a row
 *                                       is logged out and disconnected
 * @param idleMode                       how the framer and library threads wait for work
 * @param maxHeartBtIntSeconds           largest HeartBtInt (108) a client's Logon may ask for; 0 or more is refused
 *                                       with a Logout naming the range (HeartBtInt=0 would make the venue send a
 *                                       Heartbeat on every duty cycle)
 * @param logonLockout                   when failed logons lock a CompID or source host out, and how many logons may
 *                                       wait for the password check ({@code logon.*}, shared with market data)
 * @param limits                         connections not logged on yet: how many at once, how many new per second per
 *                                       address, how long before they are closed ({@code fix.*} keys)
 * @param dropCopySessions               the drop-copy sessions that may log on ({@code fix.drop-copy-sessions}): each
 *                                       receives a copy of its firms' ExecutionReports and may not enter orders
 */
public record FixGatewayConfig(
    String bindAddress,
    int port,
    String compId,
    Path dataDir,
    List<FixSessionConfig> sessions,
    int maxSessions,
    int heartbeatIntervalSeconds,
    int throttleMessagesPerSecond,
    int throttleDisconnectAfterRejects,
    IdleMode idleMode,
    int maxHeartBtIntSeconds,
    LockoutConfig logonLockout,
    DoorLimits limits,
    List<DropCopySessionConfig> dropCopySessions)
{
    /** The order-entry door's keys start with this ({@link DoorLimits}, TLS and the keys below). */
    public static final String PROP_PREFIX = "fix.";
    public static final String BIND_ADDRESS_PROP_NAME = PROP_PREFIX + "bind-address";
    public static final String PORT_PROP_NAME = PROP_PREFIX + "port";
    public static final String COMP_ID_PROP_NAME = PROP_PREFIX + "comp-id";
    public static final String DATA_DIR_PROP_NAME = PROP_PREFIX + "data-dir";
    public static final String MAX_SESSIONS_PROP_NAME = PROP_PREFIX + "max-sessions";
    public static final String HEARTBEAT_INTERVAL_SECONDS_PROP_NAME = PROP_PREFIX + "heartbeat-interval-seconds";
    public static final String MAX_HEART_BT_INT_SECONDS_PROP_NAME = PROP_PREFIX + "max-heart-bt-int-seconds";
    public static final String THROTTLE_MESSAGES_PER_SECOND_PROP_NAME = PROP_PREFIX + "throttle.messages-per-second";
    public static final String THROTTLE_DISCONNECT_AFTER_REJECTS_PROP_NAME =
        PROP_PREFIX + "throttle.disconnect-after-rejects";
    public static final String IDLE_STRATEGY_PROP_NAME = PROP_PREFIX + "idle-strategy";
    /** The order-entry sessions' CompIDs; each one's settings are {@link FixSessionConfig#propName}. */
    public static final String SESSIONS_PROP_NAME = PROP_PREFIX + "sessions";
    /** The drop-copy sessions' CompIDs; each one's settings are {@link DropCopySessionConfig#propName}. */
    public static final String DROP_COPY_SESSIONS_PROP_NAME = PROP_PREFIX + "drop-copy-sessions";

    public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";
    public static final int DEFAULT_PORT = 9880;
    public static final String DEFAULT_COMP_ID = "KAIROS";
    public static final int DEFAULT_SESSION_COUNT = 10;
    public static final int DEFAULT_MAX_SESSIONS = 64;
    public static final IdleMode DEFAULT_IDLE_MODE = IdleMode.BACKOFF;
    public static final int DEFAULT_HEARTBEAT_INTERVAL_SECONDS = 30;
    public static final int DEFAULT_THROTTLE_MESSAGES_PER_SECOND = 150;
    public static final int DEFAULT_THROTTLE_DISCONNECT_AFTER_REJECTS = 450;
    public static final int DEFAULT_MAX_HEART_BT_INT_SECONDS = 3600;
    /** Ceiling of {@code fix.max-heart-bt-int-seconds}: one day. */
    public static final int MAX_HEART_BT_INT_LIMIT_SECONDS = 86_400;
    /** Ceiling of {@code fix.max-sessions}. */
    public static final int MAX_SESSIONS_LIMIT = 100_000;
    /** Ceiling of {@code fix.throttle.messages-per-second}. */
    public static final int MAX_THROTTLE_MESSAGES_PER_SECOND = 1_000_000;
    /** Highest engine session id; the gateway keeps an array indexed by it. */
    public static final int MAX_SESSION_ID = 65_535;

    public FixGatewayConfig
    {
        Objects.requireNonNull(bindAddress, BIND_ADDRESS_PROP_NAME);
        Objects.requireNonNull(compId, COMP_ID_PROP_NAME);
        Objects.requireNonNull(dataDir, DATA_DIR_PROP_NAME);
        Objects.requireNonNull(idleMode, IDLE_STRATEGY_PROP_NAME);
        Objects.requireNonNull(logonLockout, "logon.*");
        Objects.requireNonNull(limits, PROP_PREFIX + DoorLimits.MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX);
        sessions = List.copyOf(Objects.requireNonNull(sessions, SESSIONS_PROP_NAME));
        require(!bindAddress.isBlank(), BIND_ADDRESS_PROP_NAME, "must not be empty");
        requireInRange(port, 0, 65_535, PORT_PROP_NAME);
        require(!compId.isEmpty() && compId.length() <= FixSessionConfig.MAX_COMP_ID_LENGTH &&
            isPrintableToken(compId), COMP_ID_PROP_NAME,
            "must be 1.." + FixSessionConfig.MAX_COMP_ID_LENGTH + " printable ASCII characters without '='");
        require(!sessions.isEmpty(), SESSIONS_PROP_NAME, "must name at least one session");
        requireAtLeast(maxSessions, 1, MAX_SESSIONS_PROP_NAME);
        requireAtMost(maxSessions, MAX_SESSIONS_LIMIT, MAX_SESSIONS_PROP_NAME);
        requireInRange(heartbeatIntervalSeconds, 1, 3600, HEARTBEAT_INTERVAL_SECONDS_PROP_NAME);
        requireAtLeast(throttleMessagesPerSecond, 1, THROTTLE_MESSAGES_PER_SECOND_PROP_NAME);
        requireAtMost(throttleMessagesPerSecond, MAX_THROTTLE_MESSAGES_PER_SECOND,
            THROTTLE_MESSAGES_PER_SECOND_PROP_NAME);
        requireAtLeast(throttleDisconnectAfterRejects, 1, THROTTLE_DISCONNECT_AFTER_REJECTS_PROP_NAME);
        requireInRange(maxHeartBtIntSeconds, 1, MAX_HEART_BT_INT_LIMIT_SECONDS,
            MAX_HEART_BT_INT_SECONDS_PROP_NAME);
        final Set<String> compIds = new HashSet<>();
        final Set<Integer> sessionIds = new HashSet<>();
        for (final FixSessionConfig session : sessions)
        {
            require(compIds.add(session.compId()), SESSIONS_PROP_NAME, "duplicate comp-id " + session.compId());
            require(sessionIds.add(session.sessionId()), SESSIONS_PROP_NAME,
                "duplicate session-id " + session.sessionId());
            require(session.sessionId() <= MAX_SESSION_ID, SESSIONS_PROP_NAME,
                "session-id of " + session.compId() + " must be <= " + MAX_SESSION_ID);
            require(!session.compId().equals(compId), SESSIONS_PROP_NAME,
                "comp-id " + compId + " is the gateway's own");
        }
        dropCopySessions = List.copyOf(Objects.requireNonNull(dropCopySessions, DROP_COPY_SESSIONS_PROP_NAME));
        for (final DropCopySessionConfig dropCopy : dropCopySessions)
        {
            require(compIds.add(dropCopy.compId()), DROP_COPY_SESSIONS_PROP_NAME,
                "comp-id " + dropCopy.compId() + " is already a session's");
            require(sessionIds.add(dropCopy.sessionId()), DROP_COPY_SESSIONS_PROP_NAME,
                "session-id " + dropCopy.sessionId() + " of " + dropCopy.compId() + " is already a session's");
            require(dropCopy.sessionId() <= MAX_SESSION_ID, DROP_COPY_SESSIONS_PROP_NAME,
                "session-id of " + dropCopy.compId() + " must be <= " + MAX_SESSION_ID);
            require(!dropCopy.compId().equals(compId), DROP_COPY_SESSIONS_PROP_NAME,
                "comp-id " + compId + " is the gateway's own");
        }
    }

    /** The configuration without drop-copy sessions. */
    public FixGatewayConfig(
        final String bindAddress, final int port, final String compId, final Path dataDir,
        final List<FixSessionConfig> sessions, final int maxSessions, final int heartbeatIntervalSeconds,
        final int throttleMessagesPerSecond, final int throttleDisconnectAfterRejects, final IdleMode idleMode,
        final int maxHeartBtIntSeconds, final LockoutConfig logonLockout, final DoorLimits limits)
    {
        this(bindAddress, port, compId, dataDir, sessions, maxSessions, heartbeatIntervalSeconds,
            throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode, maxHeartBtIntSeconds, logonLockout,
            limits, List.of());
    }

    /**
     * Every session that may log on: the order-entry sessions, then the drop-copy sessions (as
     * {@link DropCopySessionConfig#asLogon()}). Allocates.
     */
    public List<FixSessionConfig> logons()
    {
        final List<FixSessionConfig> logons = new ArrayList<>(sessions);
        for (final DropCopySessionConfig dropCopy : dropCopySessions)
        {
            logons.add(dropCopy.asLogon());
        }
        return logons;
    }

    public FixGatewayConfig withDropCopySessions(final List<DropCopySessionConfig> newDropCopySessions)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, logonLockout, limits, newDropCopySessions);
    }

    /**
     * The default contract: 127.0.0.1:9880, CompID KAIROS, sessions CLIENT01..CLIENT10 with passwords
     * client01pass..client10pass (cheap hashes: see {@link FixSessionConfig#withPassword}) and engine session ids
     * 1..10 (CLIENT01..05 trading for firm FIRM1, 06..10 for FIRM2), no cancel-on-disconnect, the default lock-out.
     */
    public static FixGatewayConfig defaults(final Path dataDir)
    {
        final List<FixSessionConfig> sessions = new ArrayList<>();
        for (int i = 1; i <= DEFAULT_SESSION_COUNT; i++)
        {
            final String number = String.format("%02d", i);
            sessions.add(FixSessionConfig.withPassword("CLIENT" + number, "client" + number + "pass", i, false,
                i <= DEFAULT_SESSION_COUNT / 2 ? "FIRM1" : "FIRM2"));
        }
        return new FixGatewayConfig(DEFAULT_BIND_ADDRESS, DEFAULT_PORT, DEFAULT_COMP_ID, dataDir, sessions,
            DEFAULT_MAX_SESSIONS, DEFAULT_HEARTBEAT_INTERVAL_SECONDS, DEFAULT_THROTTLE_MESSAGES_PER_SECOND,
            DEFAULT_THROTTLE_DISCONNECT_AFTER_REJECTS, DEFAULT_IDLE_MODE, DEFAULT_MAX_HEART_BT_INT_SECONDS,
            LockoutConfig.defaults(), DoorLimits.defaults(PROP_PREFIX));
    }

    public FixGatewayConfig withIdleMode(final IdleMode newIdleMode)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, newIdleMode,
            maxHeartBtIntSeconds, logonLockout, limits, dropCopySessions);
    }

    public FixGatewayConfig withPort(final int newPort)
    {
        return new FixGatewayConfig(bindAddress, newPort, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, logonLockout, limits, dropCopySessions);
    }

    public FixGatewayConfig withSessions(final List<FixSessionConfig> newSessions)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, newSessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, logonLockout, limits, dropCopySessions);
    }

    public FixGatewayConfig withMaxSessions(final int newMaxSessions)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, newMaxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, logonLockout, limits, dropCopySessions);
    }

    public FixGatewayConfig withThrottle(final int messagesPerSecond, final int disconnectAfterRejects)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, messagesPerSecond, disconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, logonLockout, limits, dropCopySessions);
    }

    public FixGatewayConfig withMaxHeartBtIntSeconds(final int seconds)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode, seconds,
            logonLockout, limits, dropCopySessions);
    }

    public FixGatewayConfig withLimits(final DoorLimits newLimits)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, logonLockout, newLimits, dropCopySessions);
    }

    public FixGatewayConfig withLogonLockout(final LockoutConfig newLogonLockout)
    {
        return new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions, maxSessions,
            heartbeatIntervalSeconds, throttleMessagesPerSecond, throttleDisconnectAfterRejects, idleMode,
            maxHeartBtIntSeconds, newLogonLockout, limits, dropCopySessions);
    }

    public FixSessionConfig session(final String sessionCompId)
    {
        for (final FixSessionConfig session : sessions)
        {
            if (session.compId().equals(sessionCompId))
            {
                return session;
            }
        }
        return null;
    }
}
