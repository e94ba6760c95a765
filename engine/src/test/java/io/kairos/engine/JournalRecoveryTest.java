package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal and snapshots restore exactly the complete records, whatever happened to the tail. */
class JournalRecoveryTest
{
    private static final long SEGMENT_BYTES = 64 * 1024;

    @TempDir
    Path dir;

    @Test
    void shouldRestoreExactlyTheCompleteRecordsWhenTheFileIsCutAtAnyByte() throws IOException
    {
        final Path journalDir = dir.resolve("j");
        final List<Integer> recordEnds = writeJournal(journalDir, 30);
        final Path segment = onlySegment(journalDir);
        final int lastRecordsStart = recordEnds.get(recordEnds.size() - 4);
        final int end = recordEnds.get(recordEnds.size() - 1);
        for (int cut = lastRecordsStart; cut <= end; cut++)
        {
            final Path copy = dir.resolve("cut-" + cut);
            Files.createDirectories(copy);
            final Path cutSegment = copy.resolve(segment.getFileName());
            Files.copy(segment, cutSegment);
            try (FileChannel channel = FileChannel.open(cutSegment, StandardOpenOption.WRITE))
            {
                channel.truncate(cut);
            }
            final int complete = completeRecordsBefore(recordEnds, cut);
            final Journal journal = new Journal(copy, SEGMENT_BYTES);
            final List<Long> replayed = new ArrayList<>();
            final Journal.Recovery recovery =
                journal.recover(0, new EngineCommand(), (c, index) -> replayed.add(index));
            assertEquals(complete, replayed.size(), "records restored when cut at byte " + cut);
            assertEquals(complete, recovery.lastIndex(), "last index when cut at byte " + cut);
            final boolean torn = cut != recordEnds.get(complete - 1);
            assertEquals(torn, recovery.truncatedBytes() > 0, "torn tail reported when cut at byte " + cut + ": "
                + recovery);
            journal.append(command(999), recovery.lastIndex() + 1);
            journal.close();
            final List<Long> again = new ArrayList<>();
            new Journal(copy, SEGMENT_BYTES).recover(0, new EngineCommand(), (c, index) -> again.add(index));
            assertEquals(complete + 1, again.size(), "appending after a truncation continues cleanly (cut " + cut
                + ")");
        }
    }

    @Test
    void shouldCutACorruptRecordAndEverythingAfterItAndSaySo() throws IOException
    {
        final Path journalDir = dir.resolve("j");
        final List<Integer> recordEnds = writeJournal(journalDir, 10);
        final Path segment = onlySegment(journalDir);
        final int corruptAt = recordEnds.get(6) + 20;
        try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE))
        {
            channel.write(java.nio.ByteBuffer.wrap(new byte[] {(byte)0x5A}), corruptAt);
        }
        final List<Long> replayed = new ArrayList<>();
        final Journal.Recovery recovery =
            new Journal(journalDir, SEGMENT_BYTES).recover(0, new EngineCommand(), (c, i) -> replayed.add(i));
        assertEquals(7, replayed.size());
        assertTrue(recovery.truncationReason().contains("CRC mismatch at byte " + recordEnds.get(6)),
            recovery.truncationReason());
    }

    @Test
    void shouldRollAcrossSegmentsAndReplayThemInOrder() throws IOException
    {
        final Path journalDir = dir.resolve("j");
        final Journal journal = new Journal(journalDir, SEGMENT_BYTES);
        journal.recover(0, new EngineCommand(), (c, i) -> { });
        for (int i = 1; i <= 4_000; i++)
        {
            journal.append(command(i), i);
        }
        journal.close();
        try (Stream<Path> files = Files.list(journalDir))
        {
            assertTrue(files.count() > 3, "several segments");
        }
        final List<Long> replayed = new ArrayList<>();
        final EngineCommand scratch = new EngineCommand();
        new Journal(journalDir, SEGMENT_BYTES).recover(3_500, scratch, (c, i) ->
        {
            replayed.add(i);
            assertEquals(i, c.quantity, "payload of record " + i);
        });
        assertEquals(500, replayed.size());
        assertEquals(3_501L, replayed.get(0));
    }

    @Test
    void shouldRecoverFromASnapshotPlusTheJournalTailToTheSameBooksAsAFullReplay()
    {
        final EngineConfig base =
            TestInstruments.config().withJournal(JournalMode.ASYNC, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(700).withJournalSegmentBytes(SEGMENT_BYTES);
        final ReferenceBooks reference = new ReferenceBooks(base);
        try (Engine engine = new Engine(base).start(EngineEventListener.NO_OP))
        {
            reference.publish(engine, new RandomCommandStream(5, TestInstruments.DEFAULT, 4, 0), 5_000);
        }
        final EventRecorder recovered = new EventRecorder();
        try (Engine engine = new Engine(base).start(recovered))
        {
            final RecoveryReport report = engine.recoveryReports().get(0);
            assertTrue(report.snapshotCommands() > 0, "started from a snapshot: " + report);
            assertTrue(report.replayedCommands() < 700, "replayed only the tail: " + report);
        }
        assertEquals(reference.recoveredBooks(), recovered.drain());
    }

    private List<Integer> writeJournal(final Path journalDir, final int records)
    {
        final Journal journal = new Journal(journalDir, SEGMENT_BYTES);
        journal.recover(0, new EngineCommand(), (c, i) -> { });
        final List<Integer> ends = new ArrayList<>();
        int position = 0;
        for (int i = 1; i <= records; i++)
        {
            final EngineCommand c = command(i);
            journal.append(c, i);
            position += JournalDescriptor.align(JournalDescriptor.HEADER_LENGTH + JournalDescriptor.IDS_OFFSET
                + c.clOrdId.length());
            ends.add(position);
        }
        journal.close();
        return ends;
    }

    private static EngineCommand command(final int i)
    {
        return new EngineCommand().newOrder(1, "order-" + i, 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
            Prices.parse("100"), i);
    }

    private static int completeRecordsBefore(final List<Integer> ends, final int cut)
    {
        int complete = 0;
        while (complete < ends.size() && ends.get(complete) <= cut)
        {
            complete++;
        }
        return complete;
    }

    private static Path onlySegment(final Path journalDir) throws IOException
    {
        try (Stream<Path> files = Files.list(journalDir))
        {
            return files.findFirst().orElseThrow();
        }
    }
}
