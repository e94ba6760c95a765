package io.kairos.latency.capture;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static io.kairos.latency.capture.PcapngDescriptor.*;

/**
 * Reads a pcapng file: any number of sections (each with its own byte order) and interfaces, each interface with its
 * own link type, timestamp resolution ({@code if_tsresol}) and offset ({@code if_tsoffset}). Enhanced, simple and
 * obsolete packet blocks are delivered; other blocks are skipped. A corrupt block is reported with its offset and
 * the reader scans forward for the next valid block. pcapng cannot say which clock took its stamps ({@code if_tsresol}
 * is a resolution, {@code if_hardware} free text, {@code epb_flags} direction, FCS and errors): they are handed on
 * as the capture host's unless the reader is told they are hardware stamps ({@code --timestamps pcapng}); a simple
 * packet block has no stamp of its own and is always the host's. Allocates only when a section declares a new
 * interface.
 * Owned by the analysis thread.
 */
public final class PcapngReader implements CaptureReader
{
    private static final long MAX_RESYNC_SCAN_BYTES = 64L * 1024 * 1024;
    private static final long[] POWERS_OF_TEN = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L,
        10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L, 10_000_000_000_000L, 100_000_000_000_000L,
        1_000_000_000_000_000L, 10_000_000_000_000_000L, 100_000_000_000_000_000L, 1_000_000_000_000_000_000L};

    private final MappedCaptureFile file;
    private final CaptureProblems problems;
    private final TimeSource stampSource;
    private boolean swapped;
    private int interfaceCount;
    private int[] linkTypes = new int[4];
    private int[] resolutions = new int[4];
    private long[] offsetsSeconds = new long[4];
    private String[] hardware = new String[4];
    private int sections;
    private long packetNumber;
    private long lastTimestampNs;

    PcapngReader(final MappedCaptureFile file, final CaptureProblems problems, final boolean hardwareStamps)
    {
        this.file = file;
        this.problems = problems;
        this.stampSource = hardwareStamps ? TimeSource.PCAPNG : TimeSource.HOST;
    }

    public String formatDescription()
    {
        final StringBuilder text = new StringBuilder("pcapng (").append(sections).append(" section(s), link types ");
        for (int i = 0; i < interfaceCount; i++)
        {
            text.append(i == 0 ? "" : ",").append(linkTypes[i]);
        }
        for (int i = 0; i < interfaceCount; i++)
        {
            if (resolutions[i] != 6 || offsetsSeconds[i] != 0 || hardware[i] != null)
            {
                text.append("; interface ").append(i).append(": if_tsresol ").append(resolutionText(resolutions[i]))
                    .append(offsetsSeconds[i] != 0 ? ", if_tsoffset " + offsetsSeconds[i] + " s" : "")
                    .append(hardware[i] != null ? ", if_hardware \"" + hardware[i] + "\"" : "");
            }
        }
        return text.append(')').toString();
    }

    @Override
    public boolean pcapng()
    {
        return true;
    }

    private static String resolutionText(final int resolution)
    {
        return ((resolution & 0x80) == 0 ? "10^-" : "2^-") + (resolution & 0x7F) + " s";
    }

    public long fileSize()
    {
        return file.size();
    }

    public long readAll(final PacketHandler handler)
    {
        final long size = file.size();
        long position = 0;
        while (position < size)
        {
            final long remaining = size - position;
            if (remaining < MIN_BLOCK_LENGTH)
            {
                problems.problem("truncated file: block at byte offset " + position + " has only " + remaining +
                    " bytes");
                break;
            }
            final int index = file.map(position, MIN_BLOCK_LENGTH);
            final ByteBuffer buffer = file.buffer();
            final int rawType = buffer.getInt(index);
            if (rawType == SECTION_HEADER_BLOCK && !readByteOrder(buffer, index))
            {
                problems.problem("corrupt section header block at byte offset " + position +
                    ": byte-order magic is not 1a2b3c4d");
                position = resyncOrEnd(position);
                continue;
            }
            final int type = readInt(buffer, index);
            final int totalLength = readInt(buffer, index + 4);
            if (totalLength < MIN_BLOCK_LENGTH || (totalLength & 3) != 0 || totalLength > MAX_BLOCK_LENGTH)
            {
                problems.problem("corrupt block at byte offset " + position + " (after packet " + packetNumber +
                    "): type " + type + ", total length " + Integer.toUnsignedString(totalLength));
                position = resyncOrEnd(position);
                continue;
            }
            if (totalLength > remaining)
            {
                problems.problem("truncated file: block of type " + type + " at byte offset " + position +
                    " declares " + totalLength + " bytes, the file ends after " + remaining);
                deliverTruncated(handler, type, position, (int)remaining);
                break;
            }
            final int blockIndex = file.map(position, totalLength);
            final ByteBuffer block = file.buffer();
            if (readInt(block, blockIndex + totalLength - BLOCK_TRAILER_LENGTH) != totalLength)
            {
                problems.problem("corrupt block at byte offset " + position + " (after packet " + packetNumber +
                    "): trailing length does not match " + totalLength);
                position = resyncOrEnd(position);
                continue;
            }
            onBlock(handler, type, block, blockIndex, totalLength, position);
            position += totalLength;
        }
        return packetNumber;
    }

    private long resyncOrEnd(final long position)
    {
        final long next = resync(position + 4);
        if (next < 0)
        {
            problems.problem("no further valid block after byte offset " + position + "; skipped the remaining " +
                (file.size() - position) + " bytes");
            return file.size();
        }
        problems.problem("resumed reading at byte offset " + next + " after skipping " + (next - position) +
            " bytes");
        return next;
    }

    private void onBlock(
        final PacketHandler handler,
        final int type,
        final ByteBuffer block,
        final int index,
        final int totalLength,
        final long position)
    {
        switch (type)
        {
            case SECTION_HEADER_BLOCK -> onSectionHeader();
            case INTERFACE_DESCRIPTION_BLOCK -> onInterface(block, index, totalLength);
            case ENHANCED_PACKET_BLOCK ->
                onPacket(handler, block, index, totalLength, position, readInt(block, index + EPB_INTERFACE_OFFSET));
            case SIMPLE_PACKET_BLOCK -> onSimplePacket(handler, block, index, totalLength, position);
            case OBSOLETE_PACKET_BLOCK ->
                onPacket(handler, block, index, totalLength, position, readShort(block, index + PB_INTERFACE_OFFSET));
            default ->
            {
            }
        }
    }

    private void onSectionHeader()
    {
        sections++;
        interfaceCount = 0;
    }

    private void onInterface(final ByteBuffer block, final int index, final int totalLength)
    {
        if (interfaceCount == linkTypes.length)
        {
            linkTypes = Arrays.copyOf(linkTypes, interfaceCount * 2);
            resolutions = Arrays.copyOf(resolutions, interfaceCount * 2);
            offsetsSeconds = Arrays.copyOf(offsetsSeconds, interfaceCount * 2);
            hardware = Arrays.copyOf(hardware, interfaceCount * 2);
        }
        final int id = interfaceCount++;
        linkTypes[id] = readShort(block, index + IDB_LINK_TYPE_OFFSET);
        resolutions[id] = 6;
        offsetsSeconds[id] = 0;
        hardware[id] = null;
        int option = index + IDB_OPTIONS_OFFSET;
        final int end = index + totalLength - BLOCK_TRAILER_LENGTH;
        while (option + 4 <= end)
        {
            final int code = readShort(block, option);
            final int length = readShort(block, option + 2);
            if (code == OPTION_END || option + 4 + length > end)
            {
                break;
            }
            if (code == OPTION_IF_TSRESOL && length >= 1)
            {
                resolutions[id] = block.get(option + 4) & 0xFF;
            }
            else if (code == OPTION_IF_TSOFFSET && length >= 8)
            {
                offsetsSeconds[id] = swapped ? Long.reverseBytes(block.getLong(option + 4)) : block.getLong(option + 4);
            }
            else if (code == OPTION_IF_HARDWARE)
            {
                final byte[] text = new byte[length];
                block.get(option + 4, text);
                hardware[id] = new String(text, StandardCharsets.UTF_8);
            }
            option += 4 + ((length + 3) & ~3);
        }
    }

    /**
     * An enhanced (type 6) or obsolete (type 2) packet block: one layout but for the width of the interface id,
     * which the caller reads.
     */
    private void onPacket(
        final PacketHandler handler, final ByteBuffer block, final int index, final int totalLength,
        final long position, final int interfaceId)
    {
        deliver(handler, block, index + EPB_DATA_OFFSET, readInt(block, index + EPB_CAPTURED_LENGTH_OFFSET),
            readInt(block, index + EPB_ORIGINAL_LENGTH_OFFSET), interfaceId, timestamp(block, index), true, position,
            totalLength - EPB_DATA_OFFSET - BLOCK_TRAILER_LENGTH);
    }

    /** The 64-bit timestamp, in units of the interface's resolution, of an enhanced or obsolete packet block. */
    private long timestamp(final ByteBuffer block, final int index)
    {
        return (Integer.toUnsignedLong(readInt(block, index + EPB_TS_HIGH_OFFSET)) << 32) |
            Integer.toUnsignedLong(readInt(block, index + EPB_TS_LOW_OFFSET));
    }

    private void onSimplePacket(
        final PacketHandler handler, final ByteBuffer block, final int index, final int totalLength,
        final long position)
    {
        final int original = readInt(block, index + SPB_ORIGINAL_LENGTH_OFFSET);
        final int room = totalLength - SPB_DATA_OFFSET - BLOCK_TRAILER_LENGTH;
        deliver(handler, block, index + SPB_DATA_OFFSET, Math.min(original, room), original, 0, 0, false, position,
            room);
    }

    private void deliver(
        final PacketHandler handler,
        final ByteBuffer block,
        final int dataIndex,
        final int captured,
        final int original,
        final int interfaceId,
        final long ts,
        final boolean hasTimestamp,
        final long position,
        final int room)
    {
        packetNumber++;
        if (interfaceId < 0 || interfaceId >= interfaceCount)
        {
            problems.problem("packet " + packetNumber + " at byte offset " + position + " refers to interface " +
                interfaceId + " but the section declares " + interfaceCount);
            return;
        }
        if (captured < 0 || captured > room)
        {
            problems.problem("corrupt packet block " + packetNumber + " at byte offset " + position +
                ": captured length " + Integer.toUnsignedString(captured) + " exceeds the block");
            return;
        }
        final long timestampNs = hasTimestamp ? toNanos(ts, resolutions[interfaceId], offsetsSeconds[interfaceId]) :
            lastTimestampNs;
        lastTimestampNs = timestampNs;
        handler.onPacket(block, dataIndex, captured, Math.max(original, captured), linkTypes[interfaceId],
            timestampNs, hasTimestamp ? stampSource : TimeSource.HOST, packetNumber, position);
    }

    private void deliverTruncated(final PacketHandler handler, final int type, final long position, final int length)
    {
        if (type != ENHANCED_PACKET_BLOCK || length <= EPB_DATA_OFFSET)
        {
            return;
        }
        final int index = file.map(position, length);
        final ByteBuffer block = file.buffer();
        final int captured = readInt(block, index + EPB_CAPTURED_LENGTH_OFFSET);
        final int present = Math.min(captured, length - EPB_DATA_OFFSET);
        deliver(handler, block, index + EPB_DATA_OFFSET, present, Math.max(captured,
            readInt(block, index + EPB_ORIGINAL_LENGTH_OFFSET)), readInt(block, index + EPB_INTERFACE_OFFSET),
            timestamp(block, index), true, position, present);
    }

    static long toNanos(final long ts, final int resolution, final long offsetSeconds)
    {
        final long offsetNs = offsetSeconds * 1_000_000_000L;
        final int exponent = resolution & 0x7F;
        if ((resolution & 0x80) == 0)
        {
            if (exponent <= 9)
            {
                return ts * POWERS_OF_TEN[9 - exponent] + offsetNs;
            }
            return ts / POWERS_OF_TEN[Math.min(exponent - 9, 18)] + offsetNs;
        }
        final long seconds = exponent >= 64 ? 0 : ts >>> exponent;
        final long fraction = exponent >= 64 ? ts : ts & ((1L << exponent) - 1);
        final long fractionNs = exponent <= 30 ? (fraction * 1_000_000_000L) >>> exponent :
            Math.multiplyHigh(fraction << (63 - exponent), 2_000_000_000L);
        return seconds * 1_000_000_000L + fractionNs + offsetNs;
    }

    private boolean readByteOrder(final ByteBuffer buffer, final int index)
    {
        final int magic = buffer.getInt(index + SHB_BYTE_ORDER_OFFSET);
        if (magic == BYTE_ORDER_MAGIC)
        {
            swapped = false;
            return true;
        }
        if (magic == Integer.reverseBytes(BYTE_ORDER_MAGIC))
        {
            swapped = true;
            return true;
        }
        return false;
    }

    private long resync(final long from)
    {
        final long size = file.size();
        final long limit = Math.min(size - MIN_BLOCK_LENGTH, from + MAX_RESYNC_SCAN_BYTES);
        for (long candidate = (from + 3) & ~3L; candidate <= limit; candidate += 4)
        {
            final int index = file.map(candidate, MIN_BLOCK_LENGTH);
            final int type = readInt(file.buffer(), index);
            final int totalLength = readInt(file.buffer(), index + 4);
            final boolean knownType = type == SECTION_HEADER_BLOCK ||
                (type >= INTERFACE_DESCRIPTION_BLOCK && type <= ENHANCED_PACKET_BLOCK);
            if (!knownType || totalLength < MIN_BLOCK_LENGTH || (totalLength & 3) != 0 ||
                totalLength > MAX_BLOCK_LENGTH || candidate + totalLength > size)
            {
                continue;
            }
            final int blockIndex = file.map(candidate, totalLength);
            if (readInt(file.buffer(), blockIndex + totalLength - BLOCK_TRAILER_LENGTH) == totalLength)
            {
                return candidate;
            }
        }
        return -1;
    }

    private int readInt(final ByteBuffer buffer, final int index)
    {
        final int value = buffer.getInt(index);
        return swapped ? Integer.reverseBytes(value) : value;
    }

    private int readShort(final ByteBuffer buffer, final int index)
    {
        final short value = buffer.getShort(index);
        return (swapped ? Short.reverseBytes(value) : value) & 0xFFFF;
    }

    public void close() throws java.io.IOException
    {
        file.close();
    }
}
