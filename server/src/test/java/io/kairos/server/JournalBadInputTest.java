package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.kairos.engine.DirectoryLock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code kairos-server journal}: a clear message and an exit status of its own for each kind. */
class JournalBadInputTest
{
    @TempDir
    static Path dir;
    static RecordedJournal recorded;

    @BeforeAll
    static void recordJournal() throws Exception
    {
        recorded = RecordedJournal.record(dir);
    }

    @Test
    void aMissingDirectoryExitsWithItsOwnStatus() throws Exception
    {
        final ServerCli.Result result = journal(dir.resolve("nowhere").toString());
        assertEquals(ToolExit.NO_DIRECTORY, result.exit());
        assertTrue(result.err().contains("no such directory: " + dir.resolve("nowhere")), result.err());
    }

    @Test
    void aDirectoryThatHoldsNoJournalExitsWithItsOwnStatus() throws Exception
    {
        final Path empty = Files.createDirectories(dir.resolve("empty"));
        final ServerCli.Result result = journal(empty.toString());
        assertEquals(ToolExit.NOT_A_JOURNAL, result.exit());
        assertTrue(result.err().contains("is not a journal directory"), result.err());
    }

    @Test
    void aJournalThatARunningVenueHoldsIsRefused() throws Exception
    {
        final Path copy = copyOfPartition0("held");
        final DirectoryLock venue = DirectoryLock.acquire(copy, "partition.lock", "journal.dir", "engine");
        try
        {
            final ServerCli.Result result = journal(copy.toString(), "--partition", "0");
            assertEquals(ToolExit.IN_USE, result.exit());
            assertTrue(result.err().contains("is in use by a running venue (engine) (pid " +
                ProcessHandle.current().pid()), result.err());
            assertEquals("", result.out());
        }
        finally
        {
            venue.close();
        }
    }

    @Test
    void aTornLastRecordIsReportedAndEveryRecordBeforeItIsRead() throws Exception
    {
        final Path copy = copyOfPartition0("torn");
        final Path segment = segmentOf(copy);
        final List<Integer> records = recordOffsets(segment);
        flipPayloadByte(segment, records.get(3));
        final ServerCli.Result result = journal(copy.toString(), "--partition", "0");
        assertEquals(ToolExit.TORN_TAIL, result.exit());
        assertTrue(result.err().contains("torn tail: CRC mismatch at byte " + records.get(3) + " of " +
            segment.getFileName() + " (after record 3); the 3 records before it were read"), result.err());
        assertEquals(JournalExportTest.HEADER + "\n" + JournalExportTest.rowsOf(JournalExportTest.PARTITION_0, 1, 3),
            result.out());
    }

    @Test
    void aCrcMismatchBeforeTheTailStopsTheReadWithItsOwnStatus() throws Exception
    {
        final Path copy = copyOfPartition0("corrupt");
        final Path segment = segmentOf(copy);
        final List<Integer> records = recordOffsets(segment);
        flipPayloadByte(segment, records.get(1));
        final ServerCli.Result result = journal(copy.toString(), "--partition", "0");
        assertEquals(ToolExit.CORRUPT, result.exit());
        assertTrue(result.err().contains("corrupt journal: CRC mismatch at byte " + records.get(1) + " of " + segment),
            result.err());
        assertEquals(JournalExportTest.HEADER + "\n" + JournalExportTest.rowsOf(JournalExportTest.PARTITION_0, 1, 1),
            result.out());
    }

    @Test
    void aTimeThatIsNeitherIsoNorEpochNanosecondsIsABadCommandLine() throws Exception
    {
        final ServerCli.Result result = journal(recorded.journalDir().toString(), "--from", "yesterday");
        assertEquals(ToolExit.BAD_USAGE, result.exit());
        assertTrue(result.err().contains("--from yesterday: not an ISO-8601 instant"), result.err());
    }

    @Test
    void aPartitionDirectoryWhoseNameDoesNotSayWhichNeedsThePartitionOption() throws Exception
    {
        final Path copy = copyOfPartition0("unnamed");
        final ServerCli.Result result = journal(copy.toString());
        assertEquals(ToolExit.BAD_USAGE, result.exit());
        assertTrue(result.err().contains("give --partition N"), result.err());
    }

    private static ServerCli.Result journal(final String... args) throws Exception
    {
        final String[] all = new String[args.length + 3];
        all[0] = "journal";
        all[1] = "--config";
        all[2] = recorded.configFile.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return ServerCli.run(dir, all);
    }

    private static Path copyOfPartition0(final String name) throws IOException
    {
        final Path copy = Files.createDirectories(dir.resolve(name));
        try (Stream<Path> files = Files.list(recorded.journalDir().resolve("p0")))
        {
            for (final Path file : files.toList())
            {
                Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        return copy;
    }

    private static Path segmentOf(final Path partitionDir) throws IOException
    {
        try (Stream<Path> files = Files.list(partitionDir))
        {
            return files.filter(f -> f.getFileName().toString().startsWith("journal-")).findFirst().orElseThrow();
        }
    }

    /** Where each record starts: records are back to back, each 8-byte aligned, led by its length (int). */
    private static List<Integer> recordOffsets(final Path segment) throws IOException
    {
        final java.nio.ByteBuffer bytes =
            java.nio.ByteBuffer.wrap(Files.readAllBytes(segment)).order(ByteOrder.LITTLE_ENDIAN);
        final List<Integer> offsets = new ArrayList<>();
        int offset = 0;
        while (bytes.getInt(offset) > 0)
        {
            offsets.add(offset);
            offset += (bytes.getInt(offset) + 7) & -8;
        }
        return offsets;
    }

    private static void flipPayloadByte(final Path segment, final int recordOffset) throws IOException
    {
        final byte[] bytes = Files.readAllBytes(segment);
        bytes[recordOffset + 16 + 40] ^= 0x5A; // the quantity's low byte: the CRC no longer matches
        Files.write(segment, bytes);
    }
}
