package io.kairos.cluster;

import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.aeron.cluster.client.AeronCluster;
import io.kairos.engine.AgentThread;
import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineCounter;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.GatewayEngine;
import io.kairos.engine.LocalPartitions;
import io.kairos.engine.RecoveryReport;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;

/**
 * The gateways' engine when it is replicated: a client of the partition group's cluster. Commands go to the leader
 * as ingress; every command's events come back as one egress message, in command-index order, and are handed to the
 * gateways' {@link EngineEventListener} as the in-process engine would.
 *
 * <p>Nothing is lost across a leader change. Each command is kept until its events arrive (at most
 * {@link #MAX_PENDING}, and {@link CommandQueue#CAPACITY_COMMANDS} more handed over and not yet taken; past them
 * {@link #tryPublish} answers back-pressure); after a new leader is elected the client asks it to resume after the
 * last command index it has and resends every command not yet answered — the service applies a command once per
 * (instance, sequence), so a resend of a command that did reach the log is dropped, and its events come in the
 * replay. A gap or a silence while commands are unanswered makes the client ask to resume too. So every event
 * reaches the listener exactly once and in order, unless the gap is older than the members' history
 * ({@code cluster.history-commands}), which is counted ({@link #lostCommands}) and reported to the error handler.
 *
 * <p>The parts, as Aeron's clients split them: {@link ClientConnection} (the driver and the session),
 * {@link CommandQueue} (the gateways' threads hand commands over), {@link IngressProxy} (offers commands and resume
 * requests), {@link EgressAdapter} (decodes the egress, keeps the order, delivers); this class runs their duty cycle
 * and the timers that ask to resume.
 *
 * <p>Threading: {@link #start} and {@link #close} on the lifecycle thread; {@link #publish}/{@link #tryPublish} on
 * any thread (the gateways'), through the {@link CommandQueue}; {@link #doWork} on one thread, which owns every
 * other part: the agent thread given at construction (the hot thread in compact threading, a thread of its own in
 * dedicated), which {@link #start} adds this agent to and {@link #close} takes it off again, or, with none given, a
 * thread of the caller's that stops calling it before {@link #close}. No lock: the listener is called on that
 * thread.
 */
public final class ClusterEngine implements GatewayEngine, CommandSink, Agent
{
    /** Commands sent and not yet answered, at most. */
    static final int MAX_PENDING = 1 << 14;
    /** Unanswered commands and no egress for this long: ask to resume (the replies may have been lost). */
    private static final long SILENCE_NS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long RESUME_RETRY_NS = TimeUnit.SECONDS.toNanos(2);
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long CLOSE_DRAIN_NS = TimeUnit.SECONDS.toNanos(10);

    private final EpochNanoClock clock;
    private final ClusterLog log;
    private final AgentThread host;
    private final int[] hosted;
    private final long instance = new SecureRandom().nextLong() & Long.MAX_VALUE;
    private final CommandQueue queue = new CommandQueue();
    private final PendingCommands pending = new PendingCommands(MAX_PENDING);
    private final IngressProxy ingress = new IngressProxy(pending);
    private final EgressAdapter egress;
    private final ClientConnection connection;
    private final List<EngineCounter> counters;
    /** Commands sent and not yet answered, as the duty cycle last saw them: for readers on other threads. */
    private final AtomicLong unanswered = new AtomicLong();
    private volatile long leaderChanges;
    private volatile boolean accepting = true;
    private volatile boolean closed;
    /** An agent thread has polled: {@link #close} may wait for it to bring the last answers. */
    private volatile boolean polled;

    /** A client whose duty cycle the caller runs ({@link #doWork}) on a thread of its own. */
    public ClusterEngine(
        final ClusterConfig cluster, final EngineConfig engine, final EpochNanoClock clock, final ErrorHandler errors,
        final ClusterLog log)
    {
        this(cluster, engine, clock, errors, log, null);
    }

    /**
     * A client whose duty cycle runs on {@code host} from {@link #start} to {@link #close} (null: the caller runs
     * it). The host must keep running until this client is closed.
     */
    public ClusterEngine(
        final ClusterConfig cluster, final EngineConfig engine, final EpochNanoClock clock, final ErrorHandler errors,
        final ClusterLog log, final AgentThread host)
    {
        if (cluster.replication() != Replication.CLUSTER || cluster.isMember())
        {
            throw new IllegalArgumentException("a cluster client needs " + ClusterConfig.REPLICATION_PROP_NAME +
                "=cluster and no member id");
        }
        this.clock = clock;
        this.log = log;
        this.host = host;
        hosted = engine.hostedPartitionIds();
        egress = new EgressAdapter(hosted, engine.partitionCount(), instance, pending, errors, this::requestResume,
            this::onNewLeader);
        connection = new ClientConnection(cluster, errors, egress);
        counters = List.of(
            EngineCounter.gauge("kairos.cluster.client.unanswered",
                "Commands sent to the cluster whose events have not come back yet", this::unanswered),
            EngineCounter.counter("kairos.cluster.client.leader.changes",
                "Leader changes (and reconnections) the gateways' cluster client followed", this::leaderChanges),
            EngineCounter.counter("kairos.cluster.client.resumes",
                "Times the client asked the cluster to send again what it missed", this::resumes),
            EngineCounter.counter("kairos.cluster.client.lost.commands",
                "Commands whose events the cluster no longer kept when the client asked for them",
                this::lostCommands));
    }

    /**
     * Connects (waiting, bounded, for the cluster to have a leader), then resumes as a gateway that starts: the
     * events of commands after the listener's {@link EngineEventListener#redeliverAfter} points that it
     * {@link EngineEventListener#needsRedelivery needs} again, marked recovered, then the resting orders as recovered
     * ADDs, then {@link EngineEventListener#onRecoveryComplete} per hosted partition. Returns once that is done, the
     * duty cycle then on the host (or the caller's to run).
     */
    @Override
    public ClusterEngine start(final EngineEventListener listener)
    {
        final long after = egress.recover(listener);
        final long deadline = System.nanoTime() + CONNECT_TIMEOUT_NS;
        connection.connect(CONNECT_TIMEOUT_NS);
        requestResume(after);
        while (egress.recovering())
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("the cluster did not complete this gateway's recovery within " +
                    TimeUnit.NANOSECONDS.toSeconds(CONNECT_TIMEOUT_NS) + " s");
            }
            if (doWork() == 0)
            {
                Thread.onSpinWait();
            }
        }
        if (host != null)
        {
            host.add(this);
        }
        return this;
    }

    /** This client itself: its {@link #tryPublish} hands commands to the duty cycle through the queue. */
    @Override
    public CommandSink commands()
    {
        return this;
    }

    @Override
    public int publish(final EngineCommand command)
    {
        int result;
        while ((result = tryPublish(command)) == BACK_PRESSURED)
        {
            Thread.yield();
        }
        return result;
    }

    @Override
    public int tryPublish(final EngineCommand command)
    {
        if (!accepting || closed)
        {
            return CLOSED;
        }
        command.engineInNs = clock.nanoTime();
        return queue.tryOffer(command) ? partitionsFor(command.instrumentId) : BACK_PRESSURED;
    }

    @Override
    public int partitionsFor(final int instrumentId)
    {
        return CommandSink.partitionsReached(instrumentId, hosted.length);
    }

    @Override
    public int doWork()
    {
        if (closed)
        {
            return 0;
        }
        if (!polled && !egress.recovering())
        {
            polled = true; // once: a volatile write per duty cycle would cost the hot thread for nothing
        }
        AeronCluster client = connection.client();
        if (client == null)
        {
            client = connection.reconnect();
            if (client == null)
            {
                return connection.invoke();
            }
            log.info("connected again to the cluster (leader member " + client.leaderMemberId() + "); resending " +
                pending.unanswered() + " unanswered command(s)");
            onLeaderChange();
            return 1;
        }
        int work = queue.drainTo(pending, instance);
        work += client.pollEgress();
        final long now = System.nanoTime();
        work += ingress.offer(client, egress.recovering(), now);
        work += connection.invoke(); // sends what was just offered, receives the egress the next cycle polls
        if (egress.awaitingCatchUp() ? now - ingress.resumeSentNs() > RESUME_RETRY_NS :
            pending.awaitsAnswers() && now - egress.lastEgressNs() > SILENCE_NS &&
            now - ingress.resumeSentNs() > SILENCE_NS)
        {
            requestResume(egress.lastIndex());
        }
        ingress.keepAlive(client, now);
        unanswered.lazySet(pending.unanswered()); // an ordered store: no fence on the duty cycle
        return work;
    }

    private void onNewLeader(final long leadershipTermId, final int leaderMemberId)
    {
        log.info("leader is now member " + leaderMemberId + " (leadership term " + leadershipTermId +
            "); resending " + pending.unanswered() + " unanswered command(s)");
        onLeaderChange();
    }

    private void onLeaderChange()
    {
        leaderChanges++;
        pending.rewind(); // every unanswered command again: the service drops those it has
        requestResume(egress.lastIndex());
    }

    private void requestResume(final long after)
    {
        egress.awaitResume(after);
        ingress.resume(connection.client(), after, egress.recovering(), System.nanoTime());
    }

    /** Commands whose events the cluster no longer kept when this gateway asked for them. */
    public long lostCommands()
    {
        return egress.lostCommands();
    }

    /** Times this client asked the cluster to resume (start, leader changes, gaps). */
    public long resumes()
    {
        return ingress.resumes();
    }

    /** Leader changes and reconnections this client followed. */
    public long leaderChanges()
    {
        return leaderChanges;
    }

    /** Commands handed over and not yet answered (any thread; approximate: as the duty cycle last saw them). */
    public long unanswered()
    {
        return unanswered.get() + queue.size();
    }

    /** None: the partitions are matched in the cluster's members. */
    @Override
    public Optional<LocalPartitions> localPartitions()
    {
        return Optional.empty();
    }

    /** None here: the members recover. */
    @Override
    public List<RecoveryReport> recoveryReports()
    {
        return List.of();
    }

    /** The client's own: unanswered commands, leader changes, resumes, commands lost. */
    @Override
    public List<EngineCounter> counters()
    {
        return counters;
    }

    @Override
    public String roleName()
    {
        return "kairos-cluster-client";
    }

    /**
     * Stops taking commands; waits (at most {@link #CLOSE_DRAIN_NS}) for the events of those sent while the duty
     * cycle still runs (so that the gateways can still send their reports); takes the agent off its host, and then,
     * owning every part, closes the session and its driver.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        accepting = false;
        final long deadline = System.nanoTime() + CLOSE_DRAIN_NS;
        while (polled && unanswered() > 0 && System.nanoTime() < deadline)
        {
            Thread.yield();
        }
        if (host != null)
        {
            host.remove(this);
        }
        closed = true;
        connection.close();
    }
}
