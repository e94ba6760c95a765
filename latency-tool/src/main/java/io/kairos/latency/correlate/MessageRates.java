package io.kairos.latency.correlate;

import java.util.Arrays;

/**
 * Message rate over time: the count per 100 ms bucket of capture time and, inside each bucket, the busiest aligned
 * 10 ms and 1 ms window (microbursts); per-second figures are derived from the buckets. Memory grows by 12 bytes
 * per 100 ms of capture (about 10 MB a day), not per message. A message whose time goes backwards is counted in the
 * window it lands in. Owned by the analysis thread.
 */
public final class MessageRates
{
    public static final long[] WINDOWS_NS = {1_000_000_000L, 100_000_000L, 10_000_000L, 1_000_000L};
    public static final long BUCKET_NS = 100_000_000L;
    private static final int BUCKETS_PER_SECOND = 10;

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
