package io.kairos.fix.delivery;

import io.kairos.engine.EngineConfig;

/**
 * Layout of {@code <fix.data-dir>/delivery-marks.dat}: how far the engine's execution events reached
 * Artio, per partition and per session (see {@link DeliveryMarks}). A memory-mapped file: a header, the
 * routing mark of every possible partition, then one record per engine session id; the header is
 * {@link MappedStoreFile}'s.
 *
 * <pre>
 *   header (64 bytes)
 *   0                               8               12              16                             64
 *   +-------------------------------+---------------+---------------+------------------------------+
 *   | magic "KDLVMRK1" (long)       | version (int) | records (int) | zero                         |
 *   +-------------------------------+---------------+---------------+------------------------------+
 *
 *   routed through, at offset 64: one long per partition 0..255 (2048 bytes)
 *   +----------------+----------------+-----+------------------+
 *   | routed p0      | routed p1      | ... | routed p255      |
 *   +----------------+----------------+-----+------------------+
 *
 *   session record (8 + 256 x 24 bytes each, the first at offset 2112)
 *   0               4               8                        32                        56
 *   +---------------+---------------+------------------------+------------------------+-----
 *   | session id    | in use (1/0)  | partition 0 marks      | partition 1 marks      | ...
 *   +---------------+---------------+------------------------+------------------------+-----
 *
 *   partition marks (24 bytes)
 *   0                        8                        16                       24
 *   +------------------------+------------------------+------------------------+
 *   | committed index        | committed exec id      | pending from           |
 *   +------------------------+------------------------+------------------------+
 * </pre>
 *
 * routed:          journal index of the last event of the partition the gateway thread took off its queue;
 *                  {@link #UNKNOWN} until the engine's first recovery with this file.
 * committed index / exec id: journal index and ExecID of the last report to the session from the partition
 *                  that Artio accepted (reports to one session from one partition are accepted in order).
 * pending from:    journal index of the oldest report from the partition still waiting in the session's
 *                  backlog, or 0 when none waits (a lower bound: it moves only when the backlog empties).
 *
 * All values are in native byte order; the file stays on the machine that wrote it. Constants only: any thread.
 */
final class DeliveryMarksDescriptor
{
    /** The bytes "KDLVMRK1" read as a native (little-endian) long. */
    static final long MAGIC = 0x314B524D564C444BL;
    static final int VERSION = 1;
    static final int PARTITIONS = EngineConfig.MAX_PARTITIONS;
    static final long UNKNOWN = -1;

    static final int ROUTED_OFFSET = MappedStoreFile.HEADER_LENGTH;
    static final int RECORDS_START = ROUTED_OFFSET + PARTITIONS * Long.BYTES;

    static final int SESSION_ID_OFFSET = 0;
    static final int IN_USE_OFFSET = 4;
    static final int MARKS_OFFSET = 8;
    static final int COMMITTED_INDEX_OFFSET = 0;
    static final int COMMITTED_EXEC_ID_OFFSET = 8;
    static final int PENDING_FROM_OFFSET = 16;
    static final int MARKS_LENGTH = 24;
    static final int RECORD_LENGTH = MARKS_OFFSET + PARTITIONS * MARKS_LENGTH;

    static final String FILE_NAME = "delivery-marks.dat";
    static final MappedStoreFile.Layout LAYOUT =
        new MappedStoreFile.Layout(FILE_NAME, "delivery marks", MAGIC, VERSION, RECORDS_START, RECORD_LENGTH);

    private DeliveryMarksDescriptor()
    {
    }

    static int routedOffset(final int partition)
    {
        return ROUTED_OFFSET + partition * Long.BYTES;
    }

    static int recordOffset(final int slot)
    {
        return RECORDS_START + slot * RECORD_LENGTH;
    }

    static int marksOffset(final int slot, final int partition)
    {
        return recordOffset(slot) + MARKS_OFFSET + partition * MARKS_LENGTH;
    }
}
