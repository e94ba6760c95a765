package io.kairos.fix.delivery;

import java.nio.file.Path;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * The reports each session's connection took from the gateway and the MsgSeqNum Artio gave each, most recent
 * {@link #RING} per {@link DeliveryMarks} slot, in a memory-mapped file ({@code <fix.data-dir>/delivery-accepted.dat})
 * so that a restart after {@code kill -9} can square the marks with what can still reach the client.
 *
 * <p>Why: a report counts as delivered once the library thread has seen the framer take its MsgSeqNum
 * ({@link SessionDeliveries#confirmWritten}, from the {@link SentSequenceFloor}, which the framer writes before
 * every message). Both ways that is wrong after a kill are settled here ({@link #settle}), at start-up:
 * <ul>
 *   <li>a kill between the framer's write and the library thread's next look left the report unmarked, and the
 *   restart sent it again: a few per {@code kill -9} in a busy flow. Every report numbered up to the last one Artio's
 *   archive holds (which Artio resends with PossDupFlag=Y when the client asks) counts as delivered.</li>
 *   <li>a report the framer took can still die with the process: in the connection's coalescing buffer before the
 *   socket write, in the socket's send queue, which the kernel discards when it resets the connection, or in a client
 *   that had not read it yet. Artio cannot resend it (its archive never recorded it; the resend is gap-filled), so a
 *   report numbered above the archive's last and up to the floor is uncertain ({@link UncertainReports}): recovery
 *   emits it again, and the session sends it (PossResend=Y, same ExecID) only if its client's first word after the
 *   next logon, a ResendRequest, says it lacks it. Seen once in CI before this: a fill the client never got.</li>
 * </ul>
 * More than {@link #RING} reports the archive never recorded (it runs microseconds behind the framer) would leave the
 * older ones counted as delivered; an older file, or an entry lost, only means a report may come twice.
 *
 * <pre>
 *   header (64 bytes, {@link MappedStoreFile}'s): magic "KDLVACC1" (long), version (int), records (int), ring (int),
 *                     zero
 *   record per slot (16 + RING x 24 bytes): session id (int), zero (int), count (long, ordered), then RING entries
 *   entry (24 bytes): MsgSeqNum (int), partition (int), journal index (long), exec id (long)
 * </pre>
 *
 * <p>Threads: the library thread writes ({@link #onAccepted}); {@link #settle} runs at launch, before the library
 * thread starts. Allocation-free after open; native byte order. The file is a {@link MappedStoreFile}.
 */
public final class AcceptedReports implements AutoCloseable
{
    public static final String FILE_NAME = "delivery-accepted.dat";
    static final int RING = 1024;
    private static final long MAGIC = 0x31434341564C444BL;
    private static final int VERSION = 1;
    private static final int RING_OFFSET = 16;
    private static final int ENTRIES_OFFSET = 16;
    private static final int ENTRY_LENGTH = 24;
    private static final int RECORD_LENGTH = ENTRIES_OFFSET + RING * ENTRY_LENGTH;
    private static final int COUNT_OFFSET = 8;
    private static final MappedStoreFile.Layout LAYOUT = new MappedStoreFile.Layout(FILE_NAME, "delivery accepted",
        MAGIC, VERSION, MappedStoreFile.HEADER_LENGTH, RECORD_LENGTH);

    private final MappedStoreFile store;
    private final UnsafeBuffer buffer;
    private final int records;

    private AcceptedReports(final MappedStoreFile store)
    {
        this.store = store;
        this.buffer = store.buffer();
        this.records = store.records();
    }

    /** Maps {@code dataDir/delivery-accepted.dat} with {@code records} slots; a file of another layout starts over. */
    static AcceptedReports open(final Path dataDir, final int records)
    {
        // only an optimisation: without it a report may be sent twice after a crash, never missed
        final MappedStoreFile store = MappedStoreFile.openOrReplace(dataDir, LAYOUT, records,
            header -> header.getInt(RING_OFFSET) == RING);
        if (store.created())
        {
            store.buffer().putInt(RING_OFFSET, RING);
        }
        return new AcceptedReports(store);
    }

    /** Library thread: Artio took the report of this event for the session in {@code slot} as {@code msgSeqNum}. */
    void onAccepted(final int slot, final int sessionId, final int msgSeqNum, final int partition,
        final long journalIndex, final long execId)
    {
        if (slot < 0 || slot >= records)
        {
            return;
        }
        final int record = recordOffset(slot);
        if (buffer.getInt(record) != sessionId)
        {
            buffer.putLongOrdered(record + COUNT_OFFSET, 0);
            buffer.putIntOrdered(record, sessionId);
        }
        final long count = buffer.getLong(record + COUNT_OFFSET);
        final int entry = entryOffset(record, count);
        buffer.putInt(entry, msgSeqNum);
        buffer.putInt(entry + 4, partition);
        buffer.putLong(entry + 8, journalIndex);
        buffer.putLong(entry + 16, execId);
        buffer.putLongOrdered(record + COUNT_OFFSET, count + 1);
    }

    /**
     * Launch, before any session runs: in {@code marks}, the reports of {@code slot}'s session numbered up to
     * {@code lastReachable} count as delivered; those numbered above it and up to {@code uncertainUpTo} count as not
     * delivered, so that recovery emits them again, and go to {@code uncertain}, so that the session asks its client
     * whether it had them; then the ring is forgotten. Only the ring's last run of rising MsgSeqNums is read: a higher
     * number before it was given before a sequence reset.
     */
    SettledReports settle(final DeliveryMarks marks, final int slot, final int sessionId, final int lastReachable,
        final int uncertainUpTo, final UncertainReports uncertain)
    {
        if (slot < 0 || slot >= records)
        {
            return new SettledReports(0, 0);
        }
        final int record = recordOffset(slot);
        final long count = buffer.getLongVolatile(record + COUNT_OFFSET);
        int delivered = 0;
        if (buffer.getInt(record) == sessionId && count > 0)
        {
            // the oldest entry may be half overwritten by the one that was being added: left out
            final long oldest = Math.max(0, count - (RING - 1));
            long from = count - 1;
            while (from > oldest && msgSeqNum(record, from - 1) > 0 &&
                msgSeqNum(record, from - 1) < msgSeqNum(record, from))
            {
                from--;
            }
            for (long i = from; i < count; i++)
            {
                final int entry = entryOffset(record, i);
                final int msgSeqNum = buffer.getInt(entry);
                if (msgSeqNum > 0 && msgSeqNum <= lastReachable &&
                    marks.raiseCommitted(slot, buffer.getInt(entry + 4), buffer.getLong(entry + 8),
                        buffer.getLong(entry + 16)))
                {
                    delivered++;
                }
            }
            // newest first, so that a partition's mark ends just before its oldest uncertain report (a partition's
            // reports follow its journal)
            for (long i = count - 1; i >= from; i--)
            {
                final int entry = entryOffset(record, i);
                final int msgSeqNum = buffer.getInt(entry);
                if (msgSeqNum > lastReachable && msgSeqNum <= uncertainUpTo)
                {
                    final int partition = buffer.getInt(entry + 4);
                    final long journalIndex = buffer.getLong(entry + 8);
                    final long execId = buffer.getLong(entry + 16);
                    marks.lowerCommitted(slot, partition, journalIndex, execId);
                    uncertain.add(msgSeqNum, partition, journalIndex, execId);
                }
            }
        }
        buffer.putLongOrdered(record + COUNT_OFFSET, 0);
        buffer.putIntOrdered(record, sessionId);
        return new SettledReports(delivered, uncertain.size());
    }

    private int msgSeqNum(final int record, final long index)
    {
        return buffer.getInt(entryOffset(record, index));
    }

    private static int entryOffset(final int record, final long index)
    {
        return record + ENTRIES_OFFSET + (int)(index % RING) * ENTRY_LENGTH;
    }

    private static int recordOffset(final int slot)
    {
        return MappedStoreFile.HEADER_LENGTH + slot * RECORD_LENGTH;
    }

    @Override
    public void close()
    {
        store.close();
    }
}
