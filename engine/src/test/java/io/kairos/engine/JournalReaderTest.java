package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-only journal reader against journals the engine's {@link Journal} wrote, across segments. */
class JournalReaderTest
{
    /** Small segments: 40 commands span several of them. */
    private static final long SEGMENT_BYTES = 2048;
    private static final int COMMANDS = 40;

    @TempDir
    Path dir;

    @Test
    void shouldReadEveryRecordAcrossSegmentsInIndexOrderWithoutChangingAByte() throws IOException
    {
        write(dir);
        final byte[][] before = contents(dir);
        final List<Long> quantities = new ArrayList<>();
        try (JournalReader reader = JournalReader.open(dir))
        {
            final JournalReader.Summary summary = reader.read((command, index) ->
            {
                assertEquals(quantities.size() + 1, index);
                quantities.add(command.quantity);
                return true;
            });
            assertEquals(new JournalReader.Summary(1, COMMANDS, COMMANDS, null), summary);
        }
        assertEquals(COMMANDS, quantities.size());
        assertEquals(List.of(1L, 2L, 3L), quantities.subList(0, 3));
        assertTrue(JournalRecords.segmentsIn(dir).size() > 1, "the commands span several segments");
        assertTrue(Arrays.deepEquals(before, contents(dir)), "every file is unchanged");
    }

    @Test
    void shouldStopWhenTheHandlerSaysSo() throws IOException
    {
        write(dir);
        try (JournalReader reader = JournalReader.open(dir))
        {
            final JournalReader.Summary summary = reader.read((command, index) -> index < 7);
            assertEquals(7, summary.lastIndex());
            assertNull(summary.tornTail());
        }
    }

    @Test
    void shouldRefuseAJournalThatItsEngineHolds() throws IOException
    {
        write(dir);
        try (DirectoryLock engine = DirectoryLock.acquire(dir, JournalDescriptor.LOCK_FILE, "journal.dir", "engine"))
        {
            final JournalReadException refused =
                assertThrows(JournalReadException.class, () -> JournalReader.open(dir));
            assertEquals(JournalReadException.Kind.IN_USE, refused.kind());
            assertTrue(engine.toString().length() > 0);
        }
        JournalReader.open(dir).close();
    }

    @Test
    void shouldTellATornLastRecordFromACorruptOneInTheMiddle() throws IOException
    {
        write(dir);
        final List<Path> segments = JournalRecords.segmentsIn(dir);
        final Path last = segments.get(segments.size() - 1);
        final byte[] bytes = Files.readAllBytes(last);
        final int lastRecord = lastRecordOffset(bytes);
        bytes[lastRecord + JournalDescriptor.HEADER_LENGTH + JournalDescriptor.QUANTITY_OFFSET] ^= 1;
        Files.write(last, bytes);
        try (JournalReader reader = JournalReader.open(dir))
        {
            final JournalReader.Summary summary = reader.read((command, index) -> true);
            assertEquals(COMMANDS - 1, summary.records());
            assertTrue(summary.tornTail().startsWith("CRC mismatch at byte " + lastRecord + " of " +
                last.getFileName()), summary.tornTail());
        }

        final Path first = segments.get(0);
        final byte[] firstBytes = Files.readAllBytes(first);
        firstBytes[JournalDescriptor.HEADER_LENGTH + JournalDescriptor.QUANTITY_OFFSET] ^= 1;
        Files.write(first, firstBytes);
        try (JournalReader reader = JournalReader.open(dir))
        {
            final JournalReadException corrupt =
                assertThrows(JournalReadException.class, () -> reader.read((command, index) -> true));
            assertEquals(JournalReadException.Kind.CORRUPT, corrupt.kind());
        }
    }

    @Test
    void shouldNameWhatIsMissing() throws IOException
    {
        assertEquals(JournalReadException.Kind.NO_DIRECTORY,
            assertThrows(JournalReadException.class, () -> JournalReader.open(dir.resolve("none"))).kind());
        assertEquals(JournalReadException.Kind.NOT_A_JOURNAL,
            assertThrows(JournalReadException.class, () -> JournalReader.open(dir)).kind());
        assertEquals(3, JournalReader.partitionOf(dir.resolve("p3")));
        assertEquals(-1, JournalReader.partitionOf(dir.resolve("px")));
    }

    private static void write(final Path dir)
    {
        try (Journal journal = new Journal(dir, SEGMENT_BYTES))
        {
            journal.recover(0, new EngineCommand(), (c, index) -> { });
            for (int i = 1; i <= COMMANDS; i++)
            {
                journal.append(new EngineCommand().newOrder(1, "order-" + i, 1, Side.BUY, OrderType.LIMIT,
                    TimeInForce.DAY, Prices.parse("100"), i), i);
            }
        }
    }

    private static byte[][] contents(final Path dir) throws IOException
    {
        final List<byte[]> files = new ArrayList<>();
        for (final Path segment : JournalRecords.segmentsIn(dir))
        {
            files.add(Files.readAllBytes(segment));
        }
        return files.toArray(new byte[0][]);
    }

    private static int lastRecordOffset(final byte[] segment)
    {
        final org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(segment);
        int offset = 0;
        int last = -1;
        while (buffer.getInt(offset) > 0)
        {
            last = offset;
            offset += JournalDescriptor.align(buffer.getInt(offset));
        }
        return last;
    }
}
