package io.kairos.fix.delivery;

import static io.kairos.fix.delivery.DeliveryMarksDescriptor.COMMITTED_EXEC_ID_OFFSET;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.COMMITTED_INDEX_OFFSET;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.IN_USE_OFFSET;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.LAYOUT;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.PARTITIONS;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.PENDING_FROM_OFFSET;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.SESSION_ID_OFFSET;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.UNKNOWN;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.marksOffset;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.recordOffset;
import static io.kairos.fix.delivery.DeliveryMarksDescriptor.routedOffset;

import java.nio.file.Path;
import java.util.Arrays;

import io.kairos.engine.ExecutionEvent;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * How far the engine's execution events got, kept in a memory-mapped file ({@link DeliveryMarksDescriptor})
 * so that a restart can ask the engine to emit again what a crash or a shutdown kept from the sessions:
 * events still in the engine→gateway queue, reports waiting in a session's backlog (a disconnected or
 * back-pressured session), reports Artio had not accepted yet.
 *
 * <p>Per partition the gateway records the journal index of the last event it took off its queue; per
 * session and partition, the last report the framer wrote and the oldest report still waiting. At the
 * engine's start-up recovery, {@link #redeliverAfter} is the earliest point a session may lack reports
 * from, and {@link #delivered} decides event by event. A report is marked written once the framer has
 * taken its MsgSeqNum ({@link SessionDeliveries} confirms it from the sent-sequence floor), so a report
 * Artio accepted but the framer had not taken when the process died is sent again; at launch {@link #settle} squares
 * the marks with Artio's archive: a report it holds counts as delivered, one the framer took that it never recorded
 * is uncertain, and the session asks its client ({@link UncertainReports}). Stores are ordered
 * page-cache writes: they survive {@code kill -9}, not a power loss. Not covered: reports the gateway makes
 * without the engine (journal index 0).
 *
 * <p>Threads: the launch thread opens and {@link #settle}s it; the gateway's library thread writes ({@code on…}); the
 * engine's start-up recovery (on the launch thread) reads ({@link #redeliverAfter}, {@link #delivered}) while the
 * library thread may already route what recovery emits. Slots are fixed at {@link #open}. Allocation-free after open.
 * The file is a {@link MappedStoreFile}.
 */
public final class DeliveryMarks implements AutoCloseable
{
    public static final int UNKNOWN_SLOT = -1;
    private static final int MIN_RECORDS = 16;

    private final MappedStoreFile store;
    private final UnsafeBuffer buffer;
    private final int[] slotBySessionId;
    /** Per slot and partition: the recovery now under way emits reports for it again (recovery thread only). */
    private final boolean[] redelivering;
    /** The reports accepted but perhaps not yet confirmed written, for {@link #settle} after a crash. */
    private final AcceptedReports accepted;
    /** Per slot: the reports {@link #settle} found uncertain. */
    private final UncertainReports[] uncertain;

    private DeliveryMarks(final MappedStoreFile store, final int[] slotBySessionId, final AcceptedReports accepted)
    {
        this.store = store;
        this.buffer = store.buffer();
        this.slotBySessionId = slotBySessionId;
        this.accepted = accepted;
        redelivering = new boolean[store.records() * PARTITIONS];
        uncertain = new UncertainReports[store.records()];
        Arrays.setAll(uncertain, slot -> new UncertainReports());
    }

    /**
     * Maps (creating or growing) {@code dataDir/delivery-marks.dat} with a record for each session id; refuses a file
     * that is not a delivery marks file. Allocates.
     */
    public static DeliveryMarks open(final Path dataDir, final int[] sessionIds)
    {
        final MappedStoreFile store = MappedStoreFile.open(dataDir, LAYOUT);
        try
        {
            store.mapRecords(Math.max(MIN_RECORDS, 2 * sessionIds.length));
            final UnsafeBuffer buffer = store.buffer();
            if (store.created())
            {
                for (int p = 0; p < PARTITIONS; p++)
                {
                    buffer.putLong(routedOffset(p), UNKNOWN);
                }
            }
            final int records = store.records();
            final int maxSessionId = Arrays.stream(sessionIds).max().orElse(0);
            final boolean[] configured = new boolean[maxSessionId + 1];
            for (final int sessionId : sessionIds)
            {
                configured[sessionId] = true;
            }
            final int[] slotBySessionId = new int[maxSessionId + 1];
            Arrays.fill(slotBySessionId, UNKNOWN_SLOT);
            for (int slot = 0; slot < records; slot++)
            {
                final int record = recordOffset(slot);
                final int sessionId = buffer.getInt(record + SESSION_ID_OFFSET);
                if (buffer.getInt(record + IN_USE_OFFSET) == 1 && sessionId > 0 && sessionId <= maxSessionId &&
                    configured[sessionId])
                {
                    slotBySessionId[sessionId] = slot;
                }
            }
            for (final int sessionId : sessionIds)
            {
                if (slotBySessionId[sessionId] == UNKNOWN_SLOT)
                {
                    slotBySessionId[sessionId] = claimSlot(store, slotBySessionId, sessionId);
                }
            }
            return new DeliveryMarks(store, slotBySessionId, AcceptedReports.open(dataDir, records));
        }
        catch (final RuntimeException e)
        {
            store.close();
            throw e;
        }
    }

    /** A free record, else the record of a session id that is no longer configured (its marks are dropped). */
    private static int claimSlot(final MappedStoreFile store, final int[] slotBySessionId, final int sessionId)
    {
        final UnsafeBuffer buffer = store.buffer();
        int reusable = UNKNOWN_SLOT;
        for (int slot = 0; slot < store.records(); slot++)
        {
            final int record = recordOffset(slot);
            final int owner = buffer.getInt(record + SESSION_ID_OFFSET);
            if (buffer.getInt(record + IN_USE_OFFSET) != 1)
            {
                reusable = slot;
                break;
            }
            if (reusable == UNKNOWN_SLOT &&
                (owner <= 0 || owner >= slotBySessionId.length || slotBySessionId[owner] != slot))
            {
                reusable = slot;
            }
        }
        // records >= 2 x configured sessions, so one of the two kinds exists
        final int record = store.clearRecord(reusable);
        buffer.putInt(record + SESSION_ID_OFFSET, sessionId);
        buffer.putInt(record + IN_USE_OFFSET, 1);
        return reusable;
    }

    /** @return the record of this engine session id, or {@link #UNKNOWN_SLOT}. */
    public int slot(final int sessionId)
    {
        return sessionId > 0 && sessionId < slotBySessionId.length ? slotBySessionId[sessionId] : UNKNOWN_SLOT;
    }

    /**
     * Whether the gateway keeps marks for this event: an engine event with a journal record, not a mass cancel report.
     */
    public static boolean tracks(final ExecutionEvent event)
    {
        return event.journalIndex > 0 && event.kind != ExecutionEvent.Kind.MASS_CANCEL_REPORT;
    }

    /** Library thread: an event of the partition was taken off the engine queue. */
    public void onRouted(final int partition, final long journalIndex)
    {
        if (journalIndex > buffer.getLong(routedOffset(partition)))
        {
            buffer.putLongOrdered(routedOffset(partition), journalIndex);
        }
    }

    /** Library thread: the framer wrote the session's report (confirmed by {@link SessionDeliveries}). */
    public void onCommitted(final int slot, final int partition, final long journalIndex, final long execId)
    {
        final int marks = marksOffset(slot, partition);
        buffer.putLongOrdered(marks + COMMITTED_EXEC_ID_OFFSET, execId);
        buffer.putLongOrdered(marks + COMMITTED_INDEX_OFFSET, journalIndex);
    }

    /** Library thread: Artio took the event's report for the session as {@code msgSeqNum}; not yet written. */
    void onAccepted(final int slot, final ExecutionEvent event, final int msgSeqNum)
    {
        accepted.onAccepted(slot, buffer.getInt(recordOffset(slot) + SESSION_ID_OFFSET), msgSeqNum, event.partition,
            event.journalIndex, event.execId);
    }

    /**
     * Launch, before the engine's recovery and before any session runs: squares the session's marks with what can
     * still reach its client. The reports Artio had accepted up to MsgSeqNum {@code lastReachable} count as
     * delivered, although the library thread had not confirmed them yet; those numbered above it and up to
     * {@code uncertainUpTo} are uncertain: recovery emits them again, and the session asks its client
     * ({@link #uncertain}; see {@link AcceptedReports#settle}). Allocates.
     */
    public SettledReports settle(final int slot, final int lastReachable, final int uncertainUpTo)
    {
        return accepted.settle(this, slot, buffer.getInt(recordOffset(slot) + SESSION_ID_OFFSET), lastReachable,
            uncertainUpTo, uncertain[slot]);
    }

    /** The slot's reports {@link #settle} found uncertain (none before it ran); then the library thread's. */
    public UncertainReports uncertain(final int slot)
    {
        return uncertain[slot];
    }

    /** {@link #settle}: raises the committed mark of the slot and partition to this report when it is later. */
    boolean raiseCommitted(final int slot, final int partition, final long journalIndex, final long execId)
    {
        if (!isTracked(partition, journalIndex) || delivered(slot, partition, journalIndex, execId))
        {
            return false;
        }
        onCommitted(slot, partition, journalIndex, execId);
        return true;
    }

    /**
     * {@link #settle}: this report and every later one of the slot and partition count as not delivered, and the
     * session as waiting from its journal index, so that recovery emits them again. Earlier reports of the same
     * command (lower ExecIDs) stay delivered.
     */
    void lowerCommitted(final int slot, final int partition, final long journalIndex, final long execId)
    {
        if (!isTracked(partition, journalIndex) || !delivered(slot, partition, journalIndex, execId))
        {
            return;
        }
        if (execId > 0)
        {
            onCommitted(slot, partition, journalIndex, execId - 1);
        }
        else
        {
            onCommitted(slot, partition, journalIndex - 1, Long.MAX_VALUE);
        }
        final int pendingFrom = marksOffset(slot, partition) + PENDING_FROM_OFFSET;
        final long waitingFrom = buffer.getLongVolatile(pendingFrom);
        if (waitingFrom == 0 || waitingFrom > journalIndex)
        {
            buffer.putLongOrdered(pendingFrom, journalIndex);
        }
    }

    private static boolean isTracked(final int partition, final long journalIndex)
    {
        return partition >= 0 && partition < PARTITIONS && journalIndex > 0;
    }

    /** Library thread: the first report from the partition went into the session's empty backlog. */
    void onPending(final int slot, final int partition, final long journalIndex)
    {
        buffer.putLongOrdered(marksOffset(slot, partition) + PENDING_FROM_OFFSET, journalIndex);
    }

    /** Library thread: no report from the partition waits in the session's backlog any more. */
    void onNothingPending(final int slot, final int partition)
    {
        buffer.putLongOrdered(marksOffset(slot, partition) + PENDING_FROM_OFFSET, 0);
    }

    /** Engine recovery: a report for the session from the partition is being emitted again. */
    public void onRedelivering(final int slot, final int partition)
    {
        redelivering[slot * PARTITIONS + partition] = true;
    }

    /**
     * Engine recovery: the partition's journal ends at {@code lastJournalIndex}, and every report recovery emitted
     * again is on its way. A session that got none from the partition has nothing pending from it (what its mark
     * said was delivered, or older than the journal kept), so its "pending from" mark is cleared rather than
     * holding back every later restart. A file that has never seen the partition starts counting here (nothing
     * before it can be known to be missing); marks beyond the journal's end (a journal replaced by a shorter one)
     * are reset to it.
     */
    public void onRecoveryComplete(final int partition, final long lastJournalIndex)
    {
        for (final int slot : slotBySessionId)
        {
            if (slot != UNKNOWN_SLOT && !redelivering[slot * PARTITIONS + partition])
            {
                onNothingPending(slot, partition);
            }
        }
        final long routed = buffer.getLongVolatile(routedOffset(partition));
        if (routed == UNKNOWN || routed > lastJournalIndex)
        {
            buffer.putLongOrdered(routedOffset(partition), lastJournalIndex);
        }
    }

    /**
     * @return the journal index after which some session may lack reports from the partition
     * ({@link Long#MAX_VALUE}: none).
     */
    public long redeliverAfter(final int partition)
    {
        final long routed = buffer.getLongVolatile(routedOffset(partition));
        if (routed == UNKNOWN)
        {
            return Long.MAX_VALUE;
        }
        long after = routed;
        for (int slot : slotBySessionId)
        {
            if (slot != UNKNOWN_SLOT)
            {
                final long pendingFrom = buffer.getLongVolatile(marksOffset(slot, partition) + PENDING_FROM_OFFSET);
                if (pendingFrom > 0)
                {
                    after = Math.min(after, pendingFrom - 1);
                }
            }
        }
        return after;
    }

    /** @return whether Artio accepted this event's report to its session before the restart. */
    public boolean delivered(final int slot, final ExecutionEvent event)
    {
        return delivered(slot, event.partition, event.journalIndex, event.execId);
    }

    private boolean delivered(final int slot, final int partition, final long journalIndex, final long execId)
    {
        final int marks = marksOffset(slot, partition);
        final long committedIndex = buffer.getLongVolatile(marks + COMMITTED_INDEX_OFFSET);
        final long committedExecId = buffer.getLongVolatile(marks + COMMITTED_EXEC_ID_OFFSET);
        return journalIndex < committedIndex ||
            journalIndex == committedIndex && (execId == 0 || execId <= committedExecId);
    }

    /** Journal index of the last report from the partition Artio accepted for the session (diagnostics, tests). */
    public long committedIndex(final int slot, final int partition)
    {
        return buffer.getLongVolatile(marksOffset(slot, partition) + COMMITTED_INDEX_OFFSET);
    }

    Path file()
    {
        return store.file();
    }

    @Override
    public void close()
    {
        store.close();
        accepted.close();
    }
}
