package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import uk.co.real_logic.artio.engine.logger.ReplayIndexDescriptor;
import uk.co.real_logic.artio.storage.messages.MessageHeaderDecoder;
import uk.co.real_logic.artio.storage.messages.ReplayIndexRecordDecoder;

/**
 * Artio's replay index trimmed to what its archive holds, on index files written here in Artio's layout: a ring of 8
 * records in two segment files of 4 (Artio's own files, made by a real gateway, are in CrashRestartTest).
 */
class ReplayIndexTrimTest
{
    private static final int STREAM = 2;
    private static final int SESSION = 3;
    private static final int CAPACITY = 8;
    private static final int SEGMENT = 4;
    private static final int RECORD = ReplayIndexDescriptor.RECORD_LENGTH;
    private static final long RECORDING = 7;
    private static final int LENGTH = 96;

    @TempDir
    Path dir;

    @Test
    void shouldRemoveTheEntriesPastTheRecordingsEndAndLetArtioWriteOnAfterTheLastKept() throws IOException
    {
        writeIndex(5);
        final ReplayIndexTrim trim = trim();

        final List<ReplayIndexTrim.Removed> removed = trim.trim(recordedUpToSequenceNumber(3));

        assertEquals(List.of(new ReplayIndexTrim.Removed(SESSION, 2, 4, 5)), removed);
        assertEquals(List.of(1, 2, 3), sequenceNumbers(trim.entries(SESSION)));
        assertEquals(3L * RECORD, changePosition(0));
        assertEquals(3L * RECORD, changePosition(Long.BYTES));
        assertEquals(List.of(), trim.trim(recordedUpToSequenceNumber(3)), "nothing left to remove");
    }

    @Test
    void shouldKeepAWrappedRingReadableFromItsOldestEntry() throws IOException
    {
        writeIndex(11);
        final ReplayIndexTrim trim = trim();
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10, 11), sequenceNumbers(trim.entries(SESSION)));

        final List<ReplayIndexTrim.Removed> removed = trim.trim(recordedUpToSequenceNumber(9));

        assertEquals(List.of(new ReplayIndexTrim.Removed(SESSION, 2, 10, 11)), removed);
        // Artio reads a full ring from the slot after the last written: the two freed slots repeat the oldest entry
        assertEquals(List.of(4, 4, 4, 5, 6, 7, 8, 9), sequenceNumbers(trim.entries(SESSION)));
        assertEquals(9L * RECORD, changePosition(0));
    }

    @Test
    void shouldRemoveEntriesOfARecordingTheArchiveDoesNotHaveAndKeepThoseItCannotJudge() throws IOException
    {
        writeIndex(3);
        final ReplayIndexTrim trim = trim();

        assertEquals(List.of(), trim.trim(recordingId -> Long.MAX_VALUE), "a recording still active is kept");
        assertEquals(List.of(new ReplayIndexTrim.Removed(SESSION, 3, 1, 3)), trim.trim(recordingId -> -1));
        assertTrue(trim.entries(SESSION).isEmpty());
    }

    private ReplayIndexTrim trim()
    {
        return new ReplayIndexTrim(dir.toFile(), STREAM, CAPACITY, SEGMENT);
    }

    /** Message n (from 1) of recording 7 lies at [n * 128, n * 128 + 96 + 32): the archive holds up to message m. */
    private static LongUnaryOperator recordedUpToSequenceNumber(final int sequenceNumber)
    {
        return recordingId -> recordingId == RECORDING ? position(sequenceNumber) + LENGTH : -1;
    }

    private static long position(final int sequenceNumber)
    {
        return sequenceNumber * 128L + 32;
    }

    /** Writes what Artio's indexer writes for messages 1..count, around the ring. */
    private void writeIndex(final int count) throws IOException
    {
        for (int segment = 0; segment < CAPACITY / SEGMENT; segment++)
        {
            withFile("replay-index-" + SESSION + "-" + STREAM + "-" + segment, SEGMENT * RECORD, buffer -> { });
        }
        for (int n = 1; n <= count; n++)
        {
            final long at = (n - 1L) * RECORD;
            final int segment = (int)((at % ((long)CAPACITY * RECORD)) / (SEGMENT * RECORD));
            final int offset = (int)(at % (SEGMENT * RECORD));
            final int sequenceNumber = n;
            withFile("replay-index-" + SESSION + "-" + STREAM + "-" + segment, SEGMENT * RECORD, buffer ->
            {
                buffer.putLong(offset + ReplayIndexRecordDecoder.positionEncodingOffset(), position(sequenceNumber));
                buffer.putInt(offset + ReplayIndexRecordDecoder.sequenceNumberEncodingOffset(), sequenceNumber);
                buffer.putLong(offset + ReplayIndexRecordDecoder.recordingIdEncodingOffset(), RECORDING);
                buffer.putInt(offset + ReplayIndexRecordDecoder.lengthEncodingOffset(), LENGTH);
            });
        }
        withFile(header(), ReplayIndexDescriptor.HEADER_FILE_SIZE, buffer ->
        {
            buffer.putLong(MessageHeaderDecoder.ENCODED_LENGTH, (long)count * RECORD);
            buffer.putLong(MessageHeaderDecoder.ENCODED_LENGTH + Long.BYTES, (long)count * RECORD);
        });
    }

    private long changePosition(final int offset) throws IOException
    {
        final long[] value = new long[1];
        withFile(header(), ReplayIndexDescriptor.HEADER_FILE_SIZE,
            buffer -> value[0] = buffer.getLong(MessageHeaderDecoder.ENCODED_LENGTH + offset));
        return value[0];
    }

    private static String header()
    {
        return "replay-index-" + SESSION + "-" + STREAM + "-header";
    }

    private static List<Integer> sequenceNumbers(final List<ReplayIndexTrim.Entry> entries)
    {
        return entries.stream().map(ReplayIndexTrim.Entry::sequenceNumber).toList();
    }

    private void withFile(final String name, final int length, final java.util.function.Consumer<UnsafeBuffer> use)
        throws IOException
    {
        try (RandomAccessFile file = new RandomAccessFile(dir.resolve(name).toFile(), "rw"))
        {
            file.setLength(Math.max(file.length(), length));
            final MappedByteBuffer mapped = file.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, length);
            try
            {
                use.accept(new UnsafeBuffer(mapped));
            }
            finally
            {
                IoUtil.unmap(mapped);
            }
        }
    }
}
