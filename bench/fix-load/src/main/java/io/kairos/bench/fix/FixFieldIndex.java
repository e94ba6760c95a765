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
            position++;
        }
        return true;
    }

    public byte[] buffer()
    {
        return buffer;
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
