package io.kairos.latency.correlate;

import org.HdrHistogram.Histogram;

import io.kairos.latency.fix.FixFields;

/**
 * One latency measure: an HdrHistogram in nanoseconds (3 significant digits, up to one hour) plus the exact count,
 * minimum, maximum and sum, the first {@link #EXACT_VALUES} values, and, for the metrics drawn over time, a
 * {@link LatencyTimeline}. An unsigned metric counts negative values (clocks of capture host and server disagree)
 * without recording them; a signed metric (a difference of two wire times, such as tick minus ack) records them in a
 * second histogram of magnitudes. Everything is allocated up front; recording allocates nothing. Owned by the
 * analysis thread.
 */
public final class LatencyMetric
{
    public static final long HIGHEST_TRACKABLE_NS = 3_600_000_000_000L;
    /** Up to this many values are also kept exactly, so small captures get exact percentiles. */
    public static final int EXACT_VALUES = 16_384;

    private final String name;
    private final String description;
    private final boolean signed;
    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NS, 3);
    private final Histogram negativeMagnitudes;
    private final LatencyTimeline timeline;
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long sum;
    private long negatives;
    private long unstamped;
    private final long[] exact = new long[EXACT_VALUES];

    /** An unsigned metric without a timeline. */
    public LatencyMetric(final String name, final String description)
    {
        this(name, description, false, false);
    }

    /**
     * @param signed    negative values are values (else they are counted and skipped).
     * @param timeline  whether to keep a {@link LatencyTimeline} (1.3 MB, 2.5 MB signed).
     */
    public LatencyMetric(final String name, final String description, final boolean signed, final boolean timeline)
    {
        this.name = name;
        this.description = description;
        this.signed = signed;
        this.negativeMagnitudes = signed ? new Histogram(HIGHEST_TRACKABLE_NS, 3) : null;
        this.timeline = timeline ? new LatencyTimeline(signed) : null;
    }

    /**
     * Records {@code toNs - fromNs} when both stamps were present in the message (neither is
     * {@link FixFields#ABSENT}): one hop between two of the Kairos latency stamps. A stamp of 0 (or less) is a time
     * the server did not take, not 1970: the hop is counted ({@link #skippedUnstamped()}) instead of recorded, where
     * it would have been some 56 years long.
     */
    public void recordBetween(final long eventTimeNs, final long fromNs, final long toNs)
    {
        if (fromNs == FixFields.ABSENT || toNs == FixFields.ABSENT)
        {
            return;
        }
        if (fromNs <= 0 || toNs <= 0)
        {
            unstamped++;
            return;
        }
        record(eventTimeNs, toNs - fromNs);
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
            if (!signed)
            {
                return;
            }
            negativeMagnitudes.recordValue(Math.min(-Math.max(latencyNs, -HIGHEST_TRACKABLE_NS), HIGHEST_TRACKABLE_NS));
        }
        else
        {
            histogram.recordValue(Math.min(latencyNs, HIGHEST_TRACKABLE_NS));
        }
        count++;
        sum += latencyNs;
        min = Math.min(min, latencyNs);
        max = Math.max(max, latencyNs);
        if (timeline != null)
        {
            timeline.add(eventTimeNs, latencyNs);
        }
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

    /** Whether negative values are recorded as values. */
    public boolean signed()
    {
        return signed;
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

    /** Exact mean in ns, or 0 when empty. */
    public double mean()
    {
        return count == 0 ? 0 : (double)sum / count;
    }

    /** Negative values seen: skipped for an unsigned metric, recorded (and part of {@link #count}) for a signed one. */
    public long negatives()
    {
        return negatives;
    }

    /** Negative values that were skipped, not recorded (0 for a signed metric). */
    public long skippedNegatives()
    {
        return signed ? 0 : negatives;
    }

    /** Hops left out because one of their two stamps was 0 or less ({@link #recordBetween}). */
    public long skippedUnstamped()
    {
        return unstamped;
    }

    /** Whether anything was measured or left out: a metric worth a row in a table. */
    public boolean hasValuesOrSkips()
    {
        return count > 0 || skippedNegatives() > 0 || unstamped > 0;
    }

    /**
     * Percentile in ns: exact (nearest rank: the smallest recorded value with at least {@code percentile}% of the
     * values at or below it) while at most {@link #EXACT_VALUES} were recorded, otherwise from the histograms (within
     * 0.1%) clamped to the exact min and max. Allocates when exact.
     */
    public long percentile(final double percentile)
    {
        if (count == 0)
        {
            return 0;
        }
        final long rank = Math.max(1, Math.min(count, (long)Math.ceil(percentile / 100.0 * count)));
        if (count <= EXACT_VALUES)
        {
            final long[] sorted = java.util.Arrays.copyOf(exact, (int)count);
            java.util.Arrays.sort(sorted);
            return sorted[(int)rank - 1];
        }
        final long value;
        if (!signed)
        {
            value = histogram.getValueAtPercentile(percentile);
        }
        else if (rank <= negatives)
        {
            value = -negativeMagnitudes.getValueAtPercentile(100.0 * (negatives - rank + 1) / negatives);
        }
        else
        {
            value = histogram.getValueAtPercentile(100.0 * (rank - negatives) / (count - negatives));
        }
        return Math.max(min(), Math.min(max(), value));
    }

    /** {@link #percentile} for each of {@code percentiles}, sorting the exact values once. Allocates. */
    public long[] percentiles(final double[] percentiles)
    {
        final long[] values = new long[percentiles.length];
        if (count == 0)
        {
            return values;
        }
        if (count > EXACT_VALUES)
        {
            for (int i = 0; i < percentiles.length; i++)
            {
                values[i] = percentile(percentiles[i]);
            }
            return values;
        }
        final long[] sorted = java.util.Arrays.copyOf(exact, (int)count);
        java.util.Arrays.sort(sorted);
        for (int i = 0; i < percentiles.length; i++)
        {
            final long rank = Math.max(1, Math.min(count, (long)Math.ceil(percentiles[i] / 100.0 * count)));
            values[i] = sorted[(int)rank - 1];
        }
        return values;
    }

    /** True when {@link #percentile} is exact rather than from the histogram. */
    public boolean exactPercentiles()
    {
        return count <= EXACT_VALUES;
    }

    /** The non-negative values (for a signed metric, only those). */
    public Histogram histogram()
    {
        return histogram;
    }

    /** The timeline, or null when this metric is not drawn over time. */
    public LatencyTimeline timeline()
    {
        return timeline;
    }
}
