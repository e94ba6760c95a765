package io.kairos.latency.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.HistogramIterationValue;

import io.kairos.latency.AnalysisResult;
import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.MessageRates;

/**
 * One self-contained HTML page (inline SVG, no scripts, no network): summary, CDF of the latencies, latency over
 * time, and message rate over time with the microburst peaks at 1 s / 100 ms / 10 ms / 1 ms. Runs once after the
 * analysis; allocates freely.
 */
public final class HtmlReport
{
    private static final String[] RATE_LABELS = {"its 1 s", "100 ms x10", "busiest 10 ms x100",
        "busiest 1 ms x1000"};
    /** Captures up to a minute are drawn per 100 ms, longer ones per second. */
    private static final int FINE_RATE_BUCKETS = 600;

    private HtmlReport()
    {
    }

    public static void write(final AnalysisResult result, final String summary, final Path file) throws IOException
    {
        final StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
            .append("<title>latency-tool report</title><style>body{font-family:sans-serif;margin:24px;max-width:1000px}")
            .append("pre{background:#f6f6f6;padding:12px;overflow-x:auto;font-size:12px}")
            .append("table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}")
            .append("</style></head><body>\n<h1>latency-tool report</h1>\n<p>")
            .append(escape(ConsoleReport.TIME_DEFINITION)).append("</p>\n");
        html.append("<h2>Summary</h2>\n<pre>").append(escape(summary)).append("</pre>\n");
        html.append("<h2>Latency distribution (CDF)</h2>\n").append(cdf(result));
        html.append("<h2>Latency over time</h2>\n");
        for (final LatencyMetric metric : List.of(result.correlator().metrics().orderAck,
            result.correlator().metrics().orderToTickFirst))
        {
            html.append(overTime(metric, result.firstTimestampNs()));
        }
        html.append("<h2>Message rate over time (microbursts)</h2>\n");
        for (final MessageRates rates : List.of(result.correlator().allRates(), result.correlator().orderEntryRates(),
            result.correlator().marketDataRates()))
        {
            html.append(rate(rates));
        }
        html.append("<h2>Metric definitions</h2>\n<table><tr><th>metric</th><th>what is measured</th></tr>\n");
        for (final LatencyMetric metric : result.correlator().metrics().all())
        {
            html.append("<tr><td style=\"text-align:left\">").append(escape(metric.name()))
                .append("</td><td style=\"text-align:left\">").append(escape(metric.description()))
                .append("</td></tr>\n");
        }
        html.append("</table>\n</body></html>\n");
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    private static String cdf(final AnalysisResult result)
    {
        final List<LatencyMetric> metrics = new ArrayList<>();
        for (final LatencyMetric metric : result.correlator().metrics().all())
        {
            if (metric.count() > 0 && !metric.name().startsWith("hop-") && !metric.name().startsWith("md-"))
            {
                metrics.add(metric);
            }
        }
        if (metrics.isEmpty())
        {
            return "<p>No paired latencies in this capture.</p>\n";
        }
        double min = Double.MAX_VALUE;
        double max = 0;
        for (final LatencyMetric metric : metrics)
        {
            min = Math.min(min, Math.max(metric.min() / 1000.0, 0.001));
            max = Math.max(max, metric.max() / 1000.0);
        }
        final SvgChart chart = new SvgChart(min * 0.9, max * 1.1, true, 0, 1, false).legendAt(true, true);
        for (final LatencyMetric metric : metrics)
        {
            final List<double[]> points = new ArrayList<>();
            for (final HistogramIterationValue value : metric.histogram().recordedValues())
            {
                points.add(new double[] {
                    Math.max(metric.histogram().highestEquivalentValue(value.getValueIteratedTo()), 1) / 1000.0,
                    (double)value.getTotalCountToThisValue() / metric.histogram().getTotalCount()});
            }
            final double[] xs = new double[points.size() + 1];
            final double[] ys = new double[points.size() + 1];
            xs[0] = Math.max(metric.min() / 1000.0, 0.001);
            ys[0] = 0;
            for (int i = 0; i < points.size(); i++)
            {
                xs[i + 1] = points.get(i)[0];
                ys[i + 1] = points.get(i)[1];
            }
            chart.add(metric.name() + " (n=" + metric.count() + ")", xs, ys, xs.length, false);
        }
        return chart.render("Cumulative distribution", "latency (us, log scale)", "fraction of pairs at or below");
    }

    private static String overTime(final LatencyMetric metric, final long startNs)
    {
        final io.kairos.latency.correlate.LatencyTimeline timeline = metric.timeline();
        if (timeline == null || timeline.intervals() == 0)
        {
            return "<p>" + escape(metric.name()) + ": no pairs.</p>\n";
        }
        final int n = timeline.intervals();
        final double[] xs = new double[n];
        final double[] ys = new double[n];
        double yMax = 0;
        for (int i = 0; i < n; i++)
        {
            xs[i] = (timeline.originNs() + i * timeline.intervalNs() - startNs) / 1e9;
            ys[i] = timeline.max(i) / 1000.0;
            yMax = Math.max(yMax, ys[i]);
        }
        final SvgChart chart = new SvgChart(0, Math.max(xs[n - 1], 1e-3), false, 0, yMax * 1.25, false)
            .legendAt(true, false);
        chart.add(metric.name(), xs, ys, n, true);
        return chart.render(metric.name() + " over time", "seconds since the first packet (request time)",
            "latency (us)");
    }

    private static String rate(final MessageRates rates)
    {
        if (rates.total() == 0)
        {
            return "";
        }
        final boolean fine = rates.buckets() <= FINE_RATE_BUCKETS;
        final int points = fine ? rates.buckets() : rates.seconds();
        final double step = fine ? MessageRates.BUCKET_NS / 1e9 : 1.0;
        double max = 1;
        for (int w = 0; w < MessageRates.WINDOWS_NS.length; w++)
        {
            max = Math.max(max, rates.peakPerSecond(w));
        }
        final SvgChart chart = new SvgChart(0, Math.max(step, (points - 1) * step), false, 1, max * 1.5, true)
            .legendAt(false, true);
        for (int w = 0; w < MessageRates.WINDOWS_NS.length; w++)
        {
            final double[] xs = new double[points];
            final double[] ys = new double[points];
            final long factor = MessageRates.WINDOWS_NS[0] / MessageRates.WINDOWS_NS[w];
            for (int p = 0; p < points; p++)
            {
                xs[p] = p * step;
                ys[p] = Math.max(1, (fine ? rates.peakInBucket(w, p) : rates.peakInSecond(w, p)) * factor);
            }
            chart.add(RATE_LABELS[w] + " (peak " + String.format(Locale.ROOT, "%,d", rates.peakPerSecond(w)) +
                " msg/s)", xs, ys, points, points == 1);
        }
        return chart.render("Message rate: " + rates.name() + " (" + String.format(Locale.ROOT, "%,d", rates.total()) +
            " messages; one point per " + (fine ? "100 ms" : "second") + ")", "seconds since the first message's " +
            "whole second", "messages per second (log scale)");
    }

    static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
