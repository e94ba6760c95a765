package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

import io.kairos.engine.ConfigValueException;

/**
 * How fast the members notice a lost leader and elect another, validated; immutable. Failover takes about
 * {@code leaderHeartbeatTimeoutNs} (silence before the followers give the leader up) plus an election, measured
 * ({@link ClusterWatch}'s lines): a short canvass and nomination, a ballot that waits the whole
 * {@code electionTimeoutNs} (the dead member never votes), then the new leader's start and its followers joining
 * (the parts measured in the cluster README, "Failover"). Shorter fails over faster, but a member whose threads
 * stall for longer than the heartbeat timeout (GC, a starved CPU) is replaced needlessly, which costs an election of
 * its own.
 *
 * @param leaderHeartbeatTimeoutNs  {@code cluster.leader-heartbeat-timeout-ms}
 * @param leaderHeartbeatIntervalNs {@code cluster.leader-heartbeat-interval-ms}: how often the leader speaks when it
 *                                  has nothing to replicate; several must fit in the timeout
 * @param electionTimeoutNs         {@code cluster.election-timeout-ms}
 */
public record ClusterTimeouts(long leaderHeartbeatTimeoutNs, long leaderHeartbeatIntervalNs, long electionTimeoutNs)
{
    /** Heartbeats that must fit in the timeout, so that one or two lost or late ones never cost an election. */
    static final int MIN_HEARTBEATS_PER_TIMEOUT = 4;

    public static final String LEADER_HEARTBEAT_TIMEOUT_MS_PROP_NAME = "cluster.leader-heartbeat-timeout-ms";
    public static final String LEADER_HEARTBEAT_INTERVAL_MS_PROP_NAME = "cluster.leader-heartbeat-interval-ms";
    public static final String ELECTION_TIMEOUT_MS_PROP_NAME = "cluster.election-timeout-ms";
    public static final long DEFAULT_LEADER_HEARTBEAT_TIMEOUT_MS = 300;
    public static final long DEFAULT_LEADER_HEARTBEAT_INTERVAL_MS = 30;
    public static final long DEFAULT_ELECTION_TIMEOUT_MS = 100;

    /** The shipped defaults: sub-second failover for members on cores of their own. */
    public static final ClusterTimeouts DEFAULTS = ofMillis(DEFAULT_LEADER_HEARTBEAT_TIMEOUT_MS,
        DEFAULT_LEADER_HEARTBEAT_INTERVAL_MS, DEFAULT_ELECTION_TIMEOUT_MS);

    public ClusterTimeouts
    {
        if (leaderHeartbeatIntervalNs < TimeUnit.MILLISECONDS.toNanos(10))
        {
            throw new ConfigValueException(LEADER_HEARTBEAT_INTERVAL_MS_PROP_NAME, "must be at least 10, was " +
                TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatIntervalNs));
        }
        if (leaderHeartbeatTimeoutNs < MIN_HEARTBEATS_PER_TIMEOUT * leaderHeartbeatIntervalNs)
        {
            throw new ConfigValueException(LEADER_HEARTBEAT_TIMEOUT_MS_PROP_NAME, "must be at least " +
                MIN_HEARTBEATS_PER_TIMEOUT + " x " + LEADER_HEARTBEAT_INTERVAL_MS_PROP_NAME + " (" +
                MIN_HEARTBEATS_PER_TIMEOUT * TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatIntervalNs) + "), was " +
                TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatTimeoutNs));
        }
        if (electionTimeoutNs < TimeUnit.MILLISECONDS.toNanos(100))
        {
            throw new ConfigValueException(ELECTION_TIMEOUT_MS_PROP_NAME, "must be at least 100, was " +
                TimeUnit.NANOSECONDS.toMillis(electionTimeoutNs));
        }
    }

    public static ClusterTimeouts ofMillis(final long heartbeatTimeout, final long heartbeatInterval,
        final long electionTimeout)
    {
        return new ClusterTimeouts(TimeUnit.MILLISECONDS.toNanos(heartbeatTimeout),
            TimeUnit.MILLISECONDS.toNanos(heartbeatInterval), TimeUnit.MILLISECONDS.toNanos(electionTimeout));
    }

    /** How often members exchange election status: fine enough for an election a few times this long. */
    long electionStatusIntervalNs()
    {
        return Math.max(TimeUnit.MILLISECONDS.toNanos(5), electionTimeoutNs / 10);
    }
}
