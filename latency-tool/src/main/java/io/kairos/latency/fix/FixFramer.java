package io.kairos.latency.fix;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixChecksum;
import io.kairos.fix.wire.FixFrame;
import io.kairos.latency.capture.CaptureProblems;
import io.kairos.latency.tcp.StreamConsumer;
import io.kairos.latency.tcp.TcpStream;

/**
 * Cuts the in-order bytes of one TCP direction into FIX messages using BodyLength (9) and the CheckSum (10) trailer:
 * several messages per segment are framed in place, a message split over segments is gathered in a pending buffer.
 * After a mid-stream start, a lost segment, or bytes that are not FIX where a message should begin, it hunts for the
 * next {@code 8=FIX} and counts the resynchronisation. Each message gets the capture time of the packet that held its
 * first byte. Allocates only to grow the pending buffer for an unusually large message. Owned by the analysis thread.
 *
 * <p>Frame length and CheckSum come from fix-wire ({@link FixFrame}, {@link FixChecksum}); what stays here is what a
 * capture needs and a live session does not: reassembly across segments with each message's first-byte capture time,
 * hunting for {@code 8=FIX} after a gap or a mid-stream start, and a wrong CheckSum counted while the message is still
 * read (the venue's own sessions drop such a frame; a measurement wants to see it).
 */
public final class FixFramer implements StreamConsumer
{
    static final int NEED_MORE = FixFrame.NEED_MORE;
    static final int GARBAGE = -1;
    public static final int MAX_MESSAGE_BYTES = 1 << 20;

    private static final byte[] BEGIN = {'8', '=', 'F', 'I', 'X'};
    private static final int MAX_CHUNKS = 64;

    private final TcpStream stream;
    private final FixMessageHandler handler;
    private final FixStatistics statistics;
    private final CaptureProblems problems;

    private boolean synced = true;
    private boolean hunting;
    private boolean huntingAfterGarbage;

    private byte[] pending = new byte[4096];
    private ByteBuffer pendingView = ByteBuffer.wrap(pending);
    /** The buffer being framed, as fix-wire reads it. */
    private final UnsafeBuffer wire = new UnsafeBuffer(0, 0);
    private int pendingLength;
    private long pendingStreamOffset;
    private int chunkCount;
    private final int[] chunkStarts = new int[MAX_CHUNKS];
    private final long[] chunkTimes = new long[MAX_CHUNKS];
    private final long[] chunkPackets = new long[MAX_CHUNKS];
    private final long[] chunkFileOffsets = new long[MAX_CHUNKS];

    private long streamOffset;
    private long currentTime;
    private long currentPacket;
    private long currentFileOffset;

    public FixFramer(
        final TcpStream stream, final FixMessageHandler handler, final FixStatistics statistics,
        final CaptureProblems problems)
    {
        this.stream = stream;
        this.handler = handler;
        this.statistics = statistics;
        this.problems = problems;
    }

    public void onData(
        final ByteBuffer buffer, final int offset, final int length, final long timestampNs, final long packetNumber,
        final long fileOffset)
    {
        currentTime = timestampNs;
        currentPacket = packetNumber;
        currentFileOffset = fileOffset;
        if (pendingLength == 0)
        {
            final int stop = process(buffer, offset, offset + length, false, streamOffset);
            if (stop < offset + length)
            {
                pendingStreamOffset = streamOffset + (stop - offset);
                appendPending(buffer, stop, offset + length - stop);
            }
        }
        else
        {
            appendPending(buffer, offset, length);
            final int stop = process(pendingView, 0, pendingLength, true, pendingStreamOffset);
            compactPending(stop);
        }
        streamOffset += length;
    }

    public void onGap(final long missingBytes, final long packetNumber, final long fileOffset)
    {
        if (pendingLength > 0 && !hunting)
        {
            statistics.partialMessagesLost++;
        }
        clearPending();
        streamOffset += missingBytes;
        startHunting(false);
        handler.onBytesLost(stream);
    }

    public void onMidStreamStart()
    {
        startHunting(false);
    }

    public void onReset()
    {
        clearPending();
        streamOffset = 0;
        synced = true;
        hunting = false;
    }

    private void startHunting(final boolean afterGarbage)
    {
        synced = false;
        hunting = true;
        huntingAfterGarbage = afterGarbage;
    }

    /** Frames messages in {@code [start, end)}; returns the index of the first byte not consumed. */
    private int process(final ByteBuffer buffer, final int start, final int end, final boolean fromPending,
        final long baseStreamOffset)
    {
        wire.wrap(buffer);
        int position = start;
        while (position < end)
        {
            if (hunting)
            {
                final int found = indexOfBegin(buffer, position, end);
                final int skipTo = found >= 0 ? found : Math.max(position, end - (BEGIN.length - 1));
                countSkipped(skipTo - position);
                position = skipTo;
                if (found < 0)
                {
                    break;
                }
                hunting = false;
            }
            final int result = frame(wire, position, end);
            if (result == NEED_MORE)
            {
                break;
            }
            if (result == GARBAGE)
            {
                if (synced)
                {
                    reportGarbage(buffer, position, end, fromPending, baseStreamOffset + (position - start));
                    startHunting(true);
                }
                else
                {
                    hunting = true;
                }
                countSkipped(1);
                position++;
                continue;
            }
            if (!synced)
            {
                synced = true;
                statistics.resynchronisations++;
            }
            statistics.messages++;
            if (!FixChecksum.matches(wire, position, result))
            {
                statistics.checksumMismatches++;
            }
            handler.onMessage(stream, buffer, position, result, timeAt(position, fromPending),
                packetAt(position, fromPending));
            position += result;
        }
        return position;
    }

    private void countSkipped(final int bytes)
    {
        if (huntingAfterGarbage)
        {
            statistics.garbageBytes += bytes;
        }
        else
        {
            statistics.bytesSkippedBeforeSync += bytes;
        }
    }

    /**
     * The frame's length by fix-wire's {@link FixFrame#frameLength} (BodyLength and trailer, up to
     * {@link #MAX_MESSAGE_BYTES}), {@link #NEED_MORE}, or {@link #GARBAGE} for anything it refuses and for bytes
     * that do not start as {@code 8=FIX} does: the capture is read for FIX only, whatever the BeginString's version.
     */
    static int frame(final DirectBuffer buffer, final int start, final int end)
    {
        final int prefix = Math.min(end - start, BEGIN.length);
        for (int i = 0; i < prefix; i++)
        {
            if (buffer.getByte(start + i) != BEGIN[i])
            {
                return GARBAGE;
            }
        }
        final int length = FixFrame.frameLength(buffer, start, end, MAX_MESSAGE_BYTES);
        return length < 0 ? GARBAGE : length;
    }

    private static int indexOfBegin(final ByteBuffer buffer, final int start, final int end)
    {
        final int last = end - BEGIN.length;
        for (int i = start; i <= last; i++)
        {
            if (buffer.get(i) == '8' && buffer.get(i + 1) == '=' && buffer.get(i + 2) == 'F' &&
                buffer.get(i + 3) == 'I' && buffer.get(i + 4) == 'X')
            {
                return i;
            }
        }
        return -1;
    }

    private void reportGarbage(
        final ByteBuffer buffer, final int position, final int end, final boolean fromPending, final long offset)
    {
        statistics.garbageEvents++;
        final StringBuilder sample = new StringBuilder();
        for (int i = position; i < Math.min(end, position + 24); i++)
        {
            final int b = buffer.get(i) & 0xFF;
            if (b == FixFrame.SOH)
            {
                sample.append('|');
            }
            else if (b >= 32 && b < 127)
            {
                sample.append((char)b);
            }
            else
            {
                sample.append(String.format("\\x%02x", b));
            }
        }
        problems.problem("garbage inside FIX stream " + stream.description() + " at stream byte offset " + offset +
            " (packet " + packetAt(position, fromPending) + ", record at byte offset " +
            fileOffsetAt(position, fromPending) + "): expected a FIX message (8=FIX...|9=len|...|10=nnn|), found \"" +
            sample + "\"; skipped to the next 8=FIX");
    }

    private void appendPending(final ByteBuffer source, final int offset, final int length)
    {
        if (pendingLength + length > pending.length)
        {
            pending = Arrays.copyOf(pending, Math.max(pendingLength + length, pending.length * 2));
            pendingView = ByteBuffer.wrap(pending);
        }
        source.get(offset, pending, pendingLength, length);
        if (chunkCount == MAX_CHUNKS)
        {
            chunkCount--;
        }
        chunkStarts[chunkCount] = pendingLength;
        chunkTimes[chunkCount] = currentTime;
        chunkPackets[chunkCount] = currentPacket;
        chunkFileOffsets[chunkCount] = currentFileOffset;
        chunkCount++;
        pendingLength += length;
    }

    private void compactPending(final int consumed)
    {
        if (consumed == 0)
        {
            return;
        }
        final int remaining = pendingLength - consumed;
        if (remaining == 0)
        {
            clearPending();
            return;
        }
        System.arraycopy(pending, consumed, pending, 0, remaining);
        final int first = chunkIndexAt(consumed);
        int kept = 0;
        for (int i = first; i < chunkCount; i++)
        {
            chunkStarts[kept] = Math.max(0, chunkStarts[i] - consumed);
            chunkTimes[kept] = chunkTimes[i];
            chunkPackets[kept] = chunkPackets[i];
            chunkFileOffsets[kept] = chunkFileOffsets[i];
            kept++;
        }
        chunkCount = kept;
        pendingLength = remaining;
        pendingStreamOffset += consumed;
    }

    private void clearPending()
    {
        pendingLength = 0;
        chunkCount = 0;
    }

    private int chunkIndexAt(final int position)
    {
        int index = chunkCount - 1;
        while (index > 0 && chunkStarts[index] > position)
        {
            index--;
        }
        return index;
    }

    private long timeAt(final int position, final boolean fromPending)
    {
        return fromPending ? chunkTimes[chunkIndexAt(position)] : currentTime;
    }

    private long packetAt(final int position, final boolean fromPending)
    {
        return fromPending ? chunkPackets[chunkIndexAt(position)] : currentPacket;
    }

    private long fileOffsetAt(final int position, final boolean fromPending)
    {
        return fromPending ? chunkFileOffsets[chunkIndexAt(position)] : currentFileOffset;
    }
}
