package io.kairos.latency.correlate;

/**
 * A bounded sample of (event time, latency) points for "latency over time" charts: keeps every point until full, then
 * halves itself (keeping every other point) and from then on keeps every 2nd, 4th, … point, so memory stays fixed
 * whatever the capture size. Allocates nothing after construction. Owned by the analysis thread.
 */
public final class LatencySeries
{
    private final long[] times;
    private final long[] values;
    private int size;
    private long stride = 1;
    private long seen;

    public LatencySeries(final int capacity)
    {
        times = new long[capacity];
        values = new long[capacity];
    }

    public void add(final long timeNs, final long value)
    {
        if (seen++ % stride != 0)
        {
            return;
        }
        if (size == times.length)
        {
            for (int i = 0; i < size / 2; i++)
            {
                times[i] = times[i * 2];
                values[i] = values[i * 2];
            }
            size /= 2;
            stride *= 2;
            if ((seen - 1) % stride != 0)
            {
                return;
            }
        }
        times[size] = timeNs;
        values[size] = value;
        size++;
    }

    public int size()
    {
        return size;
    }

    public long time(final int index)
    {
        return times[index];
    }

    public long value(final int index)
    {
        return values[index];
    }
}
