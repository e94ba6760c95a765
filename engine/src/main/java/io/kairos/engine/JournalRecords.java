package io.kairos.engine;

import static io.kairos.engine.JournalDescriptor.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * Walks the records of one mapped journal segment (layout in {@link JournalDescriptor}): checks each record's length
 * and CRC, decodes it into a scratch command and hands it on. The one definition of how a segment is read, shared by
 * start-up recovery ({@link Journal#recover}, over its writable mapping, which then cuts a bad tail) and the read-only
 * {@link JournalReader} (which only reports it). Owned by the thread that walks; reuses its CRC and result fields.
 */
final class JournalRecords
{
    /** Why a walk stopped. */
    enum Stop
    {
        /** The segment's end-of-segment mark: the records continue in the next segment. */
        END_OF_SEGMENT,
        /** A zero length: no more records; {@link #offset()} is where the next would be appended. */
        END_OF_RECORDS,
        /** A record with a bad length or CRC at {@link #offset()}, described by {@link #problem()}. */
        BAD_RECORD,
        /** A record that passed its CRC but is not a valid command: a bug in the writer, not a torn write. */
        UNDECODABLE,
        /** The handler asked to stop after the record ending at {@link #offset()}. */
        HANDLER
    }

    /** Takes each intact record; returns false to stop the walk. */
    @FunctionalInterface
    interface Handler
    {
        boolean onRecord(EngineCommand command, long index);
    }

    private final CRC32C crc = new CRC32C();
    private int offset;
    private String problem;
    private long lastIndex;

    /**
     * Walks {@code segmentBytes} bytes of {@code bytes} (which {@code buffer} wraps) from the start, handing each
     * intact record with an index above {@code afterIndex} to {@code handler}.
     */
    Stop walk(
        final UnsafeBuffer buffer, final ByteBuffer bytes, final int segmentBytes, final long afterIndex,
        final EngineCommand scratch, final Handler handler)
    {
        offset = 0;
        problem = null;
        lastIndex = -1;
        while (true)
        {
            final int length =
                offset + HEADER_LENGTH <= segmentBytes ? buffer.getIntVolatile(offset + LENGTH_OFFSET) : 0;
            if (length == END_OF_SEGMENT)
            {
                return Stop.END_OF_SEGMENT;
            }
            if (length == 0)
            {
                return Stop.END_OF_RECORDS;
            }
            problem = check(buffer, bytes, segmentBytes, length);
            if (problem != null)
            {
                return Stop.BAD_RECORD;
            }
            final long index = buffer.getLong(offset + INDEX_OFFSET);
            if (index > afterIndex)
            {
                if (!CommandCodec.decode(buffer, offset + HEADER_LENGTH, length - HEADER_LENGTH, scratch))
                {
                    problem = "journal record " + index + " passed its CRC but does not decode";
                    return Stop.UNDECODABLE;
                }
                lastIndex = Math.max(lastIndex, index);
                offset += align(length);
                if (!handler.onRecord(scratch, index))
                {
                    return Stop.HANDLER;
                }
                continue;
            }
            lastIndex = Math.max(lastIndex, index);
            offset += align(length);
        }
    }

    /** Where the walk stopped: the bad record, the end of the records, or just past the last record handed on. */
    int offset()
    {
        return offset;
    }

    /** What was wrong with the record at {@link #offset()} (BAD_RECORD, UNDECODABLE), else null. */
    String problem()
    {
        return problem;
    }

    /** The highest index of an intact record the walk passed, or -1 when none. */
    long lastIndex()
    {
        return lastIndex;
    }

    /** The segment files of a partition's journal directory, oldest first. */
    static List<Path> segmentsIn(final Path dir)
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

    private String check(final UnsafeBuffer buffer, final ByteBuffer bytes, final int segmentBytes, final int length)
    {
        if (length < HEADER_LENGTH || length > MAX_RECORD_LENGTH || offset + length > segmentBytes)
        {
            return "bad record length " + length;
        }
        crc.reset();
        bytes.limit(offset + length).position(offset + INDEX_OFFSET);
        crc.update(bytes);
        bytes.clear();
        return buffer.getInt(offset + CRC_OFFSET) == (int)crc.getValue() ? null : "CRC mismatch";
    }
}
