package io.kairos.latency.correlate;

import java.util.Arrays;

/**
 * Message rate over time: the count per second of capture time and, inside each second, the busiest aligned
 * 100 ms, 10 ms and 1 ms window (microbursts). Memory grows by one entry per second of capture, not per message.
 * Messages whose time goes backwards are counted in the window they land in. Owned by the analysis thread.
 */
public final class MessageRates
{
    public static final long[] WINDOWS_NS = {1_000_000_000L, 100_000_000L, 10_000_000L, 1_000_000L};

    private final String name;
    private long startSecond = Long.MIN_VALUE;
    private int seconds;
    private long[][] peaks = new long[WINDOWS_NS.length][64];
    private final long[] currentWindow = new long[WINDOWS_NS.length];
    private final long[] currentCount = new long[WINDOWS_NS.length];
    private long total;

    public MessageRates(final String name)
    {
        this.name = name;
        Arrays.fill(currentWindow, Long.MIN_VALUE);
    }

    public void onMessage(final long timeNs)
    {
        total++;
        final long second = Math.floorDiv(timeNs, WINDOWS_NS[0]);
        if (startSecond == Long.MIN_VALUE)
        {
            startSecond = second;
        }
        final int index = (int)Math.max(0, second - startSecond);
        if (index >= peaks[0].length)
        {
            grow(index + 1);
        }
        seconds = Math.max(seconds, index + 1);
        for (int w = 0; w < WINDOWS_NS.length; w++)
        {
            final long window = Math.floorDiv(timeNs, WINDOWS_NS[w]);
            if (window != currentWindow[w])
            {
                currentWindow[w] = window;
                currentCount[w] = 0;
            }
            final long count = ++currentCount[w];
            if (count > peaks[w][index])
            {
                peaks[w][index] = count;
            }
        }
    }

    private void grow(final int required)
    {
        final int capacity = Math.max(required, peaks[0].length * 2);
        for (int w = 0; w < WINDOWS_NS.length; w++)
        {
            peaks[w] = Arrays.copyOf(peaks[w], capacity);
        }
    }

    public String name()
    {
        return name;
    }

    public long total()
    {
        return total;
    }

    public long startSecond()
    {
        return startSecond;
    }

    public int seconds()
    {
        return seconds;
    }

    /** Busiest window of size {@code WINDOWS_NS[window]} inside second {@code second} (messages). */
    public long peak(final int window, final int second)
    {
        return peaks[window][second];
    }

    /** Busiest window of size {@code WINDOWS_NS[window]} over the whole capture, in messages. */
    public long peak(final int window)
    {
        long max = 0;
        for (int s = 0; s < seconds; s++)
        {
            max = Math.max(max, peaks[window][s]);
        }
        return max;
    }

    /** {@link #peak(int)} scaled to messages per second. */
    public long peakPerSecond(final int window)
    {
        return peak(window) * (WINDOWS_NS[0] / WINDOWS_NS[window]);
    }
}
