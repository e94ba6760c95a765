package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;

import java.util.ArrayList;
import java.util.List;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.EventCodec;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.MatchingCore;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * Kairos's matcher as an Aeron Cluster service: every member applies the same committed commands, in log order, to
 * its own {@link MatchingCore}s (one per hosted partition), so every member holds the same books; only the leader's
 * replies leave the process (a follower's {@link ClientSession#offer} is a no-op). A command reaches the service
 * only once a majority of members has it in its log (forced to disk with {@code cluster.file-sync=sync}), which is
 * what makes its acknowledgement durable.
 *
 * <p>Each command's events go out as one {@link ClusterProtocol#EVENTS} message to every gateway that has resumed
 * (they all follow the whole stream: execution reports for their sessions, book events for market data), and are
 * kept in an {@link EventHistory} for a gateway that missed some. Commands are de-duplicated by the gateway's
 * (instance, sequence) so that a gateway may resend whatever a leader change left unanswered. The state a snapshot
 * holds: the books, the command index and the last sequence of every gateway instance. Time is the log's: the
 * timestamp the leader gave each command (nanoseconds), so that replay and followers match identically.
 *
 * <p>Threading: every method runs on the service's thread (the container's agent).
 */
public final class MatchingService implements ClusteredService
{
    /** Offers to one gateway a back-pressured reply may wait for before that gateway is left to resume. */
    private static final int OFFER_ATTEMPTS = 1_000;
    /** Recovered book events per {@link ClusterProtocol#BOOKS} message: well under the egress's largest message. */
    private static final int BOOK_EVENTS_PER_MESSAGE = 1_000;

    private final EngineConfig config;
    private final MatchingCore[] cores;
    private final int[] hosted;
    private final EventHistory history;
    private final ExpandableDirectByteBuffer out = new ExpandableDirectByteBuffer(1 << 16);
    private final EngineCommand command = new EngineCommand();
    private final AppliedCommands applied = new AppliedCommands();
    private final List<ClientSession> live = new ArrayList<>();
    private final EventWriter writer = new EventWriter();
    private Cluster cluster;
    private IdleStrategy idle;
    private long commandIndex;
    /** For metrics, written by the service thread. */
    private volatile Cluster.Role role = Cluster.Role.FOLLOWER;
    private volatile long appliedCommands;
    private volatile long lastSnapshotIndex;
    private volatile long snapshotsTaken;
    /** The service container's thread, for allocation tests; set in {@link #onStart}. */
    private volatile Thread thread;
    private ClientSession replayTarget;
    private final ClusterLog log;

    public MatchingService(final EngineConfig config, final int historyCommands, final ClusterLog log)
    {
        this.config = config;
        this.log = log;
        cores = new MatchingCore[config.partitionCount()];
        hosted = config.hostedPartitionIds();
        final SystemEpochNanoClock clock = new SystemEpochNanoClock();
        for (final int p : hosted)
        {
            cores[p] = new MatchingCore(p, config, clock);
            cores[p].listener(writer);
        }
        history = new EventHistory(historyCommands);
    }

    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        this.cluster = cluster;
        thread = Thread.currentThread();
        idle = cluster.idleStrategy();
        if (snapshotImage != null)
        {
            loadSnapshot(snapshotImage);
        }
        history.startAfter(commandIndex);
        appliedCommands = commandIndex;
        lastSnapshotIndex = commandIndex;
        role = cluster.role();
    }

    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
        // a gateway is sent nothing until it asks to resume: it says from where
    }

    @Override
    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
        live.remove(session);
    }

    @Override
    public void onSessionMessage(
        final ClientSession session, final long timestamp, final DirectBuffer buffer, final int offset,
        final int length, final Header header)
    {
        if (length < 1)
        {
            return;
        }
        final byte type = buffer.getByte(offset + TYPE_OFFSET);
        if (type == COMMAND && length > COMMAND_PAYLOAD_OFFSET)
        {
            onCommand(timestamp, buffer, offset, length);
        }
        else if (type == RESUME && length >= RESUME_LENGTH)
        {
            onResume(session, buffer.getLong(offset + RESUME_AFTER_OFFSET),
                (buffer.getByte(offset + RESUME_FLAGS_OFFSET) & FLAG_RECOVERY) != 0);
        }
        // anything else is not from a Kairos gateway: ignored, the same way on every member
    }

    private void onCommand(final long timestamp, final DirectBuffer buffer, final int offset, final int length)
    {
        final long instance = buffer.getLong(offset + COMMAND_INSTANCE_OFFSET);
        final long sequence = buffer.getLong(offset + COMMAND_SEQUENCE_OFFSET);
        if (!applied.firstTime(instance, sequence))
        {
            return; // a resend of a command already applied: its events are in the history
        }
        commandIndex++;
        final boolean valid = CommandCodec.decode(
            buffer, offset + COMMAND_PAYLOAD_OFFSET, length - COMMAND_PAYLOAD_OFFSET, command);
        final int partition = !valid ? ALL_PARTITIONS : CommandRouting.partitionOf(config, command);
        writer.begin(EVENTS, partition, commandIndex, instance, sequence);
        if (valid)
        {
            final long nowNs = cluster.timeUnit().toNanos(timestamp);
            if (partition == ALL_PARTITIONS)
            {
                for (final int p : hosted)
                {
                    apply(cores[p], nowNs);
                }
            }
            else
            {
                apply(cores[partition], nowNs);
            }
        }
        final int messageLength = writer.finish();
        appliedCommands = commandIndex;
        history.append(commandIndex, out, 0, messageLength);
        for (int i = live.size() - 1; i >= 0; i--)
        {
            if (!offer(live.get(i), out, 0, messageLength))
            {
                live.remove(i); // it sees the gap (or its silence) and resumes
            }
        }
    }

    private void apply(final MatchingCore core, final long nowNs)
    {
        try
        {
            core.apply(command, nowNs, commandIndex);
        }
        catch (final RuntimeException ex)
        {
            // the same on every member (the same command, the same state): skip the command, as the engine does
            System.err.println("kairos cluster: command " + commandIndex + " failed in the matcher: " + ex);
            ex.printStackTrace();
        }
    }

    private void onResume(final ClientSession session, final long after, final boolean recovery)
    {
        live.remove(session);
        replayTarget = session;
        out.putByte(TYPE_OFFSET, RESUMED);
        out.putLong(RESUMED_LAST_INDEX_OFFSET, commandIndex);
        out.putLong(RESUMED_FIRST_KEPT_OFFSET, history.firstIndex());
        if (!offer(session, out, 0, RESUMED_LENGTH) ||
            history.replay(Math.min(after, commandIndex), this::replayTo) < commandIndex ||
            recovery && !sendBooks(session))
        {
            return; // it could not take the replay now; it asks again
        }
        out.putByte(TYPE_OFFSET, CAUGHT_UP);
        out.putLong(RESUMED_LAST_INDEX_OFFSET, commandIndex);
        if (offer(session, out, 0, RESUMED_LENGTH))
        {
            live.add(session);
        }
    }

    private boolean replayTo(final long index, final DirectBuffer buffer, final int offset, final int length)
    {
        return offer(replayTarget, buffer, offset, length);
    }

    /** The resting orders of every hosted partition as recovered ADDs, in messages of bounded size. */
    private boolean sendBooks(final ClientSession session)
    {
        writer.beginBooks(session, commandIndex);
        for (final int p : hosted)
        {
            cores[p].emitRecoveredBooks();
        }
        return writer.finishBooks();
    }

    private boolean offer(final ClientSession session, final DirectBuffer buffer, final int offset, final int length)
    {
        for (int attempt = 0; attempt < OFFER_ATTEMPTS; attempt++)
        {
            final long result = session.offer(buffer, offset, length);
            if (result > 0)
            {
                idle.reset();
                return true;
            }
            if (result == Publication.NOT_CONNECTED || result == Publication.CLOSED ||
                result == Publication.MAX_POSITION_EXCEEDED)
            {
                return false;
            }
            idle.idle();
        }
        return false;
    }

    @Override
    public void onTimerEvent(final long correlationId, final long timestamp)
    {
    }

    @Override
    public void onTakeSnapshot(final ExclusivePublication publication)
    {
        ServiceSnapshot.write(publication, idle, commandIndex, applied.lastSequenceByInstance(), cores);
        lastSnapshotIndex = commandIndex;
        snapshotsTaken++;
    }

    private void loadSnapshot(final Image image)
    {
        commandIndex = ServiceSnapshot.read(image, idle, applied.lastSequenceByInstance(), cores);
    }

    @Override
    public void onRoleChange(final Cluster.Role newRole)
    {
        log.info("role " + role.name().toLowerCase(java.util.Locale.ROOT) + " -> " +
            newRole.name().toLowerCase(java.util.Locale.ROOT));
        role = newRole;
    }

    @Override
    public void onNewLeadershipTermEvent(
        final long leadershipTermId, final long logPosition, final long timestamp, final long termBaseLogPosition,
        final int leaderMemberId, final int logSessionId, final java.util.concurrent.TimeUnit timeUnit,
        final int appVersion)
    {
        log.info("leader is member " + leaderMemberId + " (leadership term " + leadershipTermId + ", log position " +
            logPosition + ")");
    }

    @Override
    public void onTerminate(final Cluster cluster)
    {
    }

    Thread thread()
    {
        return thread;
    }

    /** This member's role; any thread. */
    Cluster.Role role()
    {
        return role;
    }

    /** The command index of the last snapshot this member took or started from; any thread. */
    long lastSnapshotIndex()
    {
        return lastSnapshotIndex;
    }

    /** Snapshots this member wrote since it started; any thread. */
    long snapshotsTaken()
    {
        return snapshotsTaken;
    }

    /** The command index of the last command applied; any thread. */
    long appliedCommands()
    {
        return appliedCommands;
    }

    /**
     * Appends the events the matchers emit to {@link #out}: for one command ({@link #begin}/{@link #finish}), or
     * for the recovered books, flushed to their gateway every {@link #BOOK_EVENTS_PER_MESSAGE} events.
     */
    private final class EventWriter implements EngineEventListener
    {
        private int position;
        private int count;
        private ClientSession booksTarget;
        private long booksIndex;
        private boolean booksFailed;

        void begin(final byte type, final int partition, final long index, final long instance, final long sequence)
        {
            out.putByte(TYPE_OFFSET, type);
            out.putInt(EVENTS_PARTITION_OFFSET, partition);
            out.putLong(EVENTS_INDEX_OFFSET, index);
            out.putLong(EVENTS_INSTANCE_OFFSET, instance);
            out.putLong(EVENTS_SEQUENCE_OFFSET, sequence);
            position = EVENTS_HEADER_LENGTH;
            count = 0;
        }

        int finish()
        {
            out.putInt(EVENTS_COUNT_OFFSET, count);
            return position;
        }

        void beginBooks(final ClientSession session, final long index)
        {
            booksTarget = session;
            booksIndex = index;
            booksFailed = false;
            begin(BOOKS, ALL_PARTITIONS, index, 0, 0);
        }

        boolean finishBooks()
        {
            flushBooks();
            booksTarget = null;
            return !booksFailed;
        }

        private void flushBooks()
        {
            if (count > 0 && !booksFailed)
            {
                booksFailed = !offer(booksTarget, out, 0, finish());
            }
            begin(BOOKS, ALL_PARTITIONS, booksIndex, 0, 0);
        }

        @Override
        public void onExecution(final ExecutionEvent event)
        {
            out.putByte(position, EXECUTION_EVENT);
            position += 1 + EventCodec.encode(event, out, position + 1);
            count++;
        }

        @Override
        public void onBookEvent(final BookEvent event)
        {
            out.putByte(position, BOOK_EVENT);
            position += 1 + EventCodec.encode(event, out, position + 1);
            count++;
            if (booksTarget != null && count == BOOK_EVENTS_PER_MESSAGE)
            {
                flushBooks();
            }
        }
    }
}
