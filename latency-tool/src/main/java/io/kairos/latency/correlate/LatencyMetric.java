package io.kairos.latency.correlate;

import org.HdrHistogram.Histogram;

/**
 * One latency measure: an HdrHistogram in nanoseconds (3 significant digits, up to one hour) plus the exact count,
 * minimum and maximum, the number of negative values that could not be recorded (clocks of capture host and server
 * disagree), the first {@link #EXACT_VALUES} values, and a bounded {@link LatencySeries} for charts (about 0.6 MB per
 * metric, all allocated up front). Recording allocates nothing. Owned by the analysis thread.
 */
public final class LatencyMetric
{
    public static final long HIGHEST_TRACKABLE_NS = 3_600_000_000_000L;
    private static final int SERIES_POINTS = 10_000;
    /** Up to this many values are also kept exactly, so small captures get exact percentiles. */
    public static final int EXACT_VALUES = 16_384;

    private final String name;
    private final String description;
    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NS, 3);
    private final LatencySeries series = new LatencySeries(SERIES_POINTS);
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long negatives;
    private final long[] exact = new long[EXACT_VALUES];

    public LatencyMetric(final String name, final String description)
    {
        this.name = name;
        this.description = description;
    }

    /**
     * @param eventTimeNs  capture time of the request (x axis of the over-time chart).
     * @param latencyNs    the measured latency.
     */
    public void record(final long eventTimeNs, final long latencyNs)
    {
        if (latencyNs < 0)
        {
            negatives++;
            return;
        }
        histogram.recordValue(Math.min(latencyNs, HIGHEST_TRACKABLE_NS));
        count++;
        min = Math.min(min, latencyNs);
        max = Math.max(max, latencyNs);
        series.add(eventTimeNs, latencyNs);
        if (count <= EXACT_VALUES)
        {
            exact[(int)count - 1] = latencyNs;
        }
    }

    public String name()
    {
        return name;
    }

    public String description()
    {
        return description;
    }

    public long count()
    {
        return count;
    }

    /** Exact minimum in ns, or 0 when empty. */
    public long min()
    {
        return count == 0 ? 0 : min;
    }

    /** Exact maximum in ns, or 0 when empty. */
    public long max()
    {
        return count == 0 ? 0 : max;
    }

    public long negatives()
    {
        return negatives;
    }

    /**
     * Percentile in ns: exact (nearest rank: the smallest recorded value with at least {@code percentile}% of the
     * values at or below it) while at most {@link #EXACT_VALUES} were recorded, otherwise from the histogram (within
     * 0.1%) clamped to the exact min and max. Allocates when exact.
     */
    public long percentile(final double percentile)
    {
        if (count == 0)
        {
            return 0;
        }
        if (count <= EXACT_VALUES)
        {
            final long[] sorted = java.util.Arrays.copyOf(exact, (int)count);
            java.util.Arrays.sort(sorted);
            final int rank = (int)Math.ceil(percentile / 100.0 * count);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
        }
        return Math.max(min(), Math.min(max(), histogram.getValueAtPercentile(percentile)));
    }

    /** True when {@link #percentile} is exact rather than from the histogram. */
    public boolean exactPercentiles()
    {
        return count <= EXACT_VALUES;
    }

    public Histogram histogram()
    {
        return histogram;
    }

    public LatencySeries series()
    {
        return series;
    }
}
