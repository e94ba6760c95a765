package io.kairos.fix.delivery;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.function.Predicate;

import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One memory-mapped store file of the gateway ({@link DeliveryMarks}, {@link SentSequenceFloor},
 * {@link AcceptedReports}): this class creates or opens the file, checks its header, grows it and maps it; each
 * store keeps only its own layout (what its fixed part and its records hold) and its own rules (which record is
 * whose). The idea of Agrona's {@code MarkFile}, for files of fixed-size records.
 *
 * <pre>
 *   header (64 bytes)
 *   0                               8               12              16                             64
 *   +-------------------------------+---------------+---------------+------------------------------+
 *   | magic (long)                  | version (int) | records (int) | the store's own, else zero   |
 *   +-------------------------------+---------------+---------------+------------------------------+
 *   then the store's fixed part up to {@link Layout#recordsStart}, then {@code records} records of
 *   {@link Layout#recordLength} bytes each.
 * </pre>
 *
 * Native byte order; the file stays on the machine that wrote it. Stores are plain or ordered writes into the page
 * cache: they survive {@code kill -9}, not a power loss.
 *
 * <p>Threads: opened, grown and closed by the thread that launches or closes the gateway; the store that owns it
 * says which threads read and write its {@link #buffer}. Allocates only while opening and growing.
 */
final class MappedStoreFile implements AutoCloseable
{
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int RECORDS_OFFSET = 12;
    static final int HEADER_LENGTH = 64;

    private final Path file;
    private final Layout layout;
    private final UnsafeBuffer buffer;
    private final boolean created;
    private MappedByteBuffer mapped;
    private int records;

    /**
     * Where a store's file lives and how it is laid out.
     *
     * @param fileName     the file's name in the gateway's data directory.
     * @param kind         what the file is, in words, for refusals ("delivery marks").
     * @param magic        the first eight bytes, read as a native long.
     * @param version      the layout's version; a file of another version is refused (or replaced).
     * @param recordsStart offset of the first record: the header and the store's fixed part.
     * @param recordLength bytes per record.
     */
    record Layout(String fileName, String kind, long magic, int version, int recordsStart, int recordLength)
    {
        Layout
        {
            if (recordsStart < HEADER_LENGTH || recordLength <= 0)
            {
                throw new IllegalArgumentException("records start after the " + HEADER_LENGTH +
                    "-byte header and take at least one byte: " + recordsStart + ", " + recordLength);
            }
        }

        long fileLength(final int records)
        {
            return recordsStart + (long)records * recordLength;
        }

        int recordOffset(final int slot)
        {
            return recordsStart + slot * recordLength;
        }
    }

    private MappedStoreFile(final Path file, final Layout layout, final MappedByteBuffer mapped, final int records,
        final boolean created)
    {
        this.file = file;
        this.layout = layout;
        this.mapped = mapped;
        this.records = records;
        this.created = created;
        this.buffer = mapped == null ? new UnsafeBuffer(new byte[0]) : new UnsafeBuffer(mapped);
    }

    /**
     * Opens {@code dataDir/<fileName>}, creating it when there is none (or it is empty), and maps what it holds
     * read-only so that the store can read its records; {@link #mapRecords} then maps it for writing. Refuses a file
     * that is not of this layout: shorter than {@link Layout#recordsStart}, another magic or version, or more records
     * than bytes. Allocates.
     *
     * @throws IllegalStateException when the file is not of this layout.
     */
    static MappedStoreFile open(final Path dataDir, final Layout layout)
    {
        final Path file = dataDir.resolve(layout.fileName());
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            final long length = raf.length();
            if (length == 0)
            {
                return new MappedStoreFile(file, layout, null, 0, true);
            }
            if (length < layout.recordsStart())
            {
                throw new IllegalStateException(file + " is not a " + layout.kind() + " file (" + length + " bytes)");
            }
            final UnsafeBuffer header = readHeader(raf);
            final int records = header.getInt(RECORDS_OFFSET);
            if (header.getLong(MAGIC_OFFSET) != layout.magic() || header.getInt(VERSION_OFFSET) != layout.version() ||
                records < 0 || layout.fileLength(records) > length)
            {
                throw new IllegalStateException(file + " is not a version " + layout.version() + " " + layout.kind() +
                    " file");
            }
            final MappedByteBuffer existing =
                raf.getChannel().map(FileChannel.MapMode.READ_ONLY, 0, layout.fileLength(records));
            return new MappedStoreFile(file, layout, existing, records, false);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    /**
     * Opens {@code dataDir/<fileName>} with exactly {@code records} records for a store whose contents are only an
     * optimisation: a file of another length, magic, version or record count, or whose header fails
     * {@code headerCheck} (the store's own header fields), is emptied and created again ({@link #created}). Maps it
     * for writing. Allocates.
     */
    static MappedStoreFile openOrReplace(final Path dataDir, final Layout layout, final int records,
        final Predicate<DirectBuffer> headerCheck)
    {
        final Path file = dataDir.resolve(layout.fileName());
        final long length = layout.fileLength(records);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            final boolean matches = raf.length() == length && headerMatches(raf, layout, records, headerCheck);
            if (!matches)
            {
                raf.setLength(0);
                raf.setLength(length);
            }
            final MappedStoreFile store = new MappedStoreFile(file, layout,
                raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, length), records, !matches);
            if (!matches)
            {
                store.stampHeader();
            }
            return store;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    private static boolean headerMatches(final RandomAccessFile raf, final Layout layout, final int records,
        final Predicate<DirectBuffer> headerCheck) throws IOException
    {
        final UnsafeBuffer header = readHeader(raf);
        return header.getLong(MAGIC_OFFSET) == layout.magic() && header.getInt(VERSION_OFFSET) == layout.version() &&
            header.getInt(RECORDS_OFFSET) == records && headerCheck.test(header);
    }

    private static UnsafeBuffer readHeader(final RandomAccessFile raf) throws IOException
    {
        raf.seek(0);
        final byte[] bytes = new byte[HEADER_LENGTH];
        raf.readFully(bytes);
        return new UnsafeBuffer(bytes);
    }

    /**
     * Maps the file for writing with {@code atLeast} records, or the records it already has when more (a file never
     * shrinks), growing it with zeroed records; a file just created gets its magic and version first. Every view of
     * {@link #buffer} sees the new mapping. Allocates.
     */
    void mapRecords(final int atLeast)
    {
        final int wanted = Math.max(records, atLeast);
        final long length = layout.fileLength(wanted);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.setLength(Math.max(raf.length(), length));
            final MappedByteBuffer remapped = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, length);
            if (mapped != null)
            {
                IoUtil.unmap(mapped);
            }
            mapped = remapped;
            buffer.wrap(remapped);
            records = wanted;
            if (created)
            {
                stampHeader();
            }
            else
            {
                buffer.putInt(RECORDS_OFFSET, records);
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    private void stampHeader()
    {
        buffer.putLong(MAGIC_OFFSET, layout.magic());
        buffer.putInt(VERSION_OFFSET, layout.version());
        buffer.putInt(RECORDS_OFFSET, records);
    }

    /** Claims the record in {@code slot} for a new owner: zeroes it. @return its offset. */
    int clearRecord(final int slot)
    {
        final int offset = layout.recordOffset(slot);
        buffer.setMemory(offset, layout.recordLength(), (byte)0);
        return offset;
    }

    /** The file as mapped: the store reads and writes its fields here (the same instance across a remap). */
    UnsafeBuffer buffer()
    {
        return buffer;
    }

    /** @return how many records the file holds (as found, until {@link #mapRecords}). */
    int records()
    {
        return records;
    }

    /** @return whether this open created the file (or, {@link #openOrReplace}, replaced a foreign one). */
    boolean created()
    {
        return created;
    }

    Path file()
    {
        return file;
    }

    @Override
    public void close()
    {
        if (mapped != null)
        {
            IoUtil.unmap(mapped);
            mapped = null;
        }
    }
}
