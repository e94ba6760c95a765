package io.kairos.engine;

import static io.kairos.engine.JournalDescriptor.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Reads one partition's journal directory without writing to it, for the journal tools (export, replay): maps each
 * segment read-only and walks it with the same {@link JournalRecords} that start-up recovery uses. While open it holds
 * a shared lock on the partition's lock file ({@link DirectoryLock#acquireShared}): a running venue makes
 * {@link #open} fail, and no venue starts (and cuts a torn tail) while it reads. A damaged last record of the last
 * segment, with nothing written after it, is a torn tail (a write cut short): reported in the {@link Summary}, not
 * fatal. Any other damaged record makes {@link #read} throw after the records before it were handed on.
 * Owned by the thread that opened it; allocates (a mapping per segment).
 */
public final class JournalReader implements AutoCloseable
{
    /** Takes each record in index order; returns false to stop reading. The command is reused: copy what is kept. */
    @FunctionalInterface
    public interface Handler
    {
        boolean onCommand(EngineCommand command, long index);
    }

    /**
     * What a {@link #read} found.
     *
     * @param firstIndex the index in the first segment's name (1 unless older segments were deleted)
     * @param lastIndex  the last record read, 0 when none
     * @param records    records handed to the handler
     * @param tornTail   the torn tail after the last record (what was wrong and where), null when there is none
     */
    public record Summary(long firstIndex, long lastIndex, long records, String tornTail)
    {
    }

    private final Path dir;
    private final List<Path> segments;
    private final DirectoryLock lock;
    private final JournalRecords records = new JournalRecords();
    private final EngineCommand scratch = new EngineCommand();

    private JournalReader(final Path dir, final List<Path> segments, final DirectoryLock lock)
    {
        this.dir = dir;
        this.segments = segments;
        this.lock = lock;
    }

    /** The journal directory of {@code partition} under a venue's {@code journal.dir}. */
    public static Path partitionDir(final Path journalDir, final int partition)
    {
        return journalDir.resolve(PARTITION_DIR_PREFIX + partition);
    }

    /** The partition a journal directory named {@code p<N>} holds, else -1. */
    public static int partitionOf(final Path dir)
    {
        final Path name = dir.getFileName();
        final String text = name == null ? "" : name.toString();
        if (!text.startsWith(PARTITION_DIR_PREFIX) || text.length() == PARTITION_DIR_PREFIX.length() ||
            text.length() > PARTITION_DIR_PREFIX.length() + 3 ||
            !text.substring(PARTITION_DIR_PREFIX.length()).chars().allMatch(Character::isDigit))
        {
            return -1;
        }
        return Integer.parseInt(text.substring(PARTITION_DIR_PREFIX.length()));
    }

    /** Whether {@code dir} looks like one partition's journal directory (a segment or a lock file). */
    public static boolean isPartitionDir(final Path dir)
    {
        return Files.isRegularFile(dir.resolve(LOCK_FILE)) || !list(dir).isEmpty();
    }

    /** @throws JournalReadException when the directory is missing, not a journal, or in use by a running venue */
    public static JournalReader open(final Path dir)
    {
        if (!Files.isDirectory(dir))
        {
            throw new JournalReadException(JournalReadException.Kind.NO_DIRECTORY, "no such directory: " + dir);
        }
        final List<Path> segments;
        try
        {
            segments = list(dir);
        }
        catch (final UncheckedIOException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IO, ex.getMessage(), ex);
        }
        if (segments.isEmpty() && !Files.isRegularFile(dir.resolve(LOCK_FILE)))
        {
            throw new JournalReadException(JournalReadException.Kind.NOT_A_JOURNAL, dir +
                " is not a journal directory (no " + SEGMENT_PREFIX + "*" + SEGMENT_SUFFIX + " segment, no " +
                LOCK_FILE + ")");
        }
        try
        {
            return new JournalReader(dir, segments,
                DirectoryLock.acquireShared(dir, LOCK_FILE, "journal directory", "venue (engine)"));
        }
        catch (final IllegalStateException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IN_USE, ex.getMessage(), ex);
        }
        catch (final UncheckedIOException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IO, ex.getMessage(), ex);
        }
    }

    public Path dir()
    {
        return dir;
    }

    /** The index in the first segment's name: 1 unless segments a snapshot covered were deleted. */
    public long firstIndex()
    {
        return segments.isEmpty() ? 1 : firstIndexOf(segments.get(0).getFileName().toString());
    }

    /**
     * Hands every intact record, in index order, to {@code handler} until it returns false.
     *
     * @throws JournalReadException (CORRUPT) at a damaged record that is not the torn tail, (IO) when a read fails
     */
    public Summary read(final Handler handler)
    {
        final long[] counts = new long[2]; // records handed on, last index
        final JournalRecords.Handler walker = (command, index) ->
        {
            counts[0]++;
            counts[1] = index;
            return handler.onCommand(command, index);
        };
        for (int s = 0; s < segments.size(); s++)
        {
            final Path segment = segments.get(s);
            final JournalRecords.Stop stop = walk(segment, walker, s == segments.size() - 1);
            if (stop == JournalRecords.Stop.HANDLER)
            {
                break;
            }
            if (stop == JournalRecords.Stop.BAD_RECORD)
            {
                return new Summary(firstIndex(), counts[1], counts[0], records.problem() + " at byte " +
                    records.offset() + " of " + segment.getFileName() + " (after record " + counts[1] + ")");
            }
        }
        return new Summary(firstIndex(), counts[1], counts[0], null);
    }

    private JournalRecords.Stop walk(final Path segment, final JournalRecords.Handler walker, final boolean isLast)
    {
        MappedByteBuffer mapped = null;
        try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ))
        {
            final int size = (int)Math.min(channel.size(), Integer.MAX_VALUE);
            mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
            final UnsafeBuffer buffer = new UnsafeBuffer(mapped);
            final JournalRecords.Stop stop = records.walk(buffer, mapped, size, 0, scratch, walker);
            if (stop == JournalRecords.Stop.UNDECODABLE ||
                stop == JournalRecords.Stop.BAD_RECORD && !(isLast && zeroAfter(buffer, size)))
            {
                throw new JournalReadException(JournalReadException.Kind.CORRUPT, "corrupt journal: " +
                    records.problem() + " at byte " + records.offset() + " of " + segment +
                    " (intact records follow it, so it is no torn tail); the records before it were read");
            }
            return stop;
        }
        catch (final IOException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IO, "cannot read " + segment + ": " + ex, ex);
        }
        finally
        {
            if (mapped != null)
            {
                IoUtil.unmap(mapped);
            }
        }
    }

    /** Whether nothing was written after the damaged record at the walk's offset (a torn write leaves zeros). */
    private boolean zeroAfter(final UnsafeBuffer buffer, final int size)
    {
        final int offset = records.offset();
        final int length = buffer.getInt(offset + LENGTH_OFFSET);
        final int end = length >= HEADER_LENGTH && length <= MAX_RECORD_LENGTH && offset + length <= size
            ? offset + align(length) : offset + HEADER_LENGTH;
        for (int i = end; i < size; i++)
        {
            if (buffer.getByte(i) != 0)
            {
                return false;
            }
        }
        return true;
    }

    private static List<Path> list(final Path dir)
    {
        return Files.isDirectory(dir) ? JournalRecords.segmentsIn(dir) : List.of();
    }

    /** Releases the shared lock. */
    @Override
    public void close()
    {
        if (lock != null)
        {
            lock.close();
        }
    }
}
