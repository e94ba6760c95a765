package io.kairos.fix.delivery;

import java.nio.file.Path;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * The reports each session's connection took from the gateway and the MsgSeqNum Artio gave each, most recent
 * {@link #RING} per {@link DeliveryMarks} slot, in a memory-mapped file ({@code <fix.data-dir>/delivery-accepted.dat})
 * so that a restart after {@code kill -9} knows which of them the framer had written.
 *
 * <p>Why: a report counts as delivered once the library thread has seen the framer write its MsgSeqNum
 * ({@link SessionDeliveries#confirmWritten}); a kill between the framer's write and the library thread's next look
 * left the report unmarked, and the restart sent it again (PossResend=Y): a few per {@code kill -9} in a busy flow.
 * At start-up {@link #settle} compares the ring with the {@link SentSequenceFloor}, which the framer writes before
 * every message, and marks delivered every report whose number the framer had reached, so a report the framer wrote
 * is not sent twice and one it never wrote is sent again. Lost entries (more than {@link #RING} unconfirmed, an older
 * file) only mean a report may come twice, as before; never that one is missed.
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
    private static final int ENTRY_LENGTH = 24;
    private static final int RECORD_LENGTH = 16 + RING * ENTRY_LENGTH;
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
        final int entry = record + 16 + (int)(count % RING) * ENTRY_LENGTH;
        buffer.putInt(entry, msgSeqNum);
        buffer.putInt(entry + 4, partition);
        buffer.putLong(entry + 8, journalIndex);
        buffer.putLong(entry + 16, execId);
        buffer.putLongOrdered(record + COUNT_OFFSET, count + 1);
    }

    /**
     * Launch, before any session runs: marks delivered in {@code marks} the reports of {@code slot}'s session whose
     * MsgSeqNum the framer had reached ({@code lastWritten}, from the sent-sequence floor), then forgets the ring.
     * @return how many entries counted as written
     */
    int settle(final DeliveryMarks marks, final int slot, final int sessionId, final int lastWritten)
    {
        if (slot < 0 || slot >= records)
        {
            return 0;
        }
        final int record = recordOffset(slot);
        final long count = buffer.getLongVolatile(record + COUNT_OFFSET);
        int written = 0;
        if (buffer.getInt(record) == sessionId && lastWritten > 0)
        {
            // the oldest entry may be half overwritten by the one that was being added: left out
            for (long i = Math.max(0, count - (RING - 1)); i < count; i++)
            {
                final int entry = record + 16 + (int)(i % RING) * ENTRY_LENGTH;
                final int msgSeqNum = buffer.getInt(entry);
                if (msgSeqNum > 0 && msgSeqNum <= lastWritten &&
                    marks.raiseCommitted(slot, buffer.getInt(entry + 4), buffer.getLong(entry + 8),
                        buffer.getLong(entry + 16)))
                {
                    written++;
                }
            }
        }
        buffer.putLongOrdered(record + COUNT_OFFSET, 0);
        buffer.putIntOrdered(record, sessionId);
        return written;
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
