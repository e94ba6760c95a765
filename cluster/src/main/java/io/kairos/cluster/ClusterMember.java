package io.kairos.cluster;

import java.io.File;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.aeron.archive.Archive;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.kairos.engine.DirectoryLock;
import io.kairos.engine.EngineConfig;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * One member of a partition group's cluster, in this process: a media driver, an archive (which records the
 * consensus log and the snapshots in {@code cluster.dir}), the consensus module (Raft: elections, the log, commit)
 * and the {@link MatchingService} in its container, with the watches that log its elections ({@link ClusterWatch})
 * and, while it leads, the members it loses and regains ({@link MembershipWatch}). Started by {@link #launch}, which
 * returns once the parts run (the member then finds the others, recovers from its snapshot and log, and joins or holds
 * an election by itself); closed by {@link #close}. Lifecycle calls from one thread.
 */
public final class ClusterMember implements AutoCloseable
{
    /** A gateway (cluster client) silent for this long is closed; the client sends keep-alives well within it. */
    static final long SESSION_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    /** The log's term: its largest message (an ingress command, an egress reply) is an eighth of it. */
    static final String TERM_LENGTH = "4m";

    /**
     * Every agent of a member in dedicated threading (driver, archive, consensus module, service): spin, yield, then
     * park from 1 µs up to 100 µs. A command crosses about ten of them on its way to commit and back, so
     * the longest park bounds each hop's wake-up; with Aeron's default (1 ms) an acknowledgement took milliseconds.
     */
    static IdleStrategy newIdleStrategy()
    {
        return new BackoffIdleStrategy(10, 20, 1_000, 100_000);
    }

    /**
     * A member's agents in {@code threading}: dedicated as {@link #newIdleStrategy()}; compact parks at once (one
     * spin, one yield), because on shared cores each spin or yield is one more duty cycle of the driver, whose socket
     * polls (a {@code recvfrom} per transport) are most of what an otherwise idle member costs.
     */
    static IdleStrategy newIdleStrategy(final MemberThreading threading)
    {
        return threading == MemberThreading.COMPACT ?
            new BackoffIdleStrategy(1, 1, 1_000, 100_000) : newIdleStrategy();
    }

    static final String LOCK_FILE = "member.lock";
    private static final long SNAPSHOT_POLL_MS = 100;
    /** Fine enough to time an election's parts, coarse enough to cost nothing. */
    private static final long WATCH_POLL_MS = 5;
    /** Aeron's liveness marks, which refuse a start for a while after a kill -9; stale once we hold the lock. */
    private static final String[] MARK_FILES =
        {"archive/archive-mark.dat", "consensus/cluster-mark.dat", "consensus/cluster-mark-service-0.dat"};

    private final DirectoryLock lock;
    private final ConsensusNode node;
    private final MatchingService service;
    private final AgentRunner snapshotTrigger;
    private final AgentRunner watch;
    private final AgentRunner membersWatch;
    private final MemberPresence presence;
    private final GatewayAuthenticator authenticator;

    private ClusterMember(
        final DirectoryLock lock, final ConsensusNode node,
        final MatchingService service, final AgentRunner snapshotTrigger, final AgentRunner watch,
        final AgentRunner membersWatch, final MemberPresence presence, final GatewayAuthenticator authenticator)
    {
        this.watch = watch;
        this.membersWatch = membersWatch;
        this.presence = presence;
        this.authenticator = authenticator;
        this.lock = lock;
        this.node = node;
        this.service = service;
        this.snapshotTrigger = snapshotTrigger;
    }

    /** Starts member {@code cluster.memberId()} of the cluster, matching {@code engine}'s hosted partitions. */
    public static ClusterMember launch(
        final ClusterConfig cluster, final EngineConfig engine, final MemberThreading threading,
        final ErrorHandler errors, final ClusterLog log)
    {
        if (!cluster.isMember())
        {
            throw new IllegalArgumentException(
                ClusterConfig.MEMBER_ID_PROP_NAME + " is not set: this process is not a member");
        }
        final int id = cluster.memberId();
        final MemberEndpoint self = cluster.members().get(id);
        final Path dir = cluster.dir().toAbsolutePath();
        final DirectoryLock lock = DirectoryLock.acquire(dir, LOCK_FILE, ClusterConfig.DIR_PROP_NAME, "cluster member");
        for (final String mark : MARK_FILES)
        {
            lock.clearStaleMark(dir.resolve(mark)); // no other member process runs on this directory
        }
        final String aeronDir = cluster.aeronDirectory("m" + id);
        final MediaDriver.Context driverContext = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .termBufferSparseFile(true)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .errorHandler(errors);
        final Archive.Context archiveContext = new Archive.Context()
            .aeronDirectoryName(aeronDir)
            .archiveDir(dir.resolve("archive").toFile())
            .archiveId(id)
            .controlChannel("aeron:udp?endpoint=" + self.endpoint(self.archiveControlPort()))
            .localControlChannel("aeron:ipc?term-length=64k")
            .replicationChannel("aeron:udp?endpoint=" + self.host() + ":0")
            .recordingEventsEnabled(false)
            .fileSyncLevel(cluster.fileSync() ? 1 : 0)
            .catalogFileSyncLevel(cluster.fileSync() ? 1 : 0)
            .idleStrategySupplier(() -> newIdleStrategy(threading))
            .errorHandler(errors);
        final AeronArchive.Context localArchive = new AeronArchive.Context()
            .lock(NoOpLock.INSTANCE)
            .controlRequestChannel(archiveContext.localControlChannel())
            .controlRequestStreamId(archiveContext.localControlStreamId())
            .controlResponseChannel(archiveContext.localControlChannel())
            .aeronDirectoryName(aeronDir);
        final File clusterDir = dir.resolve("consensus").toFile();
        final GatewayAuthenticator authenticator = new GatewayAuthenticator(cluster.clientSecret(),
            (sessionId, why) -> log.info("REFUSED client session " + sessionId + ": " + why));
        final ConsensusModule.Context consensusContext = new ConsensusModule.Context()
            .clusterMemberId(id)
            .clusterMembers(cluster.aeronClusterMembers())
            .clusterDir(clusterDir)
            .archiveContext(localArchive.clone())
            .serviceCount(1)
            .ingressChannel("aeron:udp")
            .logChannel("aeron:udp?term-length=" + TERM_LENGTH)
            .replicationChannel("aeron:udp?endpoint=" + self.host() + ":0")
            .clusterClock(new RealtimeClusterClock())
            .fileSyncLevel(cluster.fileSync() ? 1 : 0)
            .leaderHeartbeatTimeoutNs(cluster.timeouts().leaderHeartbeatTimeoutNs())
            .leaderHeartbeatIntervalNs(cluster.timeouts().leaderHeartbeatIntervalNs())
            .electionTimeoutNs(cluster.timeouts().electionTimeoutNs())
            .electionStatusIntervalNs(cluster.timeouts().electionStatusIntervalNs())
            .authenticatorSupplier(() -> authenticator)
            .sessionTimeoutNs(SESSION_TIMEOUT_NS)
            .idleStrategySupplier(() -> newIdleStrategy(threading))
            .errorHandler(errors);
        final MatchingService service = new MatchingService(engine, cluster.historyCommands(), log);
        final ClusteredServiceContainer.Context serviceContext = new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .archiveContext(localArchive.clone())
            .clusterDir(clusterDir)
            .clusteredService(service)
            .serviceId(0)
            .idleStrategySupplier(() -> newIdleStrategy(threading))
            .errorHandler(errors);
        ConsensusNode node = null;
        AgentRunner watch = null;
        AgentRunner membersWatch = null;
        try
        {
            node = ConsensusNode.launch(threading, driverContext, archiveContext, consensusContext, serviceContext,
                () -> newIdleStrategy(threading), errors, "kairos-member-" + id);
            final ConsensusModule.Context consensus = node.consensusContext();
            watch = new AgentRunner(new SleepingMillisIdleStrategy(WATCH_POLL_MS), errors, null,
                new ClusterWatch(consensus.electionStateCounter(), consensus.clusterNodeRoleCounter(), log));
            AgentRunner.startOnThread(watch);
            final MemberPresence presence = new MemberPresence(cluster.members().size(),
                cluster.timeouts().leaderHeartbeatTimeoutNs(), log);
            membersWatch = new AgentRunner(new SleepingMillisIdleStrategy(WATCH_POLL_MS), errors, null,
                MembershipWatch.launch(consensus, presence, cluster.timeouts().leaderHeartbeatTimeoutNs(), errors));
            AgentRunner.startOnThread(membersWatch);
            AgentRunner trigger = null;
            if (engine.snapshotEveryCommands() > 0)
            {
                trigger = new AgentRunner(new SleepingMillisIdleStrategy(SNAPSHOT_POLL_MS), errors, null,
                    new SnapshotTrigger(service, consensus.controlToggleCounter(),
                        engine.snapshotEveryCommands()));
                AgentRunner.startOnThread(trigger);
            }
            return new ClusterMember(lock, node, service, trigger, watch, membersWatch, presence,
                authenticator);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(membersWatch, watch, node, lock);
            throw ex;
        }
    }

    /** This member's role now (leader, follower, candidate); read from any thread. */
    public Cluster.Role role()
    {
        return service.role();
    }

    /** The command index of the last snapshot this member wrote or started from (0: none); any thread. */
    public long lastSnapshotIndex()
    {
        return service.lastSnapshotIndex();
    }

    /** The thread the matching service runs on (null before it started). */
    Thread serviceThread()
    {
        return service.thread();
    }

    /** Clients refused for not proving they know {@code cluster.client-secret}; read from any thread. */
    public long rejectedClients()
    {
        return authenticator.rejected();
    }

    /** Snapshots this member wrote since it started; read from any thread. */
    public long snapshotsTaken()
    {
        return service.snapshotsTaken();
    }

    /** The index of the last command this member applied; read from any thread. */
    public long appliedCommands()
    {
        return service.appliedCommands();
    }

    /** Members this member, as leader, saw lost (silent for the heartbeat timeout) since it started; any thread. */
    public long membersLost()
    {
        return presence.lost();
    }

    /** Members this member, as leader, saw come back after it had seen them lost; any thread. */
    public long membersRejoined()
    {
        return presence.rejoined();
    }

    /** Members this member, as leader, sees now, itself included (0 while it is not the leader); any thread. */
    public int membersConnected()
    {
        return presence.connected();
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(snapshotTrigger, membersWatch, watch, node, lock);
    }
}
