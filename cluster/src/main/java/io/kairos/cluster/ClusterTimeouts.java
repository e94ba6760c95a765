package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

/**
 * How fast the members notice a lost leader and elect another, validated; immutable. Failover takes about
 * {@code leaderHeartbeatTimeoutNs} (silence before the followers give the leader up) plus an election, measured
 * ({@link ClusterWatch}'s lines): a short canvass and nomination, a ballot that waits the whole
 * {@code electionTimeoutNs} (the dead member never votes), then the new leader's start and its followers joining
 * (~150 ms). Shorter fails over faster, but a member whose threads stall for longer than the heartbeat timeout (GC,
 * a starved CPU) is replaced needlessly, which costs an election of its own.
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

    /** The shipped defaults: sub-second failover for members on cores of their own. */
    public static final ClusterTimeouts DEFAULTS = ofMillis(300, 30, 100);

    public ClusterTimeouts
    {
        if (leaderHeartbeatIntervalNs < TimeUnit.MILLISECONDS.toNanos(10))
        {
            throw new IllegalArgumentException("cluster.leader-heartbeat-interval-ms must be at least 10, was " +
                TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatIntervalNs));
        }
        if (leaderHeartbeatTimeoutNs < MIN_HEARTBEATS_PER_TIMEOUT * leaderHeartbeatIntervalNs)
        {
            throw new IllegalArgumentException("cluster.leader-heartbeat-timeout-ms must be at least " +
                MIN_HEARTBEATS_PER_TIMEOUT + " x cluster.leader-heartbeat-interval-ms (" +
                MIN_HEARTBEATS_PER_TIMEOUT * TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatIntervalNs) + "), was " +
                TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatTimeoutNs));
        }
        if (electionTimeoutNs < TimeUnit.MILLISECONDS.toNanos(100))
        {
            throw new IllegalArgumentException("cluster.election-timeout-ms must be at least 100, was " +
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
