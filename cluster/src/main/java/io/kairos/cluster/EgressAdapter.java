package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;

import java.util.function.LongConsumer;

import io.aeron.cluster.client.EgressListener;
import io.aeron.logbuffer.Header;
import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.EventCodec;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.RedeliveryFilter;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;

/**
 * The cluster client's egress: decodes each command's events and hands them to the gateways' listener exactly once
 * and in command-index order. Events of an index already delivered are dropped (a replay overlapping what came live);
 * a gap (an index skipped) asks to resume after the last index delivered, and the replay brings the rest in order.
 * While the client recovers (from {@link #recover} to the cluster's {@link ClusterProtocol#CAUGHT_UP}) only what the
 * {@link RedeliveryFilter} passes and the resting orders' {@link ClusterProtocol#BOOKS} reach the listener; then
 * {@link EngineEventListener#onRecoveryComplete} per hosted partition. Completes the {@link PendingCommands} whose
 * events came. Decodes into reused events: allocation-free. Owned by the thread that polls the egress (the client's
 * duty cycle).
 */
final class EgressAdapter implements EgressListener
{
    /** What the adapter is told of a new leader. */
    @FunctionalInterface
    interface LeaderChange
    {
        void onNewLeader(long leadershipTermId, int leaderMemberId);
    }

    private final int[] hosted;
    private final int partitionCount;
    private final long instance;
    private final PendingCommands pending;
    private final ErrorHandler errors;
    private final LongConsumer resumeRequests;
    private final LeaderChange leaderChange;
    private final ExecutionEvent execution = new ExecutionEvent();
    private final BookEvent book = new BookEvent();
    private EngineEventListener listener = EngineEventListener.NO_OP;
    private RedeliveryFilter redelivery;
    private long lastIndex;
    private boolean recovering;
    private boolean awaitingCatchUp;
    private long resumeAfter;
    private long lastEgressNs;
    private volatile long lostCommands;

    /**
     * @param instance       this gateway's instance: its commands' events complete {@code pending}
     * @param resumeRequests asked to resume after the index given when a gap shows
     * @param leaderChange   told of each new leader
     */
    EgressAdapter(
        final int[] hosted, final int partitionCount, final long instance, final PendingCommands pending,
        final ErrorHandler errors, final LongConsumer resumeRequests, final LeaderChange leaderChange)
    {
        this.hosted = hosted;
        this.partitionCount = partitionCount;
        this.instance = instance;
        this.pending = pending;
        this.errors = errors;
        this.resumeRequests = resumeRequests;
        this.leaderChange = leaderChange;
    }

    /**
     * Starts recovering into {@code listener}: what it needs again, then the resting orders.
     * @return the command index to resume after: the earliest of its redelivery points
     */
    long recover(final EngineEventListener listener)
    {
        this.listener = listener;
        redelivery = RedeliveryFilter.ofOriginals(listener, hosted, partitionCount);
        recovering = true;
        return redelivery.earliestRedeliverAfter();
    }

    /** A resume after command {@code after} was asked: until its catch-up, gaps ask nothing more. */
    void awaitResume(final long after)
    {
        resumeAfter = after;
        awaitingCatchUp = true;
    }

    boolean recovering()
    {
        return recovering;
    }

    boolean awaitingCatchUp()
    {
        return awaitingCatchUp;
    }

    /** The last command index delivered (or passed over while recovering). */
    long lastIndex()
    {
        return lastIndex;
    }

    /** When the last command's events came (or the last catch-up). */
    long lastEgressNs()
    {
        return lastEgressNs;
    }

    /** Commands whose events the cluster no longer kept when this client asked for them (any thread). */
    long lostCommands()
    {
        return lostCommands;
    }

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
        leaderChange.onNewLeader(leadershipTermId, leaderMemberId);
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
                resumeRequests.accept(lastIndex);
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

    /**
     * Hands a command's events (or the recovered books) to the listener: while recovering, the executions the
     * redelivery rule passes and the books of a {@link ClusterProtocol#BOOKS} message only.
     */
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
                if (read > 0)
                {
                    if (recovering)
                    {
                        redelivery.onExecution(execution);
                    }
                    else
                    {
                        execution.recovered = false;
                        listener.onExecution(execution);
                    }
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
                "(raise " + ClusterConfig.HISTORY_COMMANDS_PROP_NAME + ")"));
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
}
