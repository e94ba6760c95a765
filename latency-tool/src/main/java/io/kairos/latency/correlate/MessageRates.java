package io.kairos.latency.correlate;

import java.util.Arrays;

/**
 * Message rate over time: the count per 100 ms bucket of capture time and, inside each bucket, the busiest aligned
 * 10 ms and 1 ms window (microbursts); per-second figures are derived from the buckets. The first
 * {@link #FINE_MS} ms also keep a count per millisecond, so a short capture can be drawn with buckets finer than
 * 100 ms. Memory grows by 12 bytes per 100 ms of capture (about 10 MB a day) plus 240 KB up front, not per message.
 * A message whose time goes backwards is counted in the window it lands in. Owned by the analysis thread.
 */
public final class MessageRates
{
    public static final long[] WINDOWS_NS = {1_000_000_000L, 100_000_000L, 10_000_000L, 1_000_000L};
    public static final long BUCKET_NS = 100_000_000L;
    private static final int BUCKETS_PER_SECOND = 10;
    /** Milliseconds from the first message's whole second that keep a per-millisecond count. */
    public static final int FINE_MS = 60_000;
    private static final long MS = 1_000_000L;

    private final String name;
    private long startBucket = Long.MIN_VALUE;
    private int buckets;
    private int[] counts = new int[1024];
    private int[] peaks10Ms = new int[1024];
    private int[] peaks1Ms = new int[1024];
    private long current10Ms = Long.MIN_VALUE;
    private int count10Ms;
    private long current1Ms = Long.MIN_VALUE;
    private int count1Ms;
    private long total;
    private final int[] perMs = new int[FINE_MS];
    private long firstNs = Long.MAX_VALUE;
    private long lastNs = Long.MIN_VALUE;

    public MessageRates(final String name)
    {
        this.name = name;
    }

    public void onMessage(final long timeNs)
    {
        total++;
        final long bucket = Math.floorDiv(timeNs, BUCKET_NS);
        if (startBucket == Long.MIN_VALUE)
        {
            startBucket = bucket - Math.floorMod(bucket, BUCKETS_PER_SECOND);
        }
        final int index = (int)Math.max(0, bucket - startBucket);
        if (index >= counts.length)
        {
            grow(index + 1);
        }
        buckets = Math.max(buckets, index + 1);
        counts[index]++;
        firstNs = Math.min(firstNs, timeNs);
        lastNs = Math.max(lastNs, timeNs);
        final long ms = Math.floorDiv(timeNs, MS) - startBucket * (BUCKET_NS / MS);
        if (ms >= 0 && ms < FINE_MS)
        {
            perMs[(int)ms]++;
        }
        final long window10Ms = Math.floorDiv(timeNs, WINDOWS_NS[2]);
        if (window10Ms != current10Ms)
        {
            current10Ms = window10Ms;
            count10Ms = 0;
        }
        peaks10Ms[index] = Math.max(peaks10Ms[index], ++count10Ms);
        final long window1Ms = Math.floorDiv(timeNs, WINDOWS_NS[3]);
        if (window1Ms != current1Ms)
        {
            current1Ms = window1Ms;
            count1Ms = 0;
        }
        peaks1Ms[index] = Math.max(peaks1Ms[index], ++count1Ms);
    }

    private void grow(final int required)
    {
        final int capacity = Math.max(required, counts.length * 2);
        counts = Arrays.copyOf(counts, capacity);
        peaks10Ms = Arrays.copyOf(peaks10Ms, capacity);
        peaks1Ms = Arrays.copyOf(peaks1Ms, capacity);
    }

    public String name()
    {
        return name;
    }

    public long total()
    {
        return total;
    }

    /** Start of bucket 0: the whole second of the first message, epoch ns. */
    public long startNs()
    {
        return startBucket * BUCKET_NS;
    }

    /** Capture time of the earliest message. */
    public long firstNs()
    {
        return firstNs;
    }

    /** Capture time of the latest message. */
    public long lastNs()
    {
        return lastNs;
    }

    /**
     * Messages in {@code [startNs() + fromNs, startNs() + fromNs + widthNs)}: from the 100 ms buckets when both ends
     * fall on them, else from the per-millisecond counts (both ends whole milliseconds inside the first
     * {@link #FINE_MS} ms).
     */
    public long count(final long fromNs, final long widthNs)
    {
        long count = 0;
        if (fromNs % BUCKET_NS == 0 && widthNs % BUCKET_NS == 0)
        {
            final long first = fromNs / BUCKET_NS;
            for (long b = Math.max(0, first); b < Math.min(buckets, first + widthNs / BUCKET_NS); b++)
            {
                count += counts[(int)b];
            }
            return count;
        }
        if (fromNs % MS != 0 || widthNs % MS != 0 || fromNs + widthNs > FINE_MS * MS)
        {
            throw new IllegalArgumentException("no per-millisecond counts for " + fromNs + " + " + widthNs + " ns");
        }
        for (long ms = Math.max(0, fromNs / MS); ms < (fromNs + widthNs) / MS; ms++)
        {
            count += perMs[(int)ms];
        }
        return count;
    }

    /** Number of 100 ms buckets from the first message's (whole) second to the last message. */
    public int buckets()
    {
        return buckets;
    }

    /** Number of whole seconds covered. */
    public int seconds()
    {
        return (buckets + BUCKETS_PER_SECOND - 1) / BUCKETS_PER_SECOND;
    }

    /**
     * Busiest window of size {@code WINDOWS_NS[window]} inside 100 ms bucket {@code bucket}; for the 1 s window, the
     * count of the second that holds the bucket.
     */
    public long peakInBucket(final int window, final int bucket)
    {
        return switch (window)
        {
            case 0 -> countOfSecond(bucket / BUCKETS_PER_SECOND);
            case 1 -> counts[bucket];
            case 2 -> peaks10Ms[bucket];
            default -> peaks1Ms[bucket];
        };
    }

    /** Busiest window of size {@code WINDOWS_NS[window]} inside second {@code second}. */
    public long peakInSecond(final int window, final int second)
    {
        if (window == 0)
        {
            return countOfSecond(second);
        }
        long max = 0;
        for (int b = second * BUCKETS_PER_SECOND; b < Math.min(buckets, (second + 1) * BUCKETS_PER_SECOND); b++)
        {
            max = Math.max(max, peakInBucket(window, b));
        }
        return max;
    }

    private long countOfSecond(final int second)
    {
        long count = 0;
        for (int b = second * BUCKETS_PER_SECOND; b < Math.min(buckets, (second + 1) * BUCKETS_PER_SECOND); b++)
        {
            count += counts[b];
        }
        return count;
    }

    /** Busiest (aligned) window of size {@code WINDOWS_NS[window]} over the whole capture, in messages. */
    public long peak(final int window)
    {
        long max = 0;
        for (int s = 0; s < seconds(); s++)
        {
            max = Math.max(max, peakInSecond(window, s));
        }
        return max;
    }

    /** {@link #peak(int)} scaled to messages per second. */
    public long peakPerSecond(final int window)
    {
        return peak(window) * (WINDOWS_NS[0] / WINDOWS_NS[window]);
    }
}
