package io.kairos.latency.report;

import java.util.List;
import java.util.Locale;

import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.Metrics;

/**
 * The HTML percentile table: one row per metric with values (count, min, 50, 90, 99, 99.9, 99.99 %, max, mean in µs),
 * numbers right-aligned in a fixed-width font so tails line up, wide enough never to need scrolling. Stateless.
 */
final class PercentileTable
{
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    private PercentileTable()
    {
    }

    static String html(final Metrics metrics)
    {
        final StringBuilder html = new StringBuilder();
        html.append("<table id=\"percentile-table\" class=\"numbers\">\n<thead><tr>")
            .append("<th class=\"name\">metric (µs)</th>")
            .append("<th>count</th><th>min</th><th>50%</th><th>90%</th><th>99%</th><th>99.9%</th><th>99.99%</th>")
            .append("<th>max</th><th>mean</th></tr></thead>\n<tbody>\n");
        final List<LatencyMetric> all = metrics.all();
        for (final LatencyMetric metric : all)
        {
            if (!metric.hasValuesOrSkips())
            {
                continue;
            }
            html.append("<tr><td class=\"name\" title=\"").append(HtmlReport.escape(metric.description())).append("\">")
                .append(HtmlReport.escape(metric.name())).append("</td><td>")
                .append(String.format(Locale.ROOT, "%,d", metric.count())).append("</td><td>")
                .append(micros(metric.min())).append("</td>");
            for (final long value : metric.percentiles(PERCENTILES))
            {
                html.append("<td>").append(micros(value)).append("</td>");
            }
            html.append("<td>").append(micros(metric.max())).append("</td><td>")
                .append(String.format(Locale.ROOT, "%.3f", metric.mean() / 1000.0)).append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
        return html.toString();
    }

    private static String micros(final long nanos)
    {
        return String.format(Locale.ROOT, "%,.3f", nanos / 1000.0);
    }
}
