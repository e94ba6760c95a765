package io.kairos.latency.report;

import java.util.List;
import java.util.Locale;

import io.kairos.latency.correlate.MessageRates;

/**
 * Message rate over time and the microburst table. The bucket width is chosen for the capture's length (the
 * smallest 1-2-5 step from 1 ms to an hour giving at most {@link #MAX_BUCKETS} buckets), so a 0.4 s capture gets
 * 2 ms buckets and a day 10 min ones; buckets the capture covers only partly (its first and last) are shaded and
 * labelled instead of looking like a drop. Stateless.
 */
final class RateReport
{
    static final int MAX_BUCKETS = 200;
    private static final long MS = 1_000_000L;
    private static final long[] WIDTHS_NS = {MS, 2 * MS, 5 * MS, 10 * MS, 20 * MS, 50 * MS, 100 * MS, 200 * MS,
        500 * MS, 1000 * MS, 2000 * MS, 5000 * MS, 10_000 * MS, 30_000 * MS, 60_000 * MS, 120_000 * MS, 300_000 * MS,
        600_000 * MS, 1_800_000 * MS, 3_600_000 * MS};
    private static final String[] WINDOW_NAMES = {"1 s", "100 ms", "10 ms", "1 ms"};

    private RateReport()
    {
    }

    /** Bucket width for messages spanning {@code [startNs, lastNs]} (start = the whole second of the first). */
    static long bucketNs(final long startNs, final long lastNs)
    {
        final long span = lastNs - startNs + 1;
        for (final long width : WIDTHS_NS)
        {
            final boolean fine = width < MessageRates.BUCKET_NS;
            if (fine && span > MessageRates.FINE_MS * MS)
            {
                continue;
            }
            if ((span + width - 1) / width <= MAX_BUCKETS)
            {
                return width;
            }
        }
        return WIDTHS_NS[WIDTHS_NS.length - 1];
    }

    /** One chart with all, order-entry and market-data rates; partial buckets shaded. Null when no messages. */
    static String svg(final String id, final List<MessageRates> rates, final long captureFirstNs,
        final long captureLastNs)
    {
        final MessageRates all = rates.get(0);
        if (all.total() == 0)
        {
            return null;
        }
        final long startNs = all.startNs();
        final long width = bucketNs(startNs, all.lastNs());
        final long firstBucket = (all.firstNs() - startNs) / width;
        final int buckets = (int)((all.lastNs() - startNs) / width - firstBucket + 1);
        final double perSecond = 1e9 / width;
        double high = 1;
        final double[][] ys = new double[rates.size()][2 * buckets];
        final double[] xs = new double[2 * buckets];
        for (int b = 0; b < buckets; b++)
        {
            final long from = (firstBucket + b) * width;
            xs[2 * b] = from / 1e9;
            xs[2 * b + 1] = (from + width) / 1e9;
            for (int r = 0; r < rates.size(); r++)
            {
                final double rate = rates.get(r).total() == 0 ? 0 :
                    count(rates.get(r), startNs, from, width) * perSecond;
                ys[r][2 * b] = rate;
                ys[r][2 * b + 1] = rate;
                high = Math.max(high, rate);
            }
        }
        final Axis x = Axis.linear(xs[0], xs[xs.length - 1], 10, Axis::seconds);
        final SvgChart chart = new SvgChart(id, x, Axis.linear(0, high * 1.08, 6, Axis::count));
        shadePartial(chart, startNs, firstBucket, buckets, width, captureFirstNs, captureLastNs, high * 1.08);
        for (int r = 0; r < rates.size(); r++)
        {
            if (rates.get(r).total() > 0)
            {
                chart.line(rates.get(r).name() + " (" + Axis.count(rates.get(r).total()) + " messages)", xs, ys[r],
                    xs.length);
            }
        }
        return chart.render("Message rate, " + Axis.trim(width / 1e6) + " ms buckets (shown as messages per second)",
            "seconds since the first message's whole second", "messages per second");
    }

    /**
     * Messages of {@code rates} in the bucket at {@code fromNs} after {@code startNs} (each rate has its own start).
     */
    private static long count(final MessageRates rates, final long startNs, final long fromNs, final long widthNs)
    {
        return rates.count(startNs + fromNs - rates.startNs(), widthNs);
    }

    private static void shadePartial(final SvgChart chart, final long startNs, final long firstBucket,
        final int buckets, final long width, final long captureFirstNs, final long captureLastNs, final double top)
    {
        boolean marked = false;
        for (final long bucket : new long[] {firstBucket, firstBucket + buckets - 1})
        {
            final long from = startNs + bucket * width;
            final long to = from + width;
            final long covered = Math.min(to, captureLastNs + 1) - Math.max(from, captureFirstNs);
            if (covered < width && !(marked && bucket == firstBucket))
            {
                chart.rect((from - startNs) / 1e9, 0, (to - startNs) / 1e9, top, "#999", 0.22, String.format(
                    Locale.ROOT, "partial bucket: the capture covers %.1f %% of it", 100.0 * covered / width));
                chart.text(bucket == firstBucket ? (to - startNs) / 1e9 : (from - startNs) / 1e9, top * 0.96,
                    bucket == firstBucket ? " partial" : "partial ", bucket == firstBucket ? "start" : "end");
                marked = true;
            }
        }
        if (marked)
        {
            chart.areaLegend("partial bucket (the capture starts or ends inside it: its rate is not a drop)", "#999");
        }
    }

    /** Busiest aligned window of each size, per traffic kind, in messages and messages per second. */
    static String microburstTable(final List<MessageRates> rates)
    {
        final StringBuilder html = new StringBuilder("<table id=\"microbursts\" class=\"numbers\">\n<thead><tr>" +
            "<th class=\"name\">traffic</th><th>messages</th>");
        for (final String window : WINDOW_NAMES)
        {
            html.append("<th>busiest ").append(window).append("</th><th>as msg/s</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (final MessageRates rate : rates)
        {
            html.append("<tr><td class=\"name\">").append(HtmlReport.escape(rate.name())).append("</td><td>")
                .append(Axis.count(rate.total())).append("</td>");
            for (int w = 0; w < WINDOW_NAMES.length; w++)
            {
                html.append("<td>").append(Axis.count(rate.peak(w))).append("</td><td>")
                    .append(Axis.count(rate.peakPerSecond(w))).append("</td>");
            }
            html.append("</tr>\n");
        }
        return html.append("</tbody></table>\n").toString();
    }
}
