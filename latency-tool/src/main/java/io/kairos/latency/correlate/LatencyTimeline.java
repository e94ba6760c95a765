package io.kairos.latency.correlate;

import java.util.Arrays;

/**
 * Latency over time without sampling: the capture time axis is cut into at most {@link #MAX_INTERVALS} intervals, and
 * each interval keeps its exact minimum and maximum plus a coarse log-linear histogram (32 bins per power of two,
 * about 3 % wide) for its median and 99th percentile. Intervals start 1 ms wide and double (merging neighbours) when
 * a value lands beyond the last one, so every value counts in some interval whatever the capture length and the
 * largest value of each interval is always drawn. A signed timeline also takes negative values. 1.3 MB (2.5 MB
 * signed), allocated up front; recording allocates nothing. Owned by the analysis thread.
 */
public final class LatencyTimeline
{
    public static final int MAX_INTERVALS = 256;
    private static final long FIRST_INTERVAL_NS = 1_000_000L;
    private static final int SUB_BITS = 5;
    private static final int SUB_COUNT = 1 << SUB_BITS;
    /** Larger magnitudes (over 73 minutes in ns) share the last bin. */
    private static final long MAX_MAGNITUDE = (1L << 42) - 1;
    /** Magnitudes below 2 * SUB_COUNT get a bin each; above, SUB_COUNT bins per power of two. */
    private static final int MAGNITUDE_BINS = magnitudeBin(MAX_MAGNITUDE) + 1;

    private final boolean signed;
    private final int binCount;
    private final int[] bins;
    private final long[] counts = new long[MAX_INTERVALS];
    private final long[] mins = new long[MAX_INTERVALS];
    private final long[] maxes = new long[MAX_INTERVALS];
    private long originNs = Long.MIN_VALUE;
    private long intervalNs = FIRST_INTERVAL_NS;
    private int intervals;

    /** @param signed  whether negative values are kept (else they must not be added). */
    public LatencyTimeline(final boolean signed)
    {
        this.signed = signed;
        this.binCount = signed ? 2 * MAGNITUDE_BINS : MAGNITUDE_BINS;
        this.bins = new int[MAX_INTERVALS * binCount];
        Arrays.fill(mins, Long.MAX_VALUE);
        Arrays.fill(maxes, Long.MIN_VALUE);
    }

    /** Sets the time of the first interval's start (the first message of the capture); values before it count in it. */
    public void origin(final long originNs)
    {
        if (this.originNs == Long.MIN_VALUE)
        {
            this.originNs = originNs;
        }
    }

    public void add(final long timeNs, final long value)
    {
        if (originNs == Long.MIN_VALUE)
        {
            originNs = timeNs;
        }
        long index = Math.max(0, (timeNs - originNs) / intervalNs);
        while (index >= MAX_INTERVALS)
        {
            halve();
            index = Math.max(0, (timeNs - originNs) / intervalNs);
        }
        final int interval = (int)index;
        intervals = Math.max(intervals, interval + 1);
        counts[interval]++;
        mins[interval] = Math.min(mins[interval], value);
        maxes[interval] = Math.max(maxes[interval], value);
        bins[interval * binCount + bin(value)]++;
    }

    /** Doubles the interval width: interval i becomes the merge of 2i and 2i + 1. */
    private void halve()
    {
        for (int i = 0; i < MAX_INTERVALS / 2; i++)
        {
            final int a = 2 * i;
            final int b = a + 1;
            counts[i] = counts[a] + counts[b];
            mins[i] = Math.min(mins[a], mins[b]);
            maxes[i] = Math.max(maxes[a], maxes[b]);
            for (int k = 0; k < binCount; k++)
            {
                bins[i * binCount + k] = bins[a * binCount + k] + bins[b * binCount + k];
            }
        }
        Arrays.fill(counts, MAX_INTERVALS / 2, MAX_INTERVALS, 0);
        Arrays.fill(mins, MAX_INTERVALS / 2, MAX_INTERVALS, Long.MAX_VALUE);
        Arrays.fill(maxes, MAX_INTERVALS / 2, MAX_INTERVALS, Long.MIN_VALUE);
        Arrays.fill(bins, (MAX_INTERVALS / 2) * binCount, bins.length, 0);
        intervals = (intervals + 1) / 2;
        intervalNs *= 2;
    }

    static int magnitudeBin(final long value)
    {
        final long magnitude = Math.min(value, MAX_MAGNITUDE);
        if (magnitude < 2 * SUB_COUNT)
        {
            return (int)magnitude;
        }
        final int exponent = 63 - Long.numberOfLeadingZeros(magnitude);
        final int shift = exponent - SUB_BITS;
        return 2 * SUB_COUNT + (exponent - SUB_BITS - 1) * SUB_COUNT + (int)((magnitude >>> shift) - SUB_COUNT);
    }

    /** Smallest magnitude that falls in {@code bin}. */
    static long magnitudeOf(final int bin)
    {
        if (bin < 2 * SUB_COUNT)
        {
            return bin;
        }
        final int exponent = (bin - 2 * SUB_COUNT) / SUB_COUNT + SUB_BITS + 1;
        final long sub = (bin - 2 * SUB_COUNT) % SUB_COUNT + SUB_COUNT;
        return sub << (exponent - SUB_BITS);
    }

    /** Signed: negative magnitudes mirrored below the non-negative bins, so bin order is value order. */
    private int bin(final long value)
    {
        if (!signed)
        {
            return magnitudeBin(Math.max(0, value));
        }
        return value < 0 ? MAGNITUDE_BINS - 1 - magnitudeBin(value == Long.MIN_VALUE ? Long.MAX_VALUE : -value) :
            MAGNITUDE_BINS + magnitudeBin(value);
    }

    /** The middle of a bin: half its width (at most 1.6 % of the value) from any value in it. */
    private long valueOf(final int bin)
    {
        if (!signed)
        {
            return middleOf(bin);
        }
        return bin < MAGNITUDE_BINS ? -middleOf(MAGNITUDE_BINS - 1 - bin) : middleOf(bin - MAGNITUDE_BINS);
    }

    private static long middleOf(final int magnitudeBin)
    {
        final long low = magnitudeOf(magnitudeBin);
        return magnitudeBin + 1 < MAGNITUDE_BINS ? (low + magnitudeOf(magnitudeBin + 1) - 1) / 2 : low;
    }

    public long originNs()
    {
        return originNs;
    }

    public long intervalNs()
    {
        return intervalNs;
    }

    /** Number of intervals from the origin to the last one holding a value. */
    public int intervals()
    {
        return intervals;
    }

    public long count(final int interval)
    {
        return counts[interval];
    }

    /** Exact minimum of the interval (meaningless when its count is 0). */
    public long min(final int interval)
    {
        return mins[interval];
    }

    /** Exact maximum of the interval (meaningless when its count is 0). */
    public long max(final int interval)
    {
        return maxes[interval];
    }

    /**
     * Nearest-rank percentile of the interval, within 1.6 %: the middle of the bin holding that rank, clamped to the
     * interval's exact min and max.
     */
    public long percentile(final int interval, final double percentile)
    {
        final long count = counts[interval];
        if (count == 0)
        {
            return 0;
        }
        final long rank = Math.max(1, (long)Math.ceil(percentile / 100.0 * count));
        long seen = 0;
        final int base = interval * binCount;
        for (int k = 0; k < binCount; k++)
        {
            seen += bins[base + k];
            if (seen >= rank)
            {
                return Math.max(mins[interval], Math.min(maxes[interval], valueOf(k)));
            }
        }
        return maxes[interval];
    }
}
