package io.kairos.fix.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

import io.kairos.engine.ExecutionEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mapped stores' files stay byte for byte what the stores wrote before they shared {@link MappedStoreFile}: the
 * files in {@code store-fixtures} were written by the earlier code with the operations of {@link #writeFixture}, and
 * the stores must read them, leave them as they were when nothing changes, and write the same bytes themselves.
 */
class StoreFileCompatibilityTest
{
    private static final String[] FILES = {
        DeliveryMarksDescriptor.FILE_NAME, AcceptedReports.FILE_NAME, SentSequenceFloorDescriptor.FILE_NAME,
    };
    private static final int[] SESSION_IDS = {1, 2, 7};
    private static final List<String> COMP_IDS = List.of("CLIENT01", "CLIENT02", "DC01");

    @TempDir
    Path dir;

    private Path old;

    @BeforeEach
    void unpackTheOldFiles() throws IOException
    {
        old = Files.createDirectory(dir.resolve("old"));
        for (final String file : FILES)
        {
            Files.write(old.resolve(file), fixture(file));
        }
    }

    @Test
    void shouldReadTheMarksTheOldStoresWrote()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(old, SESSION_IDS))
        {
            assertEquals(489, marks.redeliverAfter(0), "session 7 still waited for 490");
            assertEquals(80, marks.redeliverAfter(3));
            assertEquals(Long.MAX_VALUE, marks.redeliverAfter(1), "never recovered");
            assertEquals(480, marks.committedIndex(marks.slot(2), 0));
            assertEquals(77, marks.committedIndex(marks.slot(1), 3));
            assertTrue(marks.delivered(marks.slot(2), event(0, 480, 9001)));
            assertEquals(new SettledReports(1, 0), marks.settle(marks.slot(1), 61, 61),
                "accepted as 61 and 62; the archive held 61");
            assertEquals(495, marks.committedIndex(marks.slot(1), 0));
        }
        try (SentSequenceFloor floor = SentSequenceFloor.open(old, COMP_IDS))
        {
            assertEquals(42, floor.lastSent("CLIENT01"));
            assertEquals(7, floor.lastSent("CLIENT02"));
            assertEquals(0, floor.lastSent("DC01"));
            assertEquals(2, floor.slot("DC01"));
        }
    }

    @Test
    void shouldLeaveTheOldFilesAsTheyWereWhenReopenedWithTheSameSessions() throws IOException
    {
        DeliveryMarks.open(old, SESSION_IDS).close();
        SentSequenceFloor.open(old, COMP_IDS).close();
        for (final String file : FILES)
        {
            assertArrayEquals(fixture(file), Files.readAllBytes(old.resolve(file)), file);
        }
    }

    @Test
    void shouldWriteTheBytesTheOldStoresWrote() throws IOException
    {
        final Path fresh = Files.createDirectory(dir.resolve("fresh"));
        writeFixture(fresh);
        for (final String file : FILES)
        {
            assertArrayEquals(fixture(file), Files.readAllBytes(fresh.resolve(file)), file);
        }
    }

    @Test
    void shouldReadAFloorFileBuiltFromItsDocumentedLayout() throws IOException
    {
        final Path built = Files.createDirectory(dir.resolve("built"));
        final ByteBuffer bytes = ByteBuffer.allocate(64 + 64 * 64).order(ByteOrder.nativeOrder());
        bytes.put(0, "KSEQFLR1".getBytes(StandardCharsets.US_ASCII)).putInt(8, 1).putInt(12, 64);
        bytes.putInt(64, 42).putInt(64 + 4, 5).put(64 + 8, "FIRMX".getBytes(StandardCharsets.US_ASCII));
        Files.write(built.resolve(SentSequenceFloorDescriptor.FILE_NAME), bytes.array());
        try (SentSequenceFloor floor = SentSequenceFloor.open(built, List.of("FIRMX", "FIRMY")))
        {
            assertEquals(0, floor.slot("FIRMX"));
            assertEquals(42, floor.lastSent("FIRMX"));
            assertEquals(1, floor.slot("FIRMY"));
            assertEquals(0, floor.lastSent("FIRMY"));
        }
    }

    /** What the earlier code did to write the files in {@code store-fixtures}. */
    private static void writeFixture(final Path dataDir)
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dataDir, SESSION_IDS))
        {
            marks.onRecoveryComplete(0, 0);
            marks.onRecoveryComplete(3, 0);
            marks.onRouted(0, 500);
            marks.onRouted(3, 80);
            marks.onCommitted(marks.slot(2), 0, 480, 9001);
            marks.onPending(marks.slot(7), 0, 490);
            marks.onCommitted(marks.slot(1), 3, 77, 1234);
            marks.onAccepted(marks.slot(1), event(0, 495, 9100), 61);
            marks.onAccepted(marks.slot(1), event(0, 496, 9101), 62);
        }
        try (SentSequenceFloor floor = SentSequenceFloor.open(dataDir, COMP_IDS))
        {
            floor.onSent(floor.slot("CLIENT01"), 42);
            floor.onSent(floor.slot("CLIENT02"), 7);
        }
    }

    private static byte[] fixture(final String file)
    {
        try (InputStream in = StoreFileCompatibilityTest.class.getResourceAsStream("/store-fixtures/" + file + ".gz");
            GZIPInputStream unzipped = new GZIPInputStream(in))
        {
            return unzipped.readAllBytes();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private static ExecutionEvent event(final int partition, final long journalIndex, final long execId)
    {
        final ExecutionEvent event = new ExecutionEvent();
        event.sessionId = 1;
        event.partition = partition;
        event.journalIndex = journalIndex;
        event.execId = execId;
        return event;
    }
}
