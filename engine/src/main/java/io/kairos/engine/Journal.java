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
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.ObjLongConsumer;
import java.util.zip.CRC32C;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One partition's append-only command journal over memory-mapped segments (layout in
 * {@link JournalDescriptor}). {@link #recover} runs first, on the starting thread; afterwards the
 * journal belongs to the thread that appends (the partition's matcher or journal thread), which calls
 * {@link #append} per command and {@link #publishAppended} at the end of each batch. In sync mode a
 * {@link JournalForcer} on a thread of its own makes what was published durable with
 * {@link #forceAppended} (group commit), so the appending thread never waits for the disk. Allocation-free
 * on append except when a new segment is created.
 *
 * <p>Forcing goes through each segment's file channel ({@code fdatasync}: it writes the file's pages that the
 * mapping dirtied), never through the mapping, so the force thread touches nothing the appender changes. A full
 * segment is handed over in {@link #retired}: with a force thread, that thread forces and closes it; without one
 * the appender closes it at once (async mode: the OS writes it back).
 */
final class Journal implements AutoCloseable
{
    /** A segment file and its open channel. The channel is closed by whoever forces it last. */
    private record Segment(Path path, FileChannel channel)
    {
    }

    /** Result of recovery. Immutable. */
    record Recovery(long lastIndex, long replayed, long truncatedBytes, String truncationReason)
    {
    }

    private final Path dir;
    private final int segmentBytes;
    private final CRC32C crc = new CRC32C();
    /** Reads segments at recovery (the one definition of a segment's walk, shared with {@link JournalReader}). */
    private final JournalRecords records = new JournalRecords();
    private final UnsafeBuffer buffer = new UnsafeBuffer(0, 0);
    /** Whether a force thread takes full segments over ({@link #forceAppended}); else they close when full. */
    private final boolean forcedElsewhere;
    /** Full segments not yet forced and closed by the force thread: written by the appender, drained by the forcer. */
    private final Queue<Segment> retired = new ConcurrentLinkedQueue<>();
    private MappedByteBuffer mapped;
    /** The segment being appended to; written by the appender, read by the force thread. */
    private volatile Segment current;
    private int position;
    private long lastIndex;
    /** The last index {@link #publishAppended} made visible to the force thread. */
    private volatile long appendedIndex;

    Journal(final Path dir, final long segmentBytes)
    {
        this(dir, segmentBytes, false);
    }

    /** @param forcedElsewhere a {@link JournalForcer} forces this journal and closes its full segments */
    Journal(final Path dir, final long segmentBytes, final boolean forcedElsewhere)
    {
        this.dir = dir;
        this.segmentBytes = (int)segmentBytes;
        this.forcedElsewhere = forcedElsewhere;
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create journal directory " + dir, ex);
        }
    }

    /**
     * Replays every intact record with an index above {@code afterIndex} into {@code replay}, cuts
     * off a torn or corrupt tail, and leaves the journal ready to append after the last intact record.
     */
    Recovery recover(final long afterIndex, final EngineCommand scratch, final ObjLongConsumer<EngineCommand> replay)
    {
        final List<Path> segments = segments();
        final long[] replayed = new long[1];
        final JournalRecords.Handler handler = (command, index) ->
        {
            replay.accept(command, index);
            replayed[0]++;
            return true;
        };
        long truncated = 0;
        String reason = "";
        lastIndex = afterIndex;
        if (forcedElsewhere)
        {
            // a process killed before its force left records in the page cache only: they are about to be
            // matched (and their reports sent again) as if durable, so make them so first
            for (final Path segment : segments)
            {
                forcePath(segment, false, "journal segment");
            }
        }
        for (int s = 0; s < segments.size(); s++)
        {
            final Path segment = segments.get(s);
            final boolean isLast = s == segments.size() - 1;
            if (!isLast && firstIndexOf(segments.get(s + 1).getFileName().toString()) <= afterIndex + 1)
            {
                continue;
            }
            map(segment);
            final JournalRecords.Stop stop = records.walk(buffer, mapped, segmentBytes, afterIndex, scratch, handler);
            lastIndex = Math.max(lastIndex, records.lastIndex());
            if (stop == JournalRecords.Stop.UNDECODABLE)
            {
                throw new IllegalStateException(records.problem());
            }
            if (stop == JournalRecords.Stop.BAD_RECORD)
            {
                final int offset = records.offset();
                truncated = cutTail(offset);
                reason = records.problem() + " at byte " + offset + " of " + segment.getFileName();
                truncated += deleteAll(segments.subList(s + 1, segments.size()));
                position = offset;
                force();
                appendedIndex = lastIndex;
                return new Recovery(lastIndex, replayed[0], truncated, reason);
            }
            if (stop == JournalRecords.Stop.END_OF_RECORDS)
            {
                position = records.offset();
            }
            else if (isLast)
            {
                closeCurrent();
            }
            if (isLast)
            {
                appendedIndex = lastIndex;
                return new Recovery(lastIndex, replayed[0], truncated, reason);
            }
            closeCurrent();
        }
        appendedIndex = lastIndex;
        return new Recovery(lastIndex, replayed[0], truncated, reason);
    }

    /**
     * Appends one command as record {@code index}; rolls to a new segment when this one is full. @return bytes written.
     */
    int append(final EngineCommand command, final long index)
    {
        if (mapped == null || position + MAX_RECORD_LENGTH + HEADER_LENGTH > segmentBytes)
        {
            roll(index);
        }
        final int payloadLength = CommandCodec.encode(command, buffer, position + HEADER_LENGTH);
        final int length = HEADER_LENGTH + payloadLength;
        buffer.putLong(position + INDEX_OFFSET, index);
        buffer.putInt(position + CRC_OFFSET, crc(position + INDEX_OFFSET, length - INDEX_OFFSET));
        buffer.putIntOrdered(position + LENGTH_OFFSET, length);
        position += align(length);
        lastIndex = index;
        return align(length);
    }

    /** Appender: makes the records appended so far visible to the force thread (the end of a batch). */
    void publishAppended()
    {
        appendedIndex = lastIndex;
    }

    /** Any thread: the last index {@link #publishAppended} published. */
    long appendedIndex()
    {
        return appendedIndex;
    }

    /**
     * Appender (with no force thread running): forces everything appended to the storage device, on the calling
     * thread. Used at the end of recovery and at close.
     */
    void force()
    {
        forceRetired();
        final Segment segment = current;
        if (segment != null)
        {
            force(segment);
        }
    }

    /**
     * Force thread: forces every record appended before the call, in every segment, and closes the segments the
     * appender has finished with. The caller reads {@link #appendedIndex()} first: that index is durable when this
     * returns. The current segment is read before the retired ones, so a segment retired meanwhile is forced
     * through the queue and not again here (its channel is closed by then).
     */
    void forceAppended()
    {
        final Segment segment = current;
        final Segment lastRetired = forceRetired();
        if (segment != null && segment != lastRetired && segment.channel().isOpen())
        {
            force(segment);
        }
    }

    /** Forces and closes the full segments handed over so far. @return the last of them, or null */
    private Segment forceRetired()
    {
        Segment last = null;
        for (Segment segment = retired.poll(); segment != null; segment = retired.poll())
        {
            force(segment);
            close(segment);
            last = segment;
        }
        return last;
    }

    private void force(final Segment segment)
    {
        try
        {
            segment.channel().force(false);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot force journal segment " + segment.path(), ex);
        }
    }

    private static void close(final Segment segment)
    {
        try
        {
            segment.channel().close();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot close journal segment " + segment.path(), ex);
        }
    }

    /** Index of the oldest record still on disk (1 for an empty journal). */
    long firstIndex()
    {
        final List<Path> segments = segments();
        return segments.isEmpty() ? 1 : firstIndexOf(segments.get(0).getFileName().toString());
    }

    long lastIndex()
    {
        return lastIndex;
    }

    /** Deletes segments whose records are all at or below {@code index} (they are covered by a snapshot). */
    void deleteSegmentsCoveredBy(final long index)
    {
        final List<Path> segments = segments();
        for (int s = 0; s + 1 < segments.size(); s++)
        {
            if (firstIndexOf(segments.get(s + 1).getFileName().toString()) <= index + 1)
            {
                delete(segments.get(s));
            }
        }
    }

    /** Forces what is left and closes the files; on the appender's thread once no force thread runs. */
    @Override
    public void close()
    {
        force();
        closeCurrent();
    }

    private void closeCurrent()
    {
        unmap();
        final Segment segment = current;
        current = null;
        if (segment != null)
        {
            close(segment);
        }
    }

    private int crc(final int offset, final int length)
    {
        crc.reset();
        final int limit = offset + length;
        mapped.limit(limit).position(offset);
        crc.update(mapped);
        mapped.clear();
        return (int)crc.getValue();
    }

    private long cutTail(final int offset)
    {
        int lastNonZero = offset;
        for (int i = offset; i < segmentBytes; i++)
        {
            if (buffer.getByte(i) != 0)
            {
                lastNonZero = i + 1;
            }
        }
        buffer.setMemory(offset, segmentBytes - offset, (byte)0);
        return lastNonZero - offset;
    }

    private void roll(final long firstIndex)
    {
        if (mapped != null)
        {
            buffer.putIntOrdered(position + LENGTH_OFFSET, END_OF_SEGMENT);
            position += HEADER_LENGTH;
            unmap();
            retire(current);
        }
        map(dir.resolve(segmentName(firstIndex)));
        position = 0;
        if (forcedElsewhere)
        {
            // the new file's name must be durable before any record in it is called durable
            forcePath(dir, true, "journal directory");
        }
    }

    /** Hands a full segment to the force thread, or closes it at once when there is none. */
    private void retire(final Segment segment)
    {
        if (forcedElsewhere)
        {
            retired.add(segment);
        }
        else
        {
            close(segment);
        }
    }

    /** Forces a file or directory that no open channel holds ({@code what} names it in the error). */
    private static void forcePath(final Path path, final boolean metadata, final String what)
    {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ))
        {
            channel.force(metadata);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot force " + what + " " + path, ex);
        }
    }

    /** Maps a segment and makes it the current one, replacing (not closing) the previous current one. */
    private void map(final Path segment)
    {
        FileChannel channel = null;
        try
        {
            channel = FileChannel.open(
                segment, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            if (channel.size() < segmentBytes)
            {
                channel.truncate(segmentBytes);
                channel.write(java.nio.ByteBuffer.wrap(new byte[1]), segmentBytes - 1L);
            }
            mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, segmentBytes);
            buffer.wrap(mapped);
            current = new Segment(segment, channel);
        }
        catch (final IOException ex)
        {
            if (channel != null)
            {
                close(new Segment(segment, channel));
            }
            throw new UncheckedIOException("cannot map journal segment " + segment, ex);
        }
    }

    private void unmap()
    {
        if (mapped != null)
        {
            IoUtil.unmap(mapped);
            mapped = null;
            buffer.wrap(0, 0);
        }
    }

    private List<Path> segments()
    {
        return JournalRecords.segmentsIn(dir);
    }

    private long deleteAll(final List<Path> paths)
    {
        long bytes = 0;
        for (final Path path : paths)
        {
            try
            {
                bytes += Files.size(path);
            }
            catch (final IOException ignore)
            {
                // size is only reported
            }
            delete(path);
        }
        return bytes;
    }

    private static void delete(final Path path)
    {
        try
        {
            Files.deleteIfExists(path);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot delete journal segment " + path, ex);
        }
    }
}
