package io.kairos.engine;

import static io.kairos.engine.JournalDescriptor.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ObjLongConsumer;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One partition's append-only command journal over memory-mapped segments (layout in
 * {@link JournalDescriptor}). {@link #recover} runs first, on the starting thread; afterwards the
 * journal belongs to the partition's journal thread, which calls {@link #append} per command and
 * {@link #force} at the end of each batch (group commit) in sync mode. Allocation-free on append
 * except when a new segment is created.
 */
final class Journal implements AutoCloseable
{
    /** Result of recovery. Immutable. */
    record Recovery(long lastIndex, long replayed, long truncatedBytes, String truncationReason)
    {
    }

    private final Path dir;
    private final int segmentBytes;
    private final CRC32C crc = new CRC32C();
    private final UnsafeBuffer buffer = new UnsafeBuffer(0, 0);
    private MappedByteBuffer mapped;
    private int position;
    private int forcedPosition;
    private long lastIndex;

    Journal(final Path dir, final long segmentBytes)
    {
        this.dir = dir;
        this.segmentBytes = (int)segmentBytes;
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
        long replayed = 0;
        long truncated = 0;
        String reason = "";
        lastIndex = afterIndex;
        for (int s = 0; s < segments.size(); s++)
        {
            final Path segment = segments.get(s);
            final boolean isLast = s == segments.size() - 1;
            if (!isLast && firstIndexOf(segments.get(s + 1).getFileName().toString()) <= afterIndex + 1)
            {
                continue;
            }
            map(segment);
            int offset = 0;
            while (true)
            {
                final int length = offset + HEADER_LENGTH <= segmentBytes
                    ? buffer.getIntVolatile(offset + LENGTH_OFFSET) : 0;
                if (length == END_OF_SEGMENT)
                {
                    if (isLast)
                    {
                        unmap();
                    }
                    break;
                }
                if (length == 0)
                {
                    position = offset;
                    break;
                }
                final String problem = check(offset, length);
                if (problem != null)
                {
                    truncated = cutTail(offset);
                    reason = problem + " at byte " + offset + " of " + segment.getFileName();
                    truncated += deleteAll(segments.subList(s + 1, segments.size()));
                    position = offset;
                    forcedPosition = 0;
                    force();
                    return new Recovery(lastIndex, replayed, truncated, reason);
                }
                final long index = buffer.getLong(offset + INDEX_OFFSET);
                if (index > afterIndex)
                {
                    if (!CommandCodec.decode(buffer, offset + HEADER_LENGTH, length - HEADER_LENGTH, scratch))
                    {
                        throw new IllegalStateException("journal record " + index
                            + " passed its CRC but does not decode");
                    }
                    replay.accept(scratch, index);
                    replayed++;
                }
                lastIndex = Math.max(lastIndex, index);
                offset += align(length);
            }
            if (isLast)
            {
                forcedPosition = position;
                return new Recovery(lastIndex, replayed, truncated, reason);
            }
            unmap();
        }
        return new Recovery(lastIndex, replayed, truncated, reason);
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

    /** Forces what was appended since the last force to the storage device. */
    void force()
    {
        if (mapped != null && position > forcedPosition)
        {
            mapped.force(forcedPosition, position - forcedPosition);
            forcedPosition = position;
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

    @Override
    public void close()
    {
        force();
        unmap();
    }

    private String check(final int offset, final int length)
    {
        if (length < HEADER_LENGTH || length > MAX_RECORD_LENGTH || offset + length > segmentBytes)
        {
            return "bad record length " + length;
        }
        final int stored = buffer.getInt(offset + CRC_OFFSET);
        return stored == crc(offset + INDEX_OFFSET, length - INDEX_OFFSET) ? null : "CRC mismatch";
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
            force();
            unmap();
        }
        final Path segment = dir.resolve(segmentName(firstIndex));
        map(segment);
        position = 0;
        forcedPosition = 0;
    }

    private void map(final Path segment)
    {
        try (FileChannel channel =
            FileChannel.open(segment, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            if (channel.size() < segmentBytes)
            {
                channel.truncate(segmentBytes);
                channel.write(java.nio.ByteBuffer.wrap(new byte[1]), segmentBytes - 1L);
            }
            mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, segmentBytes);
            buffer.wrap(mapped);
        }
        catch (final IOException ex)
        {
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
        try (Stream<Path> files = Files.list(dir))
        {
            final List<Path> segments = new ArrayList<>();
            files.filter(p -> firstIndexOf(p.getFileName().toString()) >= 0).sorted().forEach(segments::add);
            return segments;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list journal directory " + dir, ex);
        }
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
