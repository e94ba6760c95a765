package io.kairos.fix.delivery;

import static io.kairos.fix.delivery.MappedStoreFile.MAGIC_OFFSET;
import static io.kairos.fix.delivery.MappedStoreFile.RECORDS_OFFSET;
import static io.kairos.fix.delivery.MappedStoreFile.VERSION_OFFSET;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedStoreFileTest
{
    private static final long MAGIC = 0x3154534554534D4BL;
    private static final MappedStoreFile.Layout LAYOUT =
        new MappedStoreFile.Layout("test.dat", "test store", MAGIC, 3, 96, 16);

    @TempDir
    Path dir;

    @Test
    void shouldCreateAFileWithItsHeaderAndTheRecordsAskedFor() throws IOException
    {
        try (MappedStoreFile store = MappedStoreFile.open(dir, LAYOUT))
        {
            assertTrue(store.created());
            assertEquals(0, store.records());
            store.mapRecords(4);
            assertEquals(4, store.records());
            final UnsafeBuffer buffer = store.buffer();
            assertEquals(MAGIC, buffer.getLong(MAGIC_OFFSET));
            assertEquals(3, buffer.getInt(VERSION_OFFSET));
            assertEquals(4, buffer.getInt(RECORDS_OFFSET));
            assertEquals(96 + 4 * 16, buffer.capacity());
        }
        assertEquals(96 + 4 * 16, Files.size(dir.resolve("test.dat")));
    }

    @Test
    void shouldKeepWhatTheRecordsHeldAndGrowWithoutEverShrinking() throws IOException
    {
        try (MappedStoreFile store = MappedStoreFile.open(dir, LAYOUT))
        {
            store.mapRecords(4);
            store.buffer().putLong(80, 77);
            store.buffer().putLong(LAYOUT.recordOffset(3), 33);
        }
        try (MappedStoreFile store = MappedStoreFile.open(dir, LAYOUT))
        {
            assertFalse(store.created());
            assertEquals(4, store.records());
            assertEquals(33, store.buffer().getLong(LAYOUT.recordOffset(3)), "readable before mapRecords");
            store.mapRecords(2);
            assertEquals(4, store.records(), "never fewer records than the file has");
            final UnsafeBuffer before = store.buffer();
            store.mapRecords(9);
            assertSame(before, store.buffer(), "one buffer across a remap");
            assertEquals(9, store.records());
            assertEquals(9, store.buffer().getInt(RECORDS_OFFSET));
            assertEquals(77, store.buffer().getLong(80), "the store's fixed part kept");
            assertEquals(33, store.buffer().getLong(LAYOUT.recordOffset(3)));
            assertEquals(0, store.buffer().getLong(LAYOUT.recordOffset(8)), "a new record is zero");
        }
        assertEquals(96 + 9 * 16, Files.size(dir.resolve("test.dat")));
    }

    @Test
    void shouldClearOnlyTheClaimedRecord()
    {
        try (MappedStoreFile store = MappedStoreFile.open(dir, LAYOUT))
        {
            store.mapRecords(3);
            for (int slot = 0; slot < 3; slot++)
            {
                store.buffer().setMemory(LAYOUT.recordOffset(slot), 16, (byte)0x5A);
            }
            assertEquals(LAYOUT.recordOffset(1), store.clearRecord(1));
            assertEquals(0x5A5A5A5A, store.buffer().getInt(LAYOUT.recordOffset(1) - 4));
            assertEquals(0, store.buffer().getLong(LAYOUT.recordOffset(1)));
            assertEquals(0, store.buffer().getLong(LAYOUT.recordOffset(1) + 8));
            assertEquals(0x5A5A5A5A, store.buffer().getInt(LAYOUT.recordOffset(2)));
        }
    }

    @Test
    void shouldRefuseAFileTooShortForItsHeader() throws IOException
    {
        Files.write(dir.resolve("test.dat"), new byte[95]);
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () ->
            MappedStoreFile.open(dir, LAYOUT));
        assertEquals(dir.resolve("test.dat") + " is not a test store file (95 bytes)", refused.getMessage());
    }

    @Test
    void shouldRefuseAnotherMagicAnotherVersionOrMoreRecordsThanBytes() throws IOException
    {
        final byte[][] foreign = {
            header(MAGIC + 1, 3, 0, 96),
            header(MAGIC, 2, 0, 96),
            header(MAGIC, 3, 2, 96 + 16),
            header(MAGIC, 3, -1, 96),
            new byte[200],
        };
        for (final byte[] bytes : foreign)
        {
            Files.write(dir.resolve("test.dat"), bytes);
            final IllegalStateException refused = assertThrows(IllegalStateException.class, () ->
                MappedStoreFile.open(dir, LAYOUT));
            assertEquals(dir.resolve("test.dat") + " is not a version 3 test store file", refused.getMessage());
            assertArrayEquals(bytes, Files.readAllBytes(dir.resolve("test.dat")), "a refused file is left as it was");
        }
    }

    @Test
    void shouldRefuseAForeignFileTooLargeToMapFromItsHeaderAlone() throws IOException
    {
        try (RandomAccessFile raf = new RandomAccessFile(dir.resolve("test.dat").toFile(), "rw"))
        {
            raf.setLength(3L << 30);
        }
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () ->
            MappedStoreFile.open(dir, LAYOUT));
        assertEquals(dir.resolve("test.dat") + " is not a version 3 test store file", refused.getMessage());
    }

    @Test
    void shouldOpenAFileWithMoreBytesThanItsRecordsNeedAndMapOnlyItsRecords() throws IOException
    {
        Files.write(dir.resolve("test.dat"), header(MAGIC, 3, 1, 200));
        try (MappedStoreFile store = MappedStoreFile.open(dir, LAYOUT))
        {
            assertEquals(1, store.records());
            store.mapRecords(1);
            assertEquals(96 + 16, store.buffer().capacity());
        }
        assertEquals(200, Files.size(dir.resolve("test.dat")), "not shrunk");
    }

    @Test
    void shouldKeepAMatchingFileAndReplaceAnyOtherWhenAskedTo() throws IOException
    {
        try (MappedStoreFile store = MappedStoreFile.openOrReplace(dir, LAYOUT, 2, header -> true))
        {
            assertTrue(store.created());
            assertEquals(2, store.buffer().getInt(RECORDS_OFFSET));
            store.buffer().putInt(16, 5);
            store.buffer().putLong(LAYOUT.recordOffset(1), 99);
        }
        try (MappedStoreFile store = MappedStoreFile.openOrReplace(dir, LAYOUT, 2, header -> header.getInt(16) == 5))
        {
            assertFalse(store.created());
            assertEquals(99, store.buffer().getLong(LAYOUT.recordOffset(1)));
        }
        try (MappedStoreFile store = MappedStoreFile.openOrReplace(dir, LAYOUT, 2, header -> header.getInt(16) == 6))
        {
            assertTrue(store.created(), "the store's own header field differs");
            assertEquals(0, store.buffer().getLong(LAYOUT.recordOffset(1)));
            assertEquals(0, store.buffer().getInt(16));
        }
        try (MappedStoreFile store = MappedStoreFile.openOrReplace(dir, LAYOUT, 3, header -> true))
        {
            assertTrue(store.created(), "another number of records");
            assertEquals(96 + 3 * 16, store.buffer().capacity());
        }
        Files.write(dir.resolve("test.dat"), new byte[96 + 3 * 16]);
        try (MappedStoreFile store = MappedStoreFile.openOrReplace(dir, LAYOUT, 3, header -> true))
        {
            assertTrue(store.created(), "no header");
            assertEquals(MAGIC, store.buffer().getLong(MAGIC_OFFSET));
        }
    }

    @Test
    void shouldRefuseALayoutWhoseRecordsOverlapTheHeader()
    {
        assertThrows(IllegalArgumentException.class, () -> new MappedStoreFile.Layout("x", "x", 1, 1, 63, 8));
        assertThrows(IllegalArgumentException.class, () -> new MappedStoreFile.Layout("x", "x", 1, 1, 64, 0));
    }

    private static byte[] header(final long magic, final int version, final int records, final int length)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(length).order(ByteOrder.nativeOrder());
        bytes.putLong(MAGIC_OFFSET, magic).putInt(VERSION_OFFSET, version).putInt(RECORDS_OFFSET, records);
        return bytes.array();
    }
}
