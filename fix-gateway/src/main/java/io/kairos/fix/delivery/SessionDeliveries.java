package io.kairos.fix.delivery;

import io.kairos.engine.ExecutionEvent;

/**
 * One session's side of the {@link DeliveryMarks}: which engine reports it has been given but that have
 * not reached the wire yet. A report counts as delivered once Artio's framer has written its MsgSeqNum
 * to the socket (the {@link SentSequenceFloor} says so), not when the library handed it to Artio: after
 * {@code kill -9} a report the framer never wrote is gone with the IPC log, and the restarted engine must
 * emit it again. Until then the report keeps the partition's "pending from" mark down, so a restart
 * replays its command.
 *
 * <p>Owned by the library thread. Preallocated; the FIFO of reports awaiting the framer doubles
 * (allocating) only when more wait than ever before.
 */
public final class SessionDeliveries
{
    private final DeliveryMarks marks;
    private final int slot;
    private final UncertainReports uncertain;
    private final int[] pendingByPartition = new int[DeliveryMarksDescriptor.PARTITIONS];
    private int[] msgSeqNums = new int[256];
    private int[] partitions = new int[256];
    private long[] journalIndexes = new long[256];
    private long[] execIds = new long[256];
    private int head;
    private int size;

    public SessionDeliveries(final DeliveryMarks marks, final int sessionId)
    {
        this.marks = marks;
        this.slot = marks.slot(sessionId);
        uncertain = slot == DeliveryMarks.UNKNOWN_SLOT ? new UncertainReports() : marks.uncertain(slot);
    }

    /** Reports a crash left uncertain ({@link UncertainReports}): the session waits for its client's first word. */
    public UncertainReports uncertain()
    {
        return uncertain;
    }

    /**
     * Whether the client, asked after a crash, had this report although the archive never recorded it: then it
     * counts as delivered and is not sent again.
     */
    public boolean clientHad(final ExecutionEvent event)
    {
        if (!uncertain.clientHad(event))
        {
            return false;
        }
        marks.raiseCommitted(slot, event.partition, event.journalIndex, event.execId);
        settledPending(event.partition);
        return true;
    }

    /**
     * Whether the engine's start-up recovery emitted this event again although its report reached this session
     * before the restart (the event is emitted again when any of its recipients, the order-entry session or a drop
     * copy, lacks it; each recipient skips what it had).
     */
    public boolean hadBeforeRestart(final ExecutionEvent event)
    {
        return event.recovered && slot != DeliveryMarks.UNKNOWN_SLOT && DeliveryMarks.tracks(event) &&
            marks.delivered(slot, event);
    }

    /** The engine's report arrived for the session: it is pending until the framer writes it. */
    public void onArrived(final ExecutionEvent event)
    {
        if (slot != DeliveryMarks.UNKNOWN_SLOT && DeliveryMarks.tracks(event) &&
            pendingByPartition[event.partition]++ == 0)
        {
            marks.onPending(slot, event.partition, event.journalIndex);
        }
    }

    /**
     * Artio accepted the report as MsgSeqNum {@code msgSeqNum}; it is delivered when the framer has written that
     * number.
     */
    public void onAccepted(final ExecutionEvent event, final int msgSeqNum)
    {
        if (slot == DeliveryMarks.UNKNOWN_SLOT || !DeliveryMarks.tracks(event))
        {
            return;
        }
        if (size == msgSeqNums.length)
        {
            grow();
        }
        marks.onAccepted(slot, event, msgSeqNum);
        final int tail = (head + size) & (msgSeqNums.length - 1);
        msgSeqNums[tail] = msgSeqNum;
        partitions[tail] = event.partition;
        journalIndexes[tail] = event.journalIndex;
        execIds[tail] = event.execId;
        size++;
    }

    /** @return how many reports the framer's last written MsgSeqNum {@code lastWritten} confirmed. */
    public int confirmWritten(final int lastWritten)
    {
        int confirmed = 0;
        while (size > 0 && msgSeqNums[head] <= lastWritten)
        {
            confirmHead();
            confirmed++;
        }
        return confirmed;
    }

    /**
     * The session's sequence numbers started again (a Logon with ResetSeqNumFlag=Y): the reports still
     * awaiting the framer can never be confirmed by number, and the counterparty discarded what it had not
     * received; they count as delivered.
     */
    public void onSequenceReset()
    {
        while (size > 0)
        {
            confirmHead();
        }
    }

    public boolean awaitingWrite()
    {
        return size > 0;
    }

    /** @return the MsgSeqNum of the newest report awaiting the framer, 0 when none waits. */
    public int newestAwaiting()
    {
        return size == 0 ? 0 : msgSeqNums[(head + size - 1) & (msgSeqNums.length - 1)];
    }

    private void confirmHead()
    {
        final int partition = partitions[head];
        marks.onCommitted(slot, partition, journalIndexes[head], execIds[head]);
        settledPending(partition);
        head = (head + 1) & (msgSeqNums.length - 1);
        size--;
    }

    private void settledPending(final int partition)
    {
        if (--pendingByPartition[partition] == 0)
        {
            marks.onNothingPending(slot, partition);
        }
    }

    private void grow()
    {
        final int capacity = msgSeqNums.length;
        final int[] seqs = new int[capacity * 2];
        final int[] parts = new int[capacity * 2];
        final long[] indexes = new long[capacity * 2];
        final long[] ids = new long[capacity * 2];
        for (int i = 0; i < size; i++)
        {
            final int from = (head + i) & (capacity - 1);
            seqs[i] = msgSeqNums[from];
            parts[i] = partitions[from];
            indexes[i] = journalIndexes[from];
            ids[i] = execIds[from];
        }
        msgSeqNums = seqs;
        partitions = parts;
        journalIndexes = indexes;
        execIds = ids;
        head = 0;
    }
}
