package io.kairos.latency.report;

import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.LatencyTimeline;

/**
 * Latency over time from a {@link LatencyTimeline}: per interval a light band from min to max, a darker band from
 * p50 to p99, and lines through the medians and the maxima. Nothing is sampled away: every value is inside its
 * interval's band and each interval's exact maximum is drawn. The latency axis is logarithmic (signed-log for a
 * signed metric), so a p50 of 1 ms stays readable beside a 300 ms spike instead of lying flat on the axis.
 * Stateless.
 */
final class TimelineChart
{
    private static final String BAND = "#1f77b4";
    private static final String MEDIAN = "#0b3d66";
    private static final String MAXIMUM = "#d62728";
    private static final String MAXIMUM_DASH = "5 3";

    private TimelineChart()
    {
    }

    /** Lines through one run of consecutive non-empty intervals: an empty interval breaks them (no invented data). */
    private static void drawRun(final SvgChart chart, final double[] xs, final double[] medians,
        final double[] maxima, final int points)
    {
        if (points > 0)
        {
            chart.line(null, xs, medians, points, MEDIAN, "", 1.6);
            chart.line(null, xs, maxima, points, MAXIMUM, MAXIMUM_DASH, 1.4);
        }
    }

    static String svg(final String id, final LatencyMetric metric, final long captureStartNs)
    {
        final LatencyTimeline timeline = metric.timeline();
        final int intervals = timeline.intervals();
        final double width = timeline.intervalNs() / 1e9;
        final double offset = (timeline.originNs() - captureStartNs) / 1e9;
        double low = Double.MAX_VALUE;
        double high = -Double.MAX_VALUE;
        for (int i = 0; i < intervals; i++)
        {
            if (timeline.count(i) > 0)
            {
                low = Math.min(low, timeline.min(i) / 1000.0);
                high = Math.max(high, timeline.max(i) / 1000.0);
            }
        }
        final Axis x = Axis.linear(offset, offset + intervals * width, 10, Axis::seconds);
        final boolean signed = metric.signed();
        final SvgChart chart = new SvgChart(id, x, signed ? Axis.symlogMicros(low, high) : Axis.logMicros(low, high));
        final double[] xs = new double[2 * intervals];
        final double[] medians = new double[2 * intervals];
        final double[] maxima = new double[2 * intervals];
        int points = 0;
        for (int i = 0; i <= intervals; i++)
        {
            if (i == intervals || timeline.count(i) == 0)
            {
                drawRun(chart, xs, medians, maxima, points);
                points = 0;
                continue;
            }
            final double from = offset + i * width;
            final double min = timeline.min(i) / 1000.0;
            final double max = timeline.max(i) / 1000.0;
            final double p50 = timeline.percentile(i, 50) / 1000.0;
            final double p99 = timeline.percentile(i, 99) / 1000.0;
            chart.rect(from, min, from + width, max, BAND, 0.18, String.format(java.util.Locale.ROOT,
                "%.3f s: n=%d min %s p50 %s p99 %s max %s", from, timeline.count(i), Axis.micros(min),
                Axis.micros(p50), Axis.micros(p99), Axis.micros(max)));
            chart.rect(from, p50, from + width, p99, BAND, 0.45, null);
            xs[points] = from;
            xs[points + 1] = from + width;
            medians[points] = p50;
            medians[points + 1] = p50;
            maxima[points] = max;
            maxima[points + 1] = max;
            points += 2;
        }
        chart.areaLegend("min – max of the interval", "#9fc3e0");
        chart.areaLegend("p50 – p99 of the interval", BAND);
        chart.lineLegend("p50", MEDIAN, "");
        chart.lineLegend("max (exact)", MAXIMUM, MAXIMUM_DASH);
        return chart.render(metric.name() + " over time (" + Axis.trim(timeline.intervalNs() / 1e6) +
            " ms intervals, n=" + metric.count() + ")", "seconds since the first packet (request time)",
            signed ? "difference (signed log scale)" : "latency (log scale)");
    }
}
