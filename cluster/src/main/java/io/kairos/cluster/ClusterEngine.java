package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;

import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.Header;
import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.EventCodec;
import io.kairos.engine.ExecutionEvent;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The gateways' engine when it is replicated: a client of the partition group's cluster. Commands go to the leader
 * as ingress; every command's events come back as one egress message, in command-index order, and are handed to the
 * gateways' {@link EngineEventListener} as the in-process engine would.
 *
 * <p>Nothing is lost across a leader change. Each command is kept until its events arrive (at most
 * {@link #MAX_PENDING}; past it {@link #tryPublish} answers back-pressure); after a new leader is elected the client
 * asks it to resume after the last command index it has and resends every command not yet answered — the service
 * applies a command once per (instance, sequence), so a resend of a command that did reach the log is dropped, and
 * its events come in the replay. Events of a command index already delivered are dropped; a gap (an index skipped)
 * or a silence while commands are unanswered makes the client ask to resume. So every event reaches the listener
 * exactly once and in order, unless the gap is older than the members' history ({@code cluster.history-commands}),
 * which is counted ({@link #lostCommands}) and said on stderr.
 *
 * <p>Threading: {@link #start} and {@link #close} on the lifecycle thread; {@link #publish}/{@link #tryPublish} on
 * the gateways' threads; {@link #doWork} on one agent thread (the hot thread in compact threading). A lock guards
 * the Aeron client, which is not thread-safe; listener calls happen inside it, on the agent's thread.
 *
 * <p>Why one class of ~530 lines (issue 19 asks for a reason): sending, resuming after a leader change or a gap, and
 * delivering in index order are one protocol over one state — the last index delivered, the pending commands, the
 * resume under way — guarded by one lock; split, each part would need the others' fields. The pending commands,
 * which need none of it, are {@link PendingCommands}.
 */
public final class ClusterEngine implements CommandSink, Agent, AutoCloseable
{
    /** Commands sent and not yet answered, at most. */
    static final int MAX_PENDING = 1 << 14;
    private static final long KEEP_ALIVE_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    /** Unanswered commands and no egress for this long: ask to resume (the replies may have been lost). */
    private static final long SILENCE_NS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long RESUME_RETRY_NS = TimeUnit.SECONDS.toNanos(2);
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long CLOSE_DRAIN_NS = TimeUnit.SECONDS.toNanos(10);

    private final ClusterConfig cluster;
    private final EpochNanoClock clock;
    private final ErrorHandler errors;
    private final ClusterLog log;
    private final int[] hosted;
    private final long instance = new SecureRandom().nextLong() & Long.MAX_VALUE;
    private final PendingCommands pending = new PendingCommands(MAX_PENDING);
    private final UnsafeBuffer control = new UnsafeBuffer(new byte[RESUME_LENGTH]);
    private final ExecutionEvent execution = new ExecutionEvent();
    private final BookEvent book = new BookEvent();
    private final Egress egress = new Egress();
    private final long[] redeliverAfter;
    private MediaDriver driver;
    private AeronCluster client;
    private AeronCluster.AsyncConnect connecting;
    private EngineEventListener listener = EngineEventListener.NO_OP;
    private long lastIndex;
    private boolean recovering;
    private long resumeAfter;
    private boolean resumeToSend;
    private boolean awaitingCatchUp;
    private long resumeSentNs;
    private long lastEgressNs;
    private long lastIngressNs;
    private volatile long lostCommands;
    private volatile long resumes;
    private volatile long leaderChanges;
    private volatile boolean accepting = true;
    private volatile boolean closed;
    /** An agent thread has polled: {@link #close} may wait for it to bring the last answers. */
    private volatile boolean polled;

    public ClusterEngine(
        final ClusterConfig cluster, final EngineConfig engine, final EpochNanoClock clock, final ErrorHandler errors,
        final ClusterLog log)
    {
        this.log = log;
        if (cluster.replication() != Replication.CLUSTER || cluster.isMember())
        {
            throw new IllegalArgumentException("a cluster client needs engine.replication=cluster and no member id");
        }
        this.cluster = cluster;
        this.clock = clock;
        this.errors = errors;
        hosted = java.util.stream.IntStream.range(0, engine.partitionCount()).filter(engine::hosts).toArray();
        redeliverAfter = new long[engine.partitionCount()];
    }

    /**
     * Connects (waiting, bounded, for the cluster to have a leader), then resumes as a gateway that starts: the
     * events of commands after the listener's {@link EngineEventListener#redeliverAfter} points that it
     * {@link EngineEventListener#needsRedelivery needs} again, marked recovered, then the resting orders as recovered
     * ADDs, then {@link EngineEventListener#onRecoveryComplete} per hosted partition. Returns once that is done;
     * then {@link #doWork} must run on an agent thread.
     */
    public synchronized ClusterEngine start(final EngineEventListener listener)
    {
        this.listener = listener;
        long after = Long.MAX_VALUE;
        for (final int p : hosted)
        {
            redeliverAfter[p] = listener.redeliverAfter(p);
            after = Math.min(after, redeliverAfter[p]);
        }
        driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
            .aeronDirectoryName(cluster.aeronDirectory("client"))
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(ClusterMember.newIdleStrategy())
            .termBufferSparseFile(true)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .errorHandler(errors));
        final long deadline = System.nanoTime() + CONNECT_TIMEOUT_NS;
        while (client == null)
        {
            try
            {
                client = AeronCluster.connect(clientContext());
            }
            catch (final RuntimeException ex)
            {
                if (System.nanoTime() > deadline)
                {
                    throw new IllegalStateException("no cluster leader answered at " + cluster.ingressEndpoints() +
                        " within " + TimeUnit.NANOSECONDS.toSeconds(CONNECT_TIMEOUT_NS) + " s: " + ex, ex);
                }
            }
        }
        recovering = true;
        requestResume(after);
        while (recovering)
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
        return this;
    }

    private AeronCluster.Context clientContext()
    {
        return new AeronCluster.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .ingressChannel("aeron:udp")
            .ingressEndpoints(cluster.ingressEndpoints())
            .egressChannel("aeron:udp?endpoint=" + cluster.clientHost() + ":0|term-length=" +
                ClusterMember.TERM_LENGTH)
            .egressListener(egress)
            .credentialsSupplier(new GatewayCredentials(cluster.clientSecret()))
            .errorHandler(errors);
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
    public synchronized int tryPublish(final EngineCommand command)
    {
        if (!accepting || closed)
        {
            return CLOSED;
        }
        if (pending.isFull())
        {
            return BACK_PRESSURED;
        }
        command.engineInNs = clock.nanoTime();
        pending.append(command, instance);
        offerPending();
        return partitionsFor(command.instrumentId);
    }

    @Override
    public int partitionsFor(final int instrumentId)
    {
        return instrumentId == EngineCommand.ALL_INSTRUMENTS ? hosted.length : 1;
    }

    @Override
    public synchronized int doWork()
    {
        if (closed)
        {
            return 0;
        }
        if (!polled && !recovering)
        {
            polled = true; // once: a volatile write per duty cycle would cost the hot thread for nothing
        }
        int work = 0;
        if (client == null || client.isClosed())
        {
            return reconnect();
        }
        work += client.pollEgress();
        final long now = System.nanoTime();
        if (resumeToSend)
        {
            sendResume(now);
        }
        work += offerPending();
        if (awaitingCatchUp ? now - resumeSentNs > RESUME_RETRY_NS :
            pending.awaitsAnswers() && now - lastEgressNs > SILENCE_NS && now - resumeSentNs > SILENCE_NS)
        {
            requestResume(lastIndex);
        }
        if (now - lastIngressNs > KEEP_ALIVE_INTERVAL_NS && client.sendKeepAlive())
        {
            lastIngressNs = now;
        }
        return work;
    }

    /**
     * The session was closed (a long election, a timeout): connect again, then resume and resend as after a leader
     * change.
     */
    private int reconnect()
    {
        try
        {
            if (connecting == null)
            {
                CloseHelper.quietClose(client);
                client = null;
                connecting = AeronCluster.asyncConnect(clientContext());
            }
            final AeronCluster connected = connecting.poll();
            if (connected == null)
            {
                return 0;
            }
            client = connected;
            connecting = null;
            log.info("connected again to the cluster (leader member " + connected.leaderMemberId() + "); resending " +
                pending.unanswered() + " unanswered command(s)");
            onLeaderChange();
            return 1;
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(connecting);
            connecting = null;
            errors.onError(ex);
            return 0;
        }
    }

    private void onLeaderChange()
    {
        leaderChanges++;
        pending.rewind(); // every unanswered command again: the service drops those it has
        requestResume(lastIndex);
    }

    private void requestResume(final long after)
    {
        resumeAfter = after;
        resumeToSend = true;
        awaitingCatchUp = true;
        sendResume(System.nanoTime());
    }

    private void sendResume(final long now)
    {
        control.putByte(TYPE_OFFSET, RESUME);
        control.putByte(RESUME_FLAGS_OFFSET, recovering ? FLAG_RECOVERY : 0);
        control.putLong(RESUME_AFTER_OFFSET, resumeAfter);
        if (client != null && !client.isClosed() && client.offer(control, 0, RESUME_LENGTH) > 0)
        {
            resumeToSend = false;
            resumeSentNs = now;
            lastIngressNs = now;
            resumes++;
        }
    }

    private int offerPending()
    {
        int offered = 0;
        if (resumeToSend || client == null || client.isClosed())
        {
            return 0;
        }
        while (pending.hasNext() && client.offer(pending.next(), 0, pending.nextLength()) > 0)
        {
            pending.offered();
            offered++;
        }
        if (offered > 0)
        {
            lastIngressNs = System.nanoTime();
        }
        return offered;
    }

    private void onEvents(final DirectBuffer buffer, final int offset, final int length)
    {
        final long index = buffer.getLong(offset + EVENTS_INDEX_OFFSET);
        if (index <= lastIndex)
        {
            return; // delivered already (a replay overlapping what came live)
        }
        if (index != lastIndex + 1)
        {
            if (!awaitingCatchUp)
            {
                requestResume(lastIndex);
            }
            return; // after a gap: the replay brings it in order
        }
        lastIndex = index;
        lastEgressNs = System.nanoTime();
        if (buffer.getLong(offset + EVENTS_INSTANCE_OFFSET) == instance)
        {
            pending.completeThrough(buffer.getLong(offset + EVENTS_SEQUENCE_OFFSET));
        }
        deliver(buffer, offset, length, index);
        if (!recovering)
        {
            final int partition = buffer.getInt(offset + EVENTS_PARTITION_OFFSET);
            if (partition == ALL_PARTITIONS)
            {
                for (final int p : hosted)
                {
                    listener.onCommandComplete(p);
                }
            }
            else
            {
                listener.onCommandComplete(partition);
            }
        }
    }

    /** Hands a command's events (or recovered books) to the listener: during recovery only what it asks again. */
    private void deliver(final DirectBuffer buffer, final int offset, final int length, final long index)
    {
        final int count = buffer.getInt(offset + EVENTS_COUNT_OFFSET);
        final boolean books = buffer.getByte(offset + TYPE_OFFSET) == BOOKS;
        int position = offset + EVENTS_HEADER_LENGTH;
        final int end = offset + length;
        for (int i = 0; i < count; i++)
        {
            final byte kind = buffer.getByte(position);
            final int read;
            if (kind == EXECUTION_EVENT)
            {
                read = EventCodec.decode(buffer, position + 1, end - position - 1, execution);
                if (read > 0 && (!recovering || index > redeliverAfter[execution.partition] &&
                    listener.needsRedelivery(execution)))
                {
                    execution.recovered = recovering;
                    listener.onExecution(execution);
                }
            }
            else
            {
                read = EventCodec.decode(buffer, position + 1, end - position - 1, book);
                if (read > 0 && (!recovering || books))
                {
                    listener.onBookEvent(book);
                }
            }
            if (read < 0)
            {
                errors.onError(new IllegalStateException("undecodable event in the egress of command " + index));
                return;
            }
            position += 1 + read;
        }
    }

    private void onResumed(final long last, final long firstKept)
    {
        lastIndex = Math.max(lastIndex, Math.min(resumeAfter, last)); // what arrived live since the request stays
        if (firstKept > lastIndex + 1)
        {
            final long lost = firstKept - lastIndex - 1;
            lostCommands += lost;
            errors.onError(new IllegalStateException("the cluster no longer keeps the events of commands " +
                (lastIndex + 1) + ".." + (firstKept - 1) + " (" + lost + "); this gateway cannot deliver them " +
                "(raise cluster.history-commands)"));
            lastIndex = firstKept - 1;
        }
    }

    private void onCaughtUp()
    {
        awaitingCatchUp = false;
        lastEgressNs = System.nanoTime();
        if (recovering)
        {
            recovering = false;
            for (final int p : hosted)
            {
                listener.onRecoveryComplete(p, lastIndex);
            }
        }
    }

    /** Commands whose events the cluster no longer kept when this gateway asked for them. */
    public long lostCommands()
    {
        return lostCommands;
    }

    /** Times this client asked the cluster to resume (start, leader changes, gaps). */
    public long resumes()
    {
        return resumes;
    }

    /** Leader changes and reconnections this client followed. */
    public long leaderChanges()
    {
        return leaderChanges;
    }

    /** Commands sent and not yet answered (any thread; approximate). */
    public synchronized long unanswered()
    {
        return pending.unanswered();
    }

    @Override
    public String roleName()
    {
        return "kairos-cluster-client";
    }

    /**
     * Stops taking commands; waits (at most {@link #CLOSE_DRAIN_NS}) for the events of those sent while an agent
     * thread still polls (so that the gateways can still send their reports); then closes the client and its driver.
     */
    @Override
    public void close()
    {
        accepting = false;
        final long deadline = System.nanoTime() + CLOSE_DRAIN_NS;
        while (polled && unanswered() > 0 && System.nanoTime() < deadline)
        {
            Thread.yield();
        }
        synchronized (this)
        {
            closed = true;
            CloseHelper.quietCloseAll(connecting, client, driver);
            client = null;
            connecting = null;
            driver = null;
        }
    }

    /** The egress, on the agent's thread (inside the lock, from {@link AeronCluster#pollEgress}). */
    private final class Egress implements EgressListener
    {
        @Override
        public void onMessage(
            final long clusterSessionId, final long timestamp, final DirectBuffer buffer, final int offset,
            final int length, final Header header)
        {
            final byte type = buffer.getByte(offset + TYPE_OFFSET);
            if ((type == EVENTS || type == BOOKS) && length >= EVENTS_HEADER_LENGTH)
            {
                if (type == EVENTS)
                {
                    onEvents(buffer, offset, length);
                }
                else if (recovering)
                {
                    deliver(buffer, offset, length, buffer.getLong(offset + EVENTS_INDEX_OFFSET));
                }
            }
            else if (type == RESUMED && length >= RESUMED_LENGTH && awaitingCatchUp)
            {
                onResumed(buffer.getLong(offset + RESUMED_LAST_INDEX_OFFSET),
                    buffer.getLong(offset + RESUMED_FIRST_KEPT_OFFSET));
            }
            else if (type == CAUGHT_UP && length >= RESUMED_LENGTH && awaitingCatchUp)
            {
                onCaughtUp();
            }
        }

        @Override
        public void onNewLeader(
            final long clusterSessionId, final long leadershipTermId, final int leaderMemberId,
            final String ingressEndpoints)
        {
            log.info("leader is now member " + leaderMemberId + " (leadership term " + leadershipTermId +
                "); resending " + pending.unanswered() + " unanswered command(s)");
            onLeaderChange();
        }
    }
}
