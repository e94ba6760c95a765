package io.kairos.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.aeron.cluster.service.Cluster;
import io.kairos.engine.AgentThread;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * Three members and a gateway's client in the test's JVM, on loopback ports picked once (a restarted member comes
 * back on its own), each member's data under {@code dir}; logs not forced to disk unless asked
 * ({@code cluster.file-sync=none}: the tests kill nothing but processes' objects). {@link #close} closes whatever
 * still runs. Owned by the test thread.
 */
final class InProcessCluster implements AutoCloseable
{
    private static final int HISTORY = 1024;
    static final String CLIENT_SECRET = "in-process-cluster-client-secret";

    final ClusterMember[] members = new ClusterMember[3];
    /** What each member logged, across its restarts. */
    final LogLines[] logs = new LogLines[members.length];
    private final List<MemberEndpoint> endpoints = new ArrayList<>();
    private final Path dir;
    private final MemberThreading threading;
    private final boolean fileSync;
    private ClusterEngine client;
    private AgentThread clientThread;

    /** Members in {@link MemberThreading#COMPACT}, what the 2-core machines these tests run on choose. */
    InProcessCluster(final Path dir)
    {
        this(dir, MemberThreading.COMPACT);
    }

    InProcessCluster(final Path dir, final MemberThreading threading)
    {
        this(dir, threading, false);
    }

    /** @param fileSync {@code cluster.file-sync}: whether the members force their logs to disk */
    InProcessCluster(final Path dir, final MemberThreading threading, final boolean fileSync)
    {
        this.dir = dir;
        this.threading = threading;
        this.fileSync = fileSync;
        for (final int base : FreePorts.udpRanges(members.length, MemberEndpoint.PORTS))
        {
            endpoints.add(new MemberEndpoint("127.0.0.1", base));
        }
        for (int i = 0; i < logs.length; i++)
        {
            logs[i] = new LogLines(ClusterLog.to(System.out, "member " + i));
        }
    }

    /** Member {@code id}'s configuration (or the client's), with the shipped failover timeouts. */
    ClusterConfig config(final int id, final Path memberDir)
    {
        return new ClusterConfig(Replication.CLUSTER, endpoints, id, memberDir, "127.0.0.1", HISTORY, fileSync,
            ClusterTimeouts.DEFAULTS, ClusterSecret.of(CLIENT_SECRET));
    }

    /** Starts every member (again, on its data, after {@link #closeMembers}). */
    InProcessCluster launch(final EngineConfig engine)
    {
        for (int i = 0; i < members.length; i++)
        {
            start(i, engine);
        }
        return this;
    }

    /** Starts member {@code i} (again, on its data, after {@link #stop}). */
    void start(final int i, final EngineConfig engine)
    {
        members[i] = ClusterMember.launch(config(i, dir.resolve("m" + i)), engine, threading,
            Throwable::printStackTrace, logs[i]);
    }

    /**
     * A gateway's client, started (its recovery done) with {@code listener}; with {@code polled} its agent then runs
     * on a thread of its own ({@link #clientThread}).
     */
    ClusterEngine startClient(final EngineConfig engine, final EngineEventListener listener, final boolean polled)
    {
        client = new ClusterEngine(config(ClusterConfig.NOT_A_MEMBER, dir.resolve("client")), engine,
            new SystemEpochNanoClock(), Throwable::printStackTrace, ClusterLog.to(System.out, "client"))
            .start(listener);
        if (polled)
        {
            clientThread = AgentThread.start("test-cluster-client", new BackoffIdleStrategy(),
                Throwable::printStackTrace, Thread::new);
            clientThread.add(client);
        }
        return client;
    }

    AgentThread clientThread()
    {
        return clientThread;
    }

    /** Waits (bounded) for a leader among the running members. @return its index */
    int leader()
    {
        final int[] leader = {-1};
        Await.until("a leader", () ->
        {
            for (int i = 0; i < members.length; i++)
            {
                if (members[i] != null && members[i].role() == Cluster.Role.LEADER)
                {
                    leader[0] = i;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    /** Stops member {@code i} (its process's end, as far as the others can tell). */
    void stop(final int i)
    {
        members[i].close();
        members[i] = null;
    }

    void stopClient()
    {
        if (clientThread != null)
        {
            clientThread.remove(client);
        }
        CloseHelper.closeAll(client, clientThread);
        client = null;
        clientThread = null;
    }

    void closeMembers()
    {
        CloseHelper.closeAll(members);
        Arrays.fill(members, null);
    }

    @Override
    public void close()
    {
        stopClient();
        closeMembers();
    }
}
