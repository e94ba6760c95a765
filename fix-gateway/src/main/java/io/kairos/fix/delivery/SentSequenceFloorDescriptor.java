package io.kairos.fix.delivery;

/**
 * Layout of {@code <fix.data-dir>/sent-seqnum-floor.dat}, the highest outbound MsgSeqNum each session
 * has handed to its socket (see {@link SentSequenceFloor}). A memory-mapped file: a header ({@link MappedStoreFile}'s),
 * then one fixed-size record per SenderCompID of the venue's counterparties, in the order they were first seen.
 *
 * <pre>
 *   header (64 bytes)
 *   0                               8               12              16                             64
 *   +-------------------------------+---------------+---------------+------------------------------+
 *   | magic "KSEQFLR1" (long)       | version (int) | records (int) | zero                         |
 *   +-------------------------------+---------------+---------------+------------------------------+
 *
 *   record (64 bytes each, the first at offset 64)
 *   0               4               8                                                              64
 *   +---------------+---------------+--------------------------------------------------------------+
 *   | lastSent (int)| compId length | compId, US-ASCII, zero padded (at most 56 bytes)             |
 *   +---------------+---------------+--------------------------------------------------------------+
 *   lastSent: MsgSeqNum of the last non-replayed message written to a socket of that session, stored
 *             (ordered) before the bytes are written; 0 = nothing sent since the last reset.
 *   records:  how many record slots the file has; a slot with compId length 0 is free.
 * </pre>
 *
 * All values are in native byte order (little-endian on x86-64 and arm64); the file stays on the machine that wrote it.
 * Constants only: any thread.
 */
final class SentSequenceFloorDescriptor
{
    /** The bytes "KSEQFLR1" read as a native (little-endian) long. */
    static final long MAGIC = 0x31524C465145534BL;
    static final int VERSION = 1;

    static final int LAST_SENT_OFFSET = 0;
    static final int COMP_ID_LENGTH_OFFSET = 4;
    static final int COMP_ID_OFFSET = 8;
    static final int RECORD_LENGTH = 64;
    static final int MAX_COMP_ID_LENGTH = RECORD_LENGTH - COMP_ID_OFFSET;

    static final String FILE_NAME = "sent-seqnum-floor.dat";
    static final MappedStoreFile.Layout LAYOUT = new MappedStoreFile.Layout(FILE_NAME, "sent-seqnum floor", MAGIC,
        VERSION, MappedStoreFile.HEADER_LENGTH, RECORD_LENGTH);

    private SentSequenceFloorDescriptor()
    {
    }

    static int recordOffset(final int slot)
    {
        return MappedStoreFile.HEADER_LENGTH + slot * RECORD_LENGTH;
    }
}
