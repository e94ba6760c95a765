package io.kairos.cluster;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The leader's view of which members are with it, from its consensus module's member list: a follower is present
 * while the leader has had an acknowledgement of the log from it (an append position) within the heartbeat timeout,
 * the same rule by which Aeron's leader counts its quorum; the leader itself is always present. Logs each member's
 * loss and return once, with the leader and its term, and counts them. A new leadership (another leader or term)
 * starts from "everyone present", so a member that became leader reports as lost only the members that stay silent
 * for a timeout under it (the old leader after a failover), never a spurious return.
 *
 * <p>Fed one member list at a time ({@link #leading}, then {@link #member} for each member, then {@link #end}), or
 * {@link #notLeading}, by one thread ({@link MembershipWatch}'s); the counts are read from any thread. Allocates only
 * to write a line.
 */
final class MemberPresence
{
    private static final int NONE = -1;

    private final long timeoutNs;
    private final ClusterLog log;
    private final boolean[] lost;
    /** The last acknowledgement (cluster clock) a lost member gave before it was lost. */
    private final long[] lastAckBeforeLossNs;
    private int leaderId = NONE;
    private long term = NONE;
    private long leadingSinceNs;
    private long nowNs;
    private int present;
    private volatile long lostCount;
    private volatile long rejoinedCount;
    private volatile int connected;

    /**
     * @param memberCount how many members the cluster has (their ids are 0 to {@code memberCount - 1})
     * @param timeoutNs   silence after which a member counts as lost ({@code cluster.leader-heartbeat-timeout-ms})
     */
    MemberPresence(final int memberCount, final long timeoutNs, final ClusterLog log)
    {
        this.timeoutNs = timeoutNs;
        this.log = log;
        this.lost = new boolean[memberCount];
        this.lastAckBeforeLossNs = new long[memberCount];
    }

    /** A member list answered by this member, the leader of {@code leadershipTermId}, at {@code nowNs}. */
    void leading(final int leaderMemberId, final long leadershipTermId, final long nowNs)
    {
        if (leaderMemberId != leaderId || leadershipTermId != term)
        {
            leaderId = leaderMemberId;
            term = leadershipTermId;
            leadingSinceNs = nowNs;
            Arrays.fill(lost, false);
        }
        this.nowNs = nowNs;
        present = 0;
    }

    /** One member of the list: when the leader last had its acknowledgement (cluster clock). */
    void member(final int memberId, final long lastAckNs)
    {
        if (memberId < 0 || memberId >= lost.length)
        {
            return;
        }
        if (memberId == leaderId)
        {
            present++;
            return;
        }
        final long sinceNs = Math.max(lastAckNs, leadingSinceNs); // acks to an earlier leader count for nothing here
        final boolean silent = nowNs - sinceNs > timeoutNs;
        if (!lost[memberId] && silent)
        {
            lost[memberId] = true;
            lastAckBeforeLossNs[memberId] = sinceNs;
            lostCount++;
            log.info("member " + memberId + " lost: no log progress acknowledged for " + millis(nowNs - sinceNs) +
                " ms (" + leadership() + ")");
        }
        else if (lost[memberId] && !silent)
        {
            lost[memberId] = false;
            rejoinedCount++;
            log.info("member " + memberId + " rejoined after " + millis(sinceNs - lastAckBeforeLossNs[memberId]) +
                " ms (" + leadership() + ")");
        }
        if (!lost[memberId])
        {
            present++;
        }
    }

    /** The list is complete. */
    void end()
    {
        connected = present;
    }

    /** This member is not the leader (any more): it sees no members; the next leadership starts afresh. */
    void notLeading()
    {
        leaderId = NONE;
        term = NONE;
        connected = 0;
    }

    /** Members lost since this member started, as the leader saw them; any thread. */
    long lost()
    {
        return lostCount;
    }

    /** Lost members that came back, as the leader saw them; any thread. */
    long rejoined()
    {
        return rejoinedCount;
    }

    /** Members the leader sees, itself included (0 on a member that is not the leader); any thread. */
    int connected()
    {
        return connected;
    }

    private String leadership()
    {
        return "leader member " + leaderId + ", term " + term;
    }

    private static long millis(final long ns)
    {
        return TimeUnit.NANOSECONDS.toMillis(ns);
    }
}
