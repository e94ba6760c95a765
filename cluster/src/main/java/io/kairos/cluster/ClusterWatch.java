package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

import io.aeron.Counter;
import io.aeron.cluster.ElectionState;
import org.agrona.concurrent.Agent;

/**
 * Reports this member's elections: when one starts (the leader was lost, or the member starts), each state it passes
 * through with the time since the start (where a slow failover spends its time: canvass, nomination, ballot, the new
 * leader's start), and when it ends, with how long it took and the role it left the member in. Aeron Cluster logs
 * nothing of this itself, so without it a kill -9 of the leader left no line anywhere. Polls the consensus module's
 * election-state and role counters (safe from any thread) on a slow-polling thread of its own; allocates only to
 * write a line.
 */
final class ClusterWatch implements Agent
{
    private static final String[] ROLES = {"follower", "candidate", "leader"};

    private final Counter electionState;
    private final Counter role;
    private final ClusterLog log;
    private ElectionState lastState = ElectionState.CLOSED;
    private long electionStartedNs;

    ClusterWatch(final Counter electionState, final Counter role, final ClusterLog log)
    {
        this.electionState = electionState;
        this.role = role;
        this.log = log;
    }

    @Override
    public int doWork()
    {
        if (electionState.isClosed())
        {
            return 0;
        }
        final ElectionState state = ElectionState.get(electionState.get());
        if (state == lastState)
        {
            return 0;
        }
        if (lastState == ElectionState.CLOSED)
        {
            electionStartedNs = System.nanoTime();
            log.info("election started (state " + state + ")");
        }
        else if (state != ElectionState.CLOSED)
        {
            log.info("election state " + lastState + " -> " + state + " at +" +
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - electionStartedNs) + " ms");
        }
        else
        {
            final long code = role.isClosed() ? -1 : role.get();
            log.info("election over after " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - electionStartedNs) +
                " ms: this member is " + (code >= 0 && code < ROLES.length ? ROLES[(int)code] : "unknown"));
        }
        lastState = state;
        return 1;
    }

    @Override
    public String roleName()
    {
        return "kairos-cluster-watch";
    }
}
