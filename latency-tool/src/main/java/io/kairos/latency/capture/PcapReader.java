package io.kairos.latency.capture;

import java.nio.ByteBuffer;

import static io.kairos.latency.capture.PcapDescriptor.*;

/**
 * Reads a classic pcap file (microsecond or nanosecond magic, either byte order) from a {@link MappedCaptureFile}.
 * A corrupt record header is reported with its packet number and offset, then the reader scans forward for the next
 * plausible record and goes on. Allocates nothing per packet. Owned by the analysis thread.
 */
public final class PcapReader implements CaptureReader
{
    private static final long MAX_RESYNC_SCAN_BYTES = 64L * 1024 * 1024;
    private static final long MAX_CLOCK_JUMP_SECONDS = 7L * 24 * 3600;

    private final MappedCaptureFile file;
    private final CaptureProblems problems;
    private final boolean swapped;
    private final boolean nanos;
    private final int linkType;
    private final int maxRecordLength;
    private long lastSeconds = -1;

    PcapReader(final MappedCaptureFile file, final CaptureProblems problems, final int magic)
        throws UnusableCaptureException
    {
        this.file = file;
        this.problems = problems;
        this.swapped = magic == MAGIC_MICROS_SWAPPED || magic == MAGIC_NANOS_SWAPPED;
        this.nanos = magic == MAGIC_NANOS || magic == MAGIC_NANOS_SWAPPED;
        final int index = file.map(0, GLOBAL_HEADER_LENGTH);
        if (index < 0)
        {
            throw new UnusableCaptureException(
                "truncated pcap global header: file has " + file.size() + " bytes, the header needs 24");
        }
        final ByteBuffer buffer = file.buffer();
        this.linkType = readInt(buffer, index + LINK_TYPE_OFFSET) & LINK_TYPE_MASK;
        final int snaplen = readInt(buffer, index + SNAPLEN_OFFSET);
        this.maxRecordLength = snaplen > 0 && snaplen <= PcapngDescriptor.MAX_BLOCK_LENGTH ?
            Math.max(snaplen, MAX_RECORD_LENGTH) : MAX_RECORD_LENGTH;
    }

    public String formatDescription()
    {
        return "pcap (" + (nanos ? "nanosecond" : "microsecond") + ", " + (swapped ? "little" : "big") +
            "-endian, link type " + linkType + ")";
    }

    public long fileSize()
    {
        return file.size();
    }

    public long readAll(final PacketHandler handler)
    {
        final long size = file.size();
        long position = GLOBAL_HEADER_LENGTH;
        long packetNumber = 0;
        while (position < size)
        {
            final long remaining = size - position;
            if (remaining < RECORD_HEADER_LENGTH)
            {
                problems.problem("truncated file: record header of packet " + (packetNumber + 1) + " at byte offset " +
                    position + " has only " + remaining + " of 16 bytes");
                break;
            }
            final int index = file.map(position, RECORD_HEADER_LENGTH);
            final ByteBuffer buffer = file.buffer();
            if (!isPlausibleHeader(buffer, index, false))
            {
                problems.problem("corrupt record header of packet " + (packetNumber + 1) + " at byte offset " +
                    position + ": captured length " + Integer.toUnsignedString(
                    readInt(buffer, index + INCLUDED_LENGTH_OFFSET)) + ", original length " +
                    Integer.toUnsignedString(readInt(buffer, index + ORIGINAL_LENGTH_OFFSET)));
                final long next = resync(position + 1);
                if (next < 0)
                {
                    problems.problem("no further readable packet record after byte offset " + position +
                        "; skipped the remaining " + (size - position) + " bytes");
                    break;
                }
                problems.problem("resumed reading at byte offset " + next + " after skipping " +
                    (next - position) + " bytes");
                position = next;
                continue;
            }
            final long seconds = Integer.toUnsignedLong(readInt(buffer, index + TS_SECONDS_OFFSET));
            final long fraction = Integer.toUnsignedLong(readInt(buffer, index + TS_FRACTION_OFFSET));
            final int included = readInt(buffer, index + INCLUDED_LENGTH_OFFSET);
            final int original = readInt(buffer, index + ORIGINAL_LENGTH_OFFSET);
            final long timestampNs = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000L);
            lastSeconds = seconds;
            packetNumber++;
            final long available = remaining - RECORD_HEADER_LENGTH;
            if (available < included)
            {
                problems.problem("truncated packet " + packetNumber + " at byte offset " + position +
                    ": record says " + included + " captured bytes, the file ends after " + available);
                final int dataIndex = file.map(position + RECORD_HEADER_LENGTH, (int)available);
                handler.onPacket(file.buffer(), dataIndex, (int)available, Math.max(original, included),
                    linkType, timestampNs, TimeSource.HOST, packetNumber, position);
                break;
            }
            final int dataIndex = file.map(position + RECORD_HEADER_LENGTH, included);
            handler.onPacket(file.buffer(), dataIndex, included, Math.max(original, included), linkType,
                timestampNs, TimeSource.HOST, packetNumber, position);
            position += RECORD_HEADER_LENGTH + included;
        }
        return packetNumber;
    }

    private boolean isPlausibleHeader(final ByteBuffer buffer, final int index, final boolean strict)
    {
        final int included = readInt(buffer, index + INCLUDED_LENGTH_OFFSET);
        final int original = readInt(buffer, index + ORIGINAL_LENGTH_OFFSET);
        final long fraction = Integer.toUnsignedLong(readInt(buffer, index + TS_FRACTION_OFFSET));
        if (included < 0 || included > maxRecordLength || fraction >= (nanos ? 1_000_000_000L : 1_000_000L))
        {
            return false;
        }
        if (strict)
        {
            final long seconds = Integer.toUnsignedLong(readInt(buffer, index + TS_SECONDS_OFFSET));
            return original >= included && original <= maxRecordLength &&
                (lastSeconds < 0 || Math.abs(seconds - lastSeconds) <= MAX_CLOCK_JUMP_SECONDS);
        }
        return true;
    }

    /** Finds the next offset where a plausible record is followed by another plausible record (or the file end). */
    private long resync(final long from)
    {
        final long size = file.size();
        final long limit = Math.min(size - RECORD_HEADER_LENGTH, from + MAX_RESYNC_SCAN_BYTES);
        for (long candidate = from; candidate <= limit; candidate++)
        {
            final int index = file.map(candidate, RECORD_HEADER_LENGTH);
            if (!isPlausibleHeader(file.buffer(), index, true))
            {
                continue;
            }
            final long next = candidate + RECORD_HEADER_LENGTH + readInt(file.buffer(), index + INCLUDED_LENGTH_OFFSET);
            if (next == size)
            {
                return candidate;
            }
            if (next + RECORD_HEADER_LENGTH <= size)
            {
                final int nextIndex = file.map(next, RECORD_HEADER_LENGTH);
                if (isPlausibleHeader(file.buffer(), nextIndex, true))
                {
                    return candidate;
                }
            }
        }
        return -1;
    }

    private int readInt(final ByteBuffer buffer, final int index)
    {
        final int value = buffer.getInt(index);
        return swapped ? Integer.reverseBytes(value) : value;
    }

    public void close() throws java.io.IOException
    {
        file.close();
    }
}
