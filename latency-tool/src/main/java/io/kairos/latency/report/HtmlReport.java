package io.kairos.latency.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.kairos.latency.AnalysisResult;
import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.MessageRates;
import io.kairos.latency.correlate.Metrics;

/**
 * One self-contained HTML page (inline CSS and SVG, no scripts, nothing from the network), built for reading tails:
 * the percentile table, the percentile distribution on HdrHistogram's 1/(1−p) axis, tick minus ack (public before
 * private), latency over time as per-interval bands, the per-hop breakdown, message rates and microbursts. Element
 * ids ({@link #IDS}) are what the browser test checks. Runs once after the analysis; allocates freely.
 */
public final class HtmlReport
{
    /** Ids of the report's main elements, each present and visible when the capture has that data. */
    public static final List<String> IDS = List.of("percentile-table", "public-before-private", "percentile-plot",
        "tick-minus-ack-plot", "latency-over-time", "hop-breakdown", "message-rates", "microbursts");
    private static final String STYLE = "body{font-family:sans-serif;margin:24px auto;max-width:1220px;" +
        "padding:0 16px;color:#222}h2{margin-top:36px;border-bottom:1px solid #ddd}" +
        "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px}" +
        "table.numbers td,table.numbers th{text-align:right;white-space:nowrap}" +
        "table.numbers td{font-family:monospace;font-size:13px}" +
        "table td.name,table th.name{text-align:left;font-family:sans-serif}" +
        "pre{background:#f6f6f6;padding:12px;white-space:pre-wrap;font-size:12px}" +
        ".note{color:#555;font-size:13px;max-width:960px}svg.chart{display:block;margin:12px 0}";

    private HtmlReport()
    {
    }

    public static void write(final AnalysisResult result, final String summary, final Path file) throws IOException
    {
        Files.writeString(file, html(result, summary), StandardCharsets.UTF_8);
    }

    static String html(final AnalysisResult result, final String summary)
    {
        final Metrics metrics = result.correlator().metrics();
        final StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>latency-tool report: ")
            .append(escape(String.valueOf(result.capture().getFileName()))).append("</title><style>").append(STYLE)
            .append("</style></head><body>\n<h1>latency-tool report</h1>\n<p>")
            .append(escape(String.valueOf(result.capture()))).append(", ")
            .append(result.packets() > 0 ? escape(Instant.ofEpochSecond(0, result.firstTimestampNs()) + " .. " +
                Instant.ofEpochSecond(0, result.lastTimestampNs())) : "no packets")
            .append("</p>\n<p id=\"clocks\">times: ").append(escape(result.clocks().text()))
            .append("</p>\n<p class=\"note\">")
            .append(escape(ConsoleReport.TIME_DEFINITION)).append("</p>\n");
        if (result.wholeMicrosecondTimes())
        {
            html.append("<p class=\"note\" id=\"precision\"><b>Precision: ")
                .append(escape(ConsoleReport.MICROSECOND_PRECISION)).append("</b></p>\n");
        }
        html.append("<h2>Percentiles</h2>\n").append(PercentileTable.html(metrics));
        html.append("<p id=\"public-before-private\"><b>")
            .append(escape(ConsoleReport.publicBeforePrivate(metrics))).append("</b></p>\n");
        html.append("<h2>Percentile distribution</h2>\n");
        final List<LatencyMetric> pairing = pairing(metrics);
        html.append(pairing.isEmpty() ? "<p>No paired latencies in this capture.</p>\n" :
            PercentilePlot.svg("percentile-plot", "Latency by percentile (all pairing metrics)", pairing));
        if (metrics.tickMinusAck.count() > 0)
        {
            html.append(PercentilePlot.svg("tick-minus-ack-plot", "tick-minus-ack by percentile (below zero: the " +
                "public tick left before the private ack)", List.of(metrics.tickMinusAck)));
        }
        html.append("<h2>Latency over time</h2>\n<p class=\"note\">Per interval: the light band spans min to max, " +
            "the dark band p50 to p99 (within 1.6 %); every value is inside its band and every interval's maximum is " +
            "drawn — nothing is sampled away.</p>\n<div id=\"latency-over-time\">\n");
        for (final LatencyMetric metric : metrics.overTime())
        {
            if (metric.count() > 0)
            {
                html.append(TimelineChart.svg("over-time-" + metric.name(), metric, result.firstTimestampNs()));
            }
        }
        html.append("</div>\n<h2>Per hop (Kairos stamps)</h2>\n");
        final String hops = HopChart.html("hop-breakdown", metrics);
        html.append(hops == null ? "<p>No ExecutionReports with Kairos latency stamps in this capture.</p>\n" : hops);
        html.append("<h2>Message rates and microbursts</h2>\n");
        final List<MessageRates> rates = List.of(result.correlator().allRates(),
            result.correlator().orderEntryRates(), result.correlator().marketDataRates());
        final String rateChart = RateReport.svg("message-rates", rates, result.firstTimestampNs(),
            result.lastTimestampNs());
        html.append(rateChart == null ? "<p>No FIX messages in this capture.</p>\n" : rateChart);
        html.append("<p class=\"note\">Busiest window of each size (aligned to the epoch), and the same as a rate." +
            "</p>\n").append(RateReport.microburstTable(rates));
        html.append("<h2>Metric definitions</h2>\n<table><tr><th>metric</th><th>what is measured</th></tr>\n");
        for (final LatencyMetric metric : metrics.all())
        {
            html.append("<tr><td>").append(escape(metric.name())).append("</td><td>")
                .append(escape(metric.description())).append("</td></tr>\n");
        }
        html.append("</table>\n<h2>Console summary</h2>\n<pre>").append(escape(summary)).append("</pre>\n")
            .append("</body></html>\n");
        return html.toString();
    }

    /** Request-to-answer and order-to-tick metrics with values: the ones overlaid in the percentile plot. */
    private static List<LatencyMetric> pairing(final Metrics metrics)
    {
        final List<LatencyMetric> pairing = new ArrayList<>();
        for (final LatencyMetric metric : metrics.all())
        {
            if (metric.count() > 0 && !metric.signed() && !metric.name().startsWith("hop-") &&
                !metric.name().startsWith("md-"))
            {
                pairing.add(metric);
            }
        }
        return pairing;
    }

    static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
