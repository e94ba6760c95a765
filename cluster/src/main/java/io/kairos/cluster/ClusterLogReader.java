package io.kairos.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashSet;
import java.util.Set;

import io.aeron.archive.CatalogView;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.RecordingLog;
import io.aeron.cluster.codecs.MessageHeaderDecoder;
import io.aeron.cluster.codecs.SessionMessageHeaderDecoder;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;
import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import org.agrona.BitUtil;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import static io.kairos.cluster.ClusterProtocol.COMMAND;
import static io.kairos.cluster.ClusterProtocol.COMMAND_INSTANCE_OFFSET;
import static io.kairos.cluster.ClusterProtocol.COMMAND_PAYLOAD_OFFSET;
import static io.kairos.cluster.ClusterProtocol.COMMAND_SEQUENCE_OFFSET;
import static io.kairos.cluster.ClusterProtocol.TYPE_OFFSET;

/**
 * Reads the commands of a stopped member's consensus log, offline, from its {@code cluster.dir}: the log's recording
 * ids from the consensus module's recording log, each recording's extent from the archive's catalog, then the
 * recording's segment files frame by frame (Aeron's data frames, fragments reassembled), keeping the client messages
 * ({@code SessionMessageHeader}) that are Kairos commands, in log order, each with its log timestamp — the time the
 * member matched it at. Resends that the service drops are dropped here by the same rule ({@link AppliedCommands}),
 * so the commands and their indexes are exactly those {@link MatchingService} applied. A member that was killed may
 * have recorded a tail it never committed; it is read too. Never writes; the caller makes sure no member runs on the
 * directory. Single-threaded.
 */
public final class ClusterLogReader
{
    /** Each command applied from the log, in order. */
    @FunctionalInterface
    public interface CommandHandler
    {
        /** @return false to stop reading */
        boolean onCommand(long commandIndex, long logTimestampNs, EngineCommand command);
    }

    /** The lock file of a member's directory (held while a member runs on it). */
    public static final String MEMBER_LOCK_FILE = ClusterMember.LOCK_FILE;

    private final Path clusterDir;
    private final EngineCommand command = new EngineCommand();
    private final AppliedCommands applied = new AppliedCommands();
    private final MessageHeaderDecoder messageHeader = new MessageHeaderDecoder();
    private final SessionMessageHeaderDecoder sessionHeader = new SessionMessageHeaderDecoder();
    private final ExpandableArrayBuffer fragments = new ExpandableArrayBuffer();
    private int fragmentsLength;
    private long commandIndex;
    private boolean stopped;

    public ClusterLogReader(final Path clusterDir)
    {
        this.clusterDir = clusterDir;
    }

    /**
     * Hands every command of the log to {@code handler}. @return the number of commands
     *
     * @throws IllegalArgumentException when {@code clusterDir} holds no member's log
     */
    public long read(final CommandHandler handler)
    {
        final File consensus = clusterDir.resolve("consensus").toFile();
        final File archive = clusterDir.resolve("archive").toFile();
        if (!isMemberDirectory(clusterDir))
        {
            throw new IllegalArgumentException(clusterDir + " is not a cluster member's directory (no consensus/" +
                RecordingLog.RECORDING_LOG_FILE_NAME + " or archive/)");
        }
        final Set<Long> recordings = new LinkedHashSet<>();
        try (RecordingLog log = new RecordingLog(consensus, false))
        {
            for (final RecordingLog.Entry entry : log.entries())
            {
                if (entry.type == RecordingLog.ENTRY_TYPE_TERM)
                {
                    recordings.add(entry.recordingId);
                }
            }
        }
        for (final long recordingId : recordings)
        {
            if (!stopped)
            {
                readRecording(archive, recordingId, handler);
            }
        }
        return commandIndex;
    }

    /** Whether {@code dir} is a member's {@code cluster.dir}: a consensus module's recording log and an archive. */
    public static boolean isMemberDirectory(final Path dir)
    {
        return Files.isRegularFile(dir.resolve("consensus").resolve(RecordingLog.RECORDING_LOG_FILE_NAME)) &&
            Files.isDirectory(dir.resolve("archive"));
    }

    private void readRecording(final File archive, final long recordingId, final CommandHandler handler)
    {
        final long[] extent = new long[4];
        final boolean found = CatalogView.listRecording(archive, recordingId,
            (controlSessionId, correlationId, id, startTimestamp, stopTimestamp, startPosition, stopPosition,
            initialTermId, segmentFileLength, termBufferLength, mtuLength, sessionId, streamId, strippedChannel,
            originalChannel, sourceIdentity) ->
            {
                extent[0] = startPosition;
                extent[1] = stopPosition;
                extent[2] = segmentFileLength;
                extent[3] = termBufferLength;
            });
        if (!found)
        {
            throw new IllegalArgumentException("the archive in " + archive + " has no recording " + recordingId +
                " that the recording log names");
        }
        final long start = extent[0];
        final long stop = extent[1];
        final long segmentLength = extent[2];
        final long termLength = extent[3];
        long position = start;
        while (!stopped && (stop == AeronArchive.NULL_POSITION || position < stop))
        {
            final long base = segmentBase(start, position, termLength, segmentLength);
            final Path file = archive.toPath().resolve(recordingId + "-" + base + ".rec");
            if (!Files.isRegularFile(file))
            {
                return; // a recording that stopped without a stop position ends with its last segment file
            }
            final long next = readSegment(file, (int)(position - base), segmentLength, handler);
            if (next < 0)
            {
                return; // the end of what was written
            }
            position = base + next;
        }
    }

    /** @return the offset after the segment's last frame, or -1 when its data ended before the segment did */
    private long readSegment(final Path file, final int from, final long segmentLength, final CommandHandler handler)
    {
        MappedByteBuffer mapped = null;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
        {
            mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            final UnsafeBuffer segment = new UnsafeBuffer(mapped);
            int offset = from;
            while (!stopped && offset + DataHeaderFlyweight.HEADER_LENGTH <= segment.capacity())
            {
                final int frameLength = segment.getInt(offset + DataHeaderFlyweight.FRAME_LENGTH_FIELD_OFFSET,
                    ByteOrder.LITTLE_ENDIAN);
                if (frameLength <= 0)
                {
                    return -1;
                }
                if (segment.getShort(offset + DataHeaderFlyweight.TYPE_FIELD_OFFSET, ByteOrder.LITTLE_ENDIAN) ==
                    DataHeaderFlyweight.HDR_TYPE_DATA)
                {
                    onFragment(segment, offset + DataHeaderFlyweight.HEADER_LENGTH,
                        frameLength - DataHeaderFlyweight.HEADER_LENGTH,
                        segment.getByte(offset + DataHeaderFlyweight.FLAGS_FIELD_OFFSET), handler);
                }
                offset += BitUtil.align(frameLength, FrameDescriptor.FRAME_ALIGNMENT);
            }
            return offset < segmentLength ? -1 : offset;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + file, ex);
        }
        finally
        {
            if (mapped != null)
            {
                IoUtil.unmap(mapped);
            }
        }
    }

    private void onFragment(final UnsafeBuffer buffer, final int offset, final int length, final byte flags,
        final CommandHandler handler)
    {
        final boolean begin = (flags & FrameDescriptor.BEGIN_FRAG_FLAG) != 0;
        final boolean end = (flags & FrameDescriptor.END_FRAG_FLAG) != 0;
        if (begin && end)
        {
            onMessage(buffer, offset, length, handler);
            return;
        }
        if (begin)
        {
            fragmentsLength = 0;
        }
        fragments.putBytes(fragmentsLength, buffer, offset, length);
        fragmentsLength += length;
        if (end)
        {
            onMessage(fragments, 0, fragmentsLength, handler);
        }
    }

    private void onMessage(final org.agrona.DirectBuffer buffer, final int offset, final int length,
        final CommandHandler handler)
    {
        final int bodyOffset = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int payloadOffset = bodyOffset + SessionMessageHeaderDecoder.BLOCK_LENGTH;
        if (length < payloadOffset - offset + COMMAND_PAYLOAD_OFFSET)
        {
            return;
        }
        messageHeader.wrap(buffer, offset);
        if (messageHeader.templateId() != SessionMessageHeaderDecoder.TEMPLATE_ID ||
            messageHeader.schemaId() != SessionMessageHeaderDecoder.SCHEMA_ID)
        {
            return; // timers, session opens and closes, new terms: no commands
        }
        sessionHeader.wrap(buffer, bodyOffset, messageHeader.blockLength(), messageHeader.version());
        final int payloadLength = length - (payloadOffset - offset);
        if (buffer.getByte(payloadOffset + TYPE_OFFSET) != COMMAND ||
            !applied.firstTime(buffer.getLong(payloadOffset + COMMAND_INSTANCE_OFFSET),
                buffer.getLong(payloadOffset + COMMAND_SEQUENCE_OFFSET)))
        {
            return;
        }
        commandIndex++;
        if (CommandCodec.decode(buffer, payloadOffset + COMMAND_PAYLOAD_OFFSET, payloadLength - COMMAND_PAYLOAD_OFFSET,
            command))
        {
            stopped = !handler.onCommand(commandIndex, sessionHeader.timestamp(), command);
        }
    }

    /** The base position of the segment file holding {@code position} (Aeron Archive's naming rule). */
    static long segmentBase(final long startPosition, final long position, final long termLength,
        final long segmentLength)
    {
        final long startTermBase = startPosition - (startPosition & (termLength - 1));
        final long fromBase = position - startTermBase;
        return startTermBase + fromBase - (fromBase & (segmentLength - 1));
    }
}
