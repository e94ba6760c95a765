package io.kairos.latency.report;

import java.util.ArrayList;
import java.util.List;

import io.kairos.latency.correlate.LatencyMetric;

/**
 * The percentile distribution as HdrHistogram's plotter draws it: x = 1/(1−p) on a log scale (0 %, 90 %, 99 %,
 * 99.9 %… evenly spaced, so the tail gets as much room as the body), latency on a log axis with 1-2-5 ticks; every
 * pairing metric overlaid, each line ending at its exact maximum; identical curves drawn once and named together. A
 * signed metric (tick − ack) gets a signed-log axis through zero. Stateless.
 */
final class PercentilePlot
{
    /** Points per decade of 1/(1−p). */
    private static final int POINTS_PER_DECADE = 40;

    private PercentilePlot()
    {
    }

    static String svg(final String id, final String title, final List<LatencyMetric> metrics)
    {
        long maxCount = 1;
        double low = Double.MAX_VALUE;
        double high = 0;
        for (final LatencyMetric metric : metrics)
        {
            maxCount = Math.max(maxCount, metric.count());
            low = Math.min(low, Math.max(metric.min(), 1) / 1000.0);
            high = Math.max(high, metric.max() / 1000.0);
        }
        final boolean signed = metrics.stream().anyMatch(LatencyMetric::signed);
        final Axis x = Axis.percentiles(maxCount);
        final SvgChart chart = new SvgChart(id, x, signed ? Axis.symlogMicros(lowest(metrics), high) :
            Axis.logMicros(low, high));
        final List<Curve> curves = new ArrayList<>();
        for (final LatencyMetric metric : metrics)
        {
            final double[] inverses = inverses(metric.count());
            final double[] percentiles = new double[inverses.length];
            for (int i = 0; i < inverses.length; i++)
            {
                percentiles[i] = 100 * (1 - 1 / inverses[i]);
            }
            final long[] values = metric.percentiles(percentiles);
            final double[] xs = new double[inverses.length + 1];
            final double[] ys = new double[inverses.length + 1];
            for (int i = 0; i < inverses.length; i++)
            {
                xs[i] = inverses[i];
                ys[i] = (signed ? values[i] : Math.max(values[i], 1)) / 1000.0;
            }
            xs[inverses.length] = x.max();
            ys[inverses.length] = (signed ? metric.max() : Math.max(metric.max(), 1)) / 1000.0;
            final Curve same = curves.stream().filter(curve -> curve.sameAs(metric.count(), ys)).findFirst()
                .orElse(null);
            if (same == null)
            {
                curves.add(new Curve(new ArrayList<>(List.of(metric.name())), metric.count(), metric.max(), xs, ys));
            }
            else
            {
                same.names().add(metric.name());
            }
        }
        for (final Curve curve : curves)
        {
            chart.line(curve.label(), curve.xs(), curve.ys(), curve.xs().length);
        }
        return chart.render(title, "percentile (log scale of 1/(1−p): each step right is ten times rarer)",
            signed ? "difference (signed log scale)" : "latency (log scale)");
    }

    /**
     * One line of the plot and every metric it stands for: metrics with the same count and the same value at every
     * plotted percentile (order-ack and order-ack-new when every ack was a New) are one line with one legend entry
     * that names them all, instead of lines hidden under one another.
     */
    private record Curve(List<String> names, long count, long max, double[] xs, double[] ys)
    {
        boolean sameAs(final long otherCount, final double[] otherYs)
        {
            return count == otherCount && java.util.Arrays.equals(ys, otherYs);
        }

        String label()
        {
            return String.join(" = ", names) + (names.size() > 1 ? " (identical)" : "") + " (n=" + count + ", max " +
                Axis.micros(max / 1000.0) + ")";
        }
    }

    private static double lowest(final List<LatencyMetric> metrics)
    {
        double low = 0;
        for (final LatencyMetric metric : metrics)
        {
            low = Math.min(low, metric.min() / 1000.0);
        }
        return low;
    }

    /** 1/(1−p) from 1 to the count (beyond it a percentile is the maximum). */
    private static double[] inverses(final long count)
    {
        final List<Double> points = new ArrayList<>();
        final double decades = Math.log10(Math.max(count, 1));
        for (int i = 0; i <= decades * POINTS_PER_DECADE; i++)
        {
            points.add(Math.pow(10, (double)i / POINTS_PER_DECADE));
        }
        final double[] inverses = new double[points.size()];
        for (int i = 0; i < inverses.length; i++)
        {
            inverses[i] = points.get(i);
        }
        return inverses;
    }
}
