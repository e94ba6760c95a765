package io.kairos.bench.fix;

import static io.kairos.bench.fix.FixFrameDescriptor.EQUALS;
import static io.kairos.bench.fix.FixFrameDescriptor.SOH;

/**
 * The tag, value start and value end of every field of one frame, in preallocated arrays (fields beyond the
 * capacity are ignored). Reused for each frame; owned by one connection thread; allocation-free.
 */
public final class FixFieldIndex
{
    private final int[] tags;
    private final int[] starts;
    private final int[] ends;
    private byte[] buffer;
    private int count;
    private boolean truncated;

    public FixFieldIndex(final int capacity)
    {
        tags = new int[capacity];
        starts = new int[capacity];
        ends = new int[capacity];
    }

    /** Indexes the frame {@code buffer[offset, offset + length)}; returns false when a field is not tag=value. */
    public boolean index(final byte[] buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        count = 0;
        truncated = false;
        int position = offset;
        final int end = offset + length;
        while (position < end)
        {
            int tag = 0;
            int digits = 0;
            byte b;
            while (position < end && (b = buffer[position]) != EQUALS)
            {
                if (b < '0' || b > '9' || ++digits > 9)
                {
                    return false;
                }
                tag = tag * 10 + (b - '0');
                position++;
            }
            if (position >= end || digits == 0)
            {
                return false;
            }
            final int valueStart = ++position;
            while (position < end && buffer[position] != SOH)
            {
                position++;
            }
            if (position >= end)
            {
                return false;
            }
            if (count < tags.length)
            {
                tags[count] = tag;
                starts[count] = valueStart;
                ends[count] = position;
                count++;
            }
            else
            {
                truncated = true;
            }
            position++;
        }
        return true;
    }

    public byte[] buffer()
    {
        return buffer;
    }

    /** Fields indexed in the last frame (at most the capacity). */
    public int count()
    {
        return count;
    }

    /** Whether the last frame had more fields than the capacity (those beyond it were not indexed). */
    public boolean truncated()
    {
        return truncated;
    }

    /** Tag of the {@code field}-th field, in frame order. */
    public int tag(final int field)
    {
        return tags[field];
    }

    /**
     * The value of {@code field} as a non-negative decimal number, or -1 when it is empty, has a non-digit or more
     * than 18 digits. Allocation-free.
     */
    public long longValue(final int field)
    {
        final int start = starts[field];
        final int end = ends[field];
        if (end == start || end - start > 18)
        {
            return -1;
        }
        long value = 0;
        for (int i = start; i < end; i++)
        {
            final byte b = buffer[i];
            if (b < '0' || b > '9')
            {
                return -1;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }

    /** Position of the first field with {@code tag}, or -1. */
    public int find(final int tag)
    {
        for (int i = 0; i < count; i++)
        {
            if (tags[i] == tag)
            {
                return i;
            }
        }
        return -1;
    }

    public int start(final int field)
    {
        return starts[field];
    }

    public int end(final int field)
    {
        return ends[field];
    }

    public int length(final int field)
    {
        return ends[field] - starts[field];
    }

    /** First byte of the value of {@code tag}, or 0 when absent. */
    public byte firstByte(final int tag)
    {
        final int field = find(tag);
        return field < 0 || length(field) == 0 ? 0 : buffer[starts[field]];
    }
}
