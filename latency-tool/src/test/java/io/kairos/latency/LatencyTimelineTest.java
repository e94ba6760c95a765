package io.kairos.latency;

import org.junit.jupiter.api.Test;

import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.LatencyTimeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Latency over time keeps every interval's extremes, whatever the capture length; signed metrics keep negatives. */
class LatencyTimelineTest
{
    private static final long T = 1_767_225_600_000_000_000L;
    private static final long MS = 1_000_000;

    @Test
    void shouldKeepTheMaximumOfEveryIntervalWhenIntervalsWiden()
    {
        final LatencyTimeline timeline = new LatencyTimeline(false);
        timeline.origin(T);
        for (int i = 0; i < 1_000_000; i++)
        {
            timeline.add(T + i * 10_000L, 40_000 + i % 1000);
        }
        timeline.add(T + 5_000 * MS, 67_000);

        assertTrue(timeline.intervals() <= LatencyTimeline.MAX_INTERVALS, "bounded: " + timeline.intervals());
        assertEquals(64 * MS, timeline.intervalNs(), "1 ms doubled until 10 s fit in 256 intervals");
        final int spike = (int)(5_000 * MS / timeline.intervalNs());
        assertEquals(67_000, timeline.max(spike), "a single spike is never sampled away");
        long total = 0;
        for (int i = 0; i < timeline.intervals(); i++)
        {
            total += timeline.count(i);
        }
        assertEquals(1_000_001, total);
        assertEquals(40_000, timeline.min(0));
        final long median = timeline.percentile(0, 50);
        assertTrue(Math.abs(median - 40_500) <= 40_500 * 0.04, "median within the bin width: " + median);
    }

    @Test
    void shouldOrderNegativeAndPositiveValuesInASignedTimeline()
    {
        final LatencyTimeline timeline = new LatencyTimeline(true);
        timeline.origin(T);
        for (int v = -100; v < 100; v++)
        {
            timeline.add(T, v * 1_000L);
        }

        assertEquals(-100_000, timeline.min(0));
        assertEquals(99_000, timeline.max(0));
        assertTrue(Math.abs(timeline.percentile(0, 25) + 50_000) <= 2_000, "p25 " + timeline.percentile(0, 25));
        assertTrue(Math.abs(timeline.percentile(0, 99) - 98_000) <= 4_000, "p99 " + timeline.percentile(0, 99));
    }

    @Test
    void shouldGiveSignedPercentilesFromTheHistogramsBeyondTheExactValues()
    {
        final LatencyMetric metric = new LatencyMetric("s", "signed", true, false);
        for (int v = -10_000; v < 10_000; v++)
        {
            metric.record(T, v * 1_000L);
        }

        assertEquals(20_000, metric.count());
        assertEquals(10_000, metric.negatives());
        assertTrue(metric.count() > LatencyMetric.EXACT_VALUES);
        assertEquals(-10_000_000, metric.min());
        assertEquals(-500, metric.mean(), 1e-9);
        assertEquals(-5_000_000, metric.percentile(25), 5_000_000 * 0.001);
        assertEquals(-1_000, metric.percentile(50), 1_000 * 0.001 + 10);
        assertEquals(9_800_000, metric.percentile(99), 9_800_000 * 0.001);
    }
}
