package io.kairos.fix.delivery;

import static io.kairos.fix.delivery.MappedStoreFile.RECORDS_OFFSET;
import static io.kairos.fix.delivery.SentSequenceFloorDescriptor.COMP_ID_LENGTH_OFFSET;
import static io.kairos.fix.delivery.SentSequenceFloorDescriptor.COMP_ID_OFFSET;
import static io.kairos.fix.delivery.SentSequenceFloorDescriptor.LAST_SENT_OFFSET;
import static io.kairos.fix.delivery.SentSequenceFloorDescriptor.LAYOUT;
import static io.kairos.fix.delivery.SentSequenceFloorDescriptor.MAX_COMP_ID_LENGTH;
import static io.kairos.fix.delivery.SentSequenceFloorDescriptor.recordOffset;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixFieldScan;
import io.kairos.fix.wire.FixFrame;
import io.kairos.fix.wire.FixTags;
import uk.co.real_logic.artio.session.Session;

/**
 * The highest outbound MsgSeqNum each session has handed to its socket, in a memory-mapped file
 * ({@link SentSequenceFloorDescriptor}), so that a restart never reuses a sequence number the
 * counterparty may already have seen.
 *
 * <p>Why: Artio recovers a session's sent sequence number from its index and its Aeron archive
 * recording, but its framer writes a message to the socket as soon as the library published it, while
 * the archive records the same stream on its own thread. After {@code kill -9} the messages the archive
 * had not yet recorded are gone with the IPC log buffer, and Artio's next Logon would reuse their
 * numbers (seen: Logon 187 to a client that had received 219). The framer writes the number here before
 * the bytes reach the socket, and {@link #raise} lifts an acquired session to it before its Logon reply;
 * a ResendRequest for the numbers the archive lost is answered with a gap fill. A page-cache write
 * survives {@code kill -9}; it is not forced to disk (a power loss is not covered).
 *
 * <p>Slots are assigned at {@link #open} for the configured CompIDs (and kept for CompIDs of earlier
 * runs); afterwards the slot table is immutable. {@link #onSent} and {@link #onReset} run on Artio's
 * framer thread (the only writer), {@link #lastSent} and {@link #raise} on any thread. Allocation-free
 * after open. The file is a {@link MappedStoreFile}.
 */
public final class SentSequenceFloor implements AutoCloseable
{
    public static final int UNKNOWN_SLOT = -1;
    private static final int MIN_RECORDS = 64;

    private final MappedStoreFile store;
    private final UnsafeBuffer buffer;
    private final Map<String, Integer> slots;

    private SentSequenceFloor(final MappedStoreFile store, final Map<String, Integer> slots)
    {
        this.store = store;
        this.buffer = store.buffer();
        this.slots = Map.copyOf(slots);
    }

    /**
     * Maps (creating or growing) {@code dataDir/sent-seqnum-floor.dat} with a slot for each CompID; refuses a file
     * that is not a sent-seqnum floor file. Allocates.
     */
    public static SentSequenceFloor open(final Path dataDir, final Collection<String> compIds)
    {
        final MappedStoreFile store = MappedStoreFile.open(dataDir, LAYOUT);
        try
        {
            final Map<String, Integer> slots = readSlots(store);
            int needed = slots.size();
            for (final String compId : compIds)
            {
                validate(compId);
                needed += slots.containsKey(compId) ? 0 : 1;
            }
            store.mapRecords(roundUp(needed));
            final UnsafeBuffer buffer = store.buffer();
            int free = slots.size();
            for (final String compId : compIds)
            {
                if (!slots.containsKey(compId))
                {
                    final byte[] bytes = compId.getBytes(StandardCharsets.US_ASCII);
                    final int offset = store.clearRecord(free);
                    buffer.putBytes(offset + COMP_ID_OFFSET, bytes);
                    buffer.putInt(offset + COMP_ID_LENGTH_OFFSET, bytes.length);
                    slots.put(compId, free++);
                }
            }
            return new SentSequenceFloor(store, slots);
        }
        catch (final RuntimeException e)
        {
            store.close();
            throw e;
        }
    }

    /** The CompID of each record of the file as found (a record with CompID length 0 is free). */
    private static Map<String, Integer> readSlots(final MappedStoreFile store)
    {
        final Map<String, Integer> slots = new HashMap<>();
        final UnsafeBuffer buffer = store.buffer();
        for (int slot = 0; slot < store.records(); slot++)
        {
            final int length = buffer.getInt(recordOffset(slot) + COMP_ID_LENGTH_OFFSET);
            if (length > 0 && length <= MAX_COMP_ID_LENGTH)
            {
                slots.put(buffer.getStringWithoutLengthAscii(recordOffset(slot) + COMP_ID_OFFSET, length), slot);
            }
        }
        return slots;
    }

    private static void validate(final String compId)
    {
        if (compId.isEmpty() || compId.length() > MAX_COMP_ID_LENGTH ||
            !StandardCharsets.US_ASCII.newEncoder().canEncode(compId))
        {
            throw new IllegalArgumentException("CompID '" + compId + "' must be 1.." + MAX_COMP_ID_LENGTH +
                " ASCII characters");
        }
    }

    private static int roundUp(final int records)
    {
        return Math.max(MIN_RECORDS, (records + MIN_RECORDS - 1) / MIN_RECORDS * MIN_RECORDS);
    }

    public int slot(final String compId)
    {
        final Integer slot = slots.get(compId);
        return slot == null ? UNKNOWN_SLOT : slot;
    }

    /**
     * The slot of the session an outbound FIX message {@code message[offset, offset + length)} is addressed to: its
     * TargetCompID (56) compared with each slot's CompID; {@link #UNKNOWN_SLOT} when there is none or it is not in the
     * file.
     */
    int slotOf(final DirectBuffer message, final int offset, final int length)
    {
        final int start = FixFieldScan.valueStart(message, offset, length, FixTags.TARGET_COMP_ID);
        if (start < 0)
        {
            return UNKNOWN_SLOT;
        }
        final int soh = FixFrame.indexOf(message, start, offset + length, FixFrame.SOH);
        return slotWithCompId(message, start, (soh < 0 ? offset + length : soh) - start);
    }

    private int slotWithCompId(final DirectBuffer message, final int offset, final int length)
    {
        final int records = buffer.getInt(RECORDS_OFFSET);
        for (int slot = 0; slot < records; slot++)
        {
            final int record = recordOffset(slot);
            if (buffer.getInt(record + COMP_ID_LENGTH_OFFSET) == length &&
                sameBytes(message, offset, record + COMP_ID_OFFSET, length))
            {
                return slot;
            }
        }
        return UNKNOWN_SLOT;
    }

    private boolean sameBytes(final DirectBuffer message, final int offset, final int recordOffset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            if (message.getByte(offset + i) != buffer.getByte(recordOffset + i))
            {
                return false;
            }
        }
        return true;
    }

    /** Framer thread: a message with this sequence number is about to be written; keeps the highest. */
    public void onSent(final int slot, final int msgSeqNum)
    {
        final int offset = recordOffset(slot) + LAST_SENT_OFFSET;
        if (msgSeqNum > buffer.getInt(offset))
        {
            buffer.putIntOrdered(offset, msgSeqNum);
        }
    }

    /** Framer thread: the session's sequence numbers were reset (Logon with ResetSeqNumFlag=Y) and restart here. */
    void onReset(final int slot, final int msgSeqNum)
    {
        buffer.putIntOrdered(recordOffset(slot) + LAST_SENT_OFFSET, msgSeqNum);
    }

    public int lastSent(final int slot)
    {
        return buffer.getIntVolatile(recordOffset(slot) + LAST_SENT_OFFSET);
    }

    /** @return the highest MsgSeqNum written to a socket of that CompID, 0 if none or unknown. */
    public int lastSent(final String compId)
    {
        final int slot = slot(compId);
        return slot == UNKNOWN_SLOT ? 0 : lastSent(slot);
    }

    /**
     * Library thread, when Artio hands over an accepted session (before its Logon reply): lifts the
     * session's last sent MsgSeqNum to the mark if Artio recovered a lower one — unless the Logon reset the
     * sequence numbers (141=Y): then the numbers before it are abandoned by both sides, the reply must be 34=1,
     * and the mark restarts when that reply is written ({@link #onReset}). Raising it there made Artio drop the
     * reply, so a client reconnecting with ResetOnLogon=Y after a dropped connection hung without an answer.
     *
     * @return how many sequence numbers Artio had lost (0 when it was not behind).
     */
    public int raise(final Session session)
    {
        final int mark = lastSent(session.compositeKey().remoteCompId());
        final int recovered = session.lastSentMsgSeqNum();
        if (mark <= recovered || restartedAtThisLogon(session))
        {
            return 0;
        }
        session.lastSentMsgSeqNum(mark);
        return mark - recovered;
    }

    /** Artio stamps a sequence reset and the logon with the same time when the Logon reset the numbers. */
    private static boolean restartedAtThisLogon(final Session session)
    {
        return session.lastSequenceResetTimeInNs() == session.lastLogonTimeInNs() && session.lastSentMsgSeqNum() == 0;
    }

    Path file()
    {
        return store.file();
    }

    @Override
    public void close()
    {
        store.close();
    }
}
