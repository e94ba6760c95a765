package io.kairos.fix;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import uk.co.real_logic.artio.engine.logger.ReplayIndexDescriptor;
import uk.co.real_logic.artio.storage.messages.MessageHeaderDecoder;
import uk.co.real_logic.artio.storage.messages.ReplayIndexRecordDecoder;

/**
 * Artio's replay index files of one stream ({@code artio/replay-index-<session>-<stream>-header} and its segment
 * files), trimmed while no engine has them mapped (before {@code FixEngine.launch}); read also after it, for a
 * session that has not logged on (nothing writes its index then).
 *
 * <p>Why: Artio's indexer and the Aeron archive read the same IPC stream independently, and the index is a
 * memory-mapped file written per message, so after {@code kill -9} it can list messages the archive never recorded.
 * Artio only catches an index up when it is behind its recording, never back when it is ahead. At the restart Artio
 * extends the recording from where the archive stopped, so those entries point at positions that the new run
 * fills with other messages. A ResendRequest covering one of them made Artio's replayer wait for the recording to
 * reach the entry's end (its {@code ReplayOperation.archivingNotComplete}) with the connection's sender already
 * switched to replay mode ({@code FixSenderEndPoint.onStartReplay}): every new message of that session was buffered
 * in the framer behind a replay that never finished, and the session went silent. Removing the entries that end past
 * their recording's stop position makes the index agree with the log: a resend of those numbers is gap-filled.
 *
 * <p>Layout (Artio 0.175, {@link ReplayIndexDescriptor}): the header file holds the storage message header, then the
 * begin-change and end-change positions (longs; equal unless a write was cut); records of
 * {@link ReplayIndexDescriptor#RECORD_LENGTH} bytes ({@link ReplayIndexRecordDecoder}: the position just after the
 * frame header, the message's length, its sequence number and index, the recording id) lie in a ring of
 * {@code recordCapacity} records, split into segment files of {@code segmentCapacity} records.
 * Allocates; runs on the thread that launches the gateway.
 */
final class ReplayIndexTrim
{
    private static final int BEGIN_CHANGE_OFFSET = MessageHeaderDecoder.ENCODED_LENGTH;
    private static final int END_CHANGE_OFFSET = BEGIN_CHANGE_OFFSET + Long.BYTES;
    private static final int RECORD = ReplayIndexDescriptor.RECORD_LENGTH;
    /** An Aeron data frame's header, which the recorded range of a message includes ahead of its position. */
    private static final int FRAME_HEADER = 32;
    private static final String PREFIX = "replay-index-";

    /** One index entry: a message (or fragment) of {@code length} bytes after the frame header at {@code position}. */
    record Entry(long position, int length, int sequenceNumber, int sequenceIndex, long recordingId)
    {
        /** @return where the message's frame ends in its recording */
        long end()
        {
            return position + length;
        }

        /** @return where the message's frame begins in its recording */
        long frameStart()
        {
            return position - FRAME_HEADER;
        }
    }

    /** What a trim removed from one session's index. */
    record Removed(long fixSessionId, int entries, int fromSequenceNumber, int toSequenceNumber)
    {
    }

    private final File logDir;
    private final int streamId;
    private final long fileBytes;
    private final int segmentBytes;

    ReplayIndexTrim(final File logDir, final int streamId, final int recordCapacity, final int segmentCapacity)
    {
        this.logDir = logDir;
        this.streamId = streamId;
        this.fileBytes = (long)recordCapacity * RECORD;
        this.segmentBytes = segmentCapacity * RECORD;
    }

    /** @return the FIX session ids (Artio's) that have an index of this stream */
    List<Long> sessions()
    {
        final String suffix = "-" + streamId + "-header";
        final List<Long> sessions = new ArrayList<>();
        final File[] files = logDir.listFiles();
        for (final File file : files == null ? new File[0] : files)
        {
            final String name = file.getName();
            if (name.startsWith(PREFIX) && name.endsWith(suffix))
            {
                sessions.add(Long.parseLong(name.substring(PREFIX.length(), name.length() - suffix.length())));
            }
        }
        return sessions;
    }

    /** @return the session's entries, oldest first */
    List<Entry> entries(final long fixSessionId)
    {
        try (SessionFiles files = new SessionFiles(fixSessionId))
        {
            return files.entries();
        }
    }

    /**
     * Removes every entry whose message ends past what its recording holds, keeping the others in order; Artio's
     * writer goes on after the last one kept.
     *
     * @param recordedEnd a recording's stop position ({@link Long#MAX_VALUE} when it cannot be told: nothing of it is
     *                    removed; a negative value for a recording the archive does not have: all of it is removed)
     * @return what was removed, one element per session that had entries to remove
     */
    List<Removed> trim(final LongUnaryOperator recordedEnd)
    {
        final List<Removed> removed = new ArrayList<>();
        for (final long session : sessions())
        {
            try (SessionFiles files = new SessionFiles(session))
            {
                final Removed one = files.trim(recordedEnd);
                if (one != null)
                {
                    removed.add(one);
                }
            }
        }
        return removed;
    }

    /** One session's header and segment files, each mapped once while in use. */
    private final class SessionFiles implements AutoCloseable
    {
        private final long fixSessionId;
        private final UnsafeBuffer header;
        private final UnsafeBuffer[] segments = new UnsafeBuffer[(int)(fileBytes / segmentBytes)];
        private final ReplayIndexRecordDecoder record = new ReplayIndexRecordDecoder();

        SessionFiles(final long fixSessionId)
        {
            this.fixSessionId = fixSessionId;
            this.header = map(new File(logDir, PREFIX + fixSessionId + "-" + streamId + "-header"));
        }

        /** Where the next entry goes; a write the kill cut (begin moved, end not) counts as written. */
        private long end()
        {
            return Math.max(header.getLong(BEGIN_CHANGE_OFFSET), header.getLong(END_CHANGE_OFFSET));
        }

        List<Entry> entries()
        {
            final long end = end();
            final List<Entry> entries = new ArrayList<>();
            for (long at = Math.max(end - fileBytes, 0); at < end; at += RECORD)
            {
                record.wrap(segment(at), offsetInSegment(at), ReplayIndexRecordDecoder.BLOCK_LENGTH,
                    ReplayIndexRecordDecoder.SCHEMA_VERSION);
                entries.add(new Entry(record.position(), record.length(), record.sequenceNumber(),
                    record.sequenceIndex(), record.recordingId()));
            }
            return entries;
        }

        Removed trim(final LongUnaryOperator recordedEnd)
        {
            final List<Entry> entries = entries();
            final List<Entry> kept = new ArrayList<>(entries.size());
            int from = Integer.MAX_VALUE;
            int to = 0;
            for (final Entry entry : entries)
            {
                // a zero position is where Artio's query stops reading: an unwritten slot or a write the kill cut
                if (entry.position() != 0 && entry.end() <= recordedEnd.applyAsLong(entry.recordingId()))
                {
                    kept.add(entry);
                }
                else
                {
                    from = Math.min(from, entry.sequenceNumber());
                    to = Math.max(to, entry.sequenceNumber());
                }
            }
            if (kept.size() == entries.size())
            {
                return null;
            }
            rewrite(entries.size(), kept);
            return new Removed(fixSessionId, entries.size() - kept.size(), from, to);
        }

        /**
         * Writes {@code kept} from the oldest slot on and moves both change positions back to after the last. The
         * slots freed at the end are zeroed; in a ring that has wrapped they come first in Artio's reading order, so
         * they get a copy of the oldest entry instead (a repeated entry adds nothing to a replay: same message, same
         * position).
         */
        private void rewrite(final int slots, final List<Entry> kept)
        {
            final long oldEnd = end();
            final long start = oldEnd - (long)slots * RECORD;
            final boolean wrapped = start > 0;
            long at = start;
            for (final Entry entry : kept)
            {
                write(at, entry);
                at += RECORD;
            }
            final long newEnd = at;
            for (; at < oldEnd; at += RECORD)
            {
                write(at, wrapped && !kept.isEmpty() ? kept.get(0) : null);
            }
            header.putLongVolatile(BEGIN_CHANGE_OFFSET, newEnd);
            header.putLongVolatile(END_CHANGE_OFFSET, newEnd);
        }

        private void write(final long at, final Entry entry)
        {
            final UnsafeBuffer segment = segment(at);
            final int offset = offsetInSegment(at);
            segment.setMemory(offset, RECORD, (byte)0);
            if (entry != null)
            {
                segment.putLong(offset + ReplayIndexRecordDecoder.positionEncodingOffset(), entry.position());
                segment.putInt(offset + ReplayIndexRecordDecoder.sequenceNumberEncodingOffset(),
                    entry.sequenceNumber());
                segment.putInt(offset + ReplayIndexRecordDecoder.sequenceIndexEncodingOffset(), entry.sequenceIndex());
                segment.putLong(offset + ReplayIndexRecordDecoder.recordingIdEncodingOffset(), entry.recordingId());
                segment.putInt(offset + ReplayIndexRecordDecoder.lengthEncodingOffset(), entry.length());
            }
        }

        private UnsafeBuffer segment(final long at)
        {
            final int index = (int)((at & (fileBytes - 1)) / segmentBytes);
            if (segments[index] == null)
            {
                segments[index] = map(new File(logDir, PREFIX + fixSessionId + "-" + streamId + "-" + index));
            }
            return segments[index];
        }

        private int offsetInSegment(final long at)
        {
            return (int)(at & (segmentBytes - 1));
        }

        @Override
        public void close()
        {
            IoUtil.unmap(header.byteBuffer());
            for (final UnsafeBuffer segment : segments)
            {
                if (segment != null)
                {
                    IoUtil.unmap(segment.byteBuffer());
                }
            }
        }
    }

    private static UnsafeBuffer map(final File file)
    {
        if (!file.isFile())
        {
            throw new IllegalStateException("Artio's replay index file " + file + " is missing");
        }
        try (RandomAccessFile raf = new RandomAccessFile(file, "rw"))
        {
            final MappedByteBuffer mapped = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, raf.length());
            return new UnsafeBuffer(mapped);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot map Artio's replay index file " + file, e);
        }
    }
}
