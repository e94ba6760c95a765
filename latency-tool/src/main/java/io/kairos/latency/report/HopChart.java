package io.kairos.latency.report;

import java.util.ArrayList;
import java.util.List;

import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.Metrics;

/**
 * Where the order-ack time goes: a panel of the per-hop medians and a panel of the per-hop 99th percentiles, each a
 * stacked bar wire → gateway-in → engine-in → engine-out → (gateway response-in →) gateway out → wire from the Kairos
 * stamps, with the measured order-ack of the same percentile marked. Each panel has its own axis sized for its
 * percentile: on one shared axis a 1 ms p50 bar is invisible beside a 300 ms p99. Percentiles do not add up (the p99
 * of each hop rarely comes from the same order), which the marker makes visible. Stateless.
 */
final class HopChart
{
    private static final double[] PERCENTILES = {50, 99};

    private HopChart()
    {
    }

    private record Hop(String label, LatencyMetric metric)
    {
    }

    /** A {@code div} with one panel per percentile; null when the capture has no stamped acks. */
    static String html(final String id, final Metrics metrics)
    {
        final List<Hop> hops = new ArrayList<>();
        add(hops, "wire → gateway-in", metrics.hopWireToGatewayIn);
        add(hops, "gateway-in → engine-in", metrics.hopGatewayInToEngineIn);
        add(hops, "engine-in → engine-out", metrics.hopEngineInToEngineOut);
        add(hops, "engine-out → gateway response-in", metrics.hopEngineOutToResponseIn);
        add(hops, "gateway response-in → gateway out", metrics.hopResponseInToGatewayOut);
        add(hops, "engine-out → gateway out", metrics.hopEngineOutToGatewayOut);
        add(hops, "gateway out → wire", metrics.hopGatewayOutToWire);
        if (hops.isEmpty())
        {
            return null;
        }
        final StringBuilder html = new StringBuilder("<div id=\"").append(id).append("\">\n");
        for (final double percentile : PERCENTILES)
        {
            html.append(panel(id + "-p" + Axis.trim(percentile), hops, metrics.orderAck, percentile));
        }
        return html.append("</div>\n").toString();
    }

    private static String panel(final String id, final List<Hop> hops, final LatencyMetric orderAck,
        final double percentile)
    {
        final String p = "p" + Axis.trim(percentile);
        final double ack = orderAck.percentile(percentile) / 1000.0;
        double sum = 0;
        for (final Hop hop : hops)
        {
            sum += Math.max(hop.metric().percentile(percentile), 0) / 1000.0;
        }
        final Axis y = new Axis(0, 1, Axis.Scale.LINEAR, new double[] {0.5}, new String[] {p});
        final Axis x = Axis.linear(0, Math.max(Math.max(sum, ack), 0.001) * 1.05, 10, Axis::micros);
        final double axisMax = x.max();
        final SvgChart chart = new SvgChart(id, x, y, SvgChart.BAR_PLOT_HEIGHT);
        double at = 0;
        for (int h = 0; h < hops.size(); h++)
        {
            final Hop hop = hops.get(h);
            final double value = Math.max(hop.metric().percentile(percentile), 0) / 1000.0;
            chart.rect(at, 0.2, at + value, 0.8, SvgChart.COLOURS[h % SvgChart.COLOURS.length], 0.85,
                hop.label() + " " + p + ": " + Axis.micros(value));
            if (chart.px(at + value) - chart.px(at) > 58)
            {
                chart.text(at + value / 2, 0.46, Axis.micros(value), "middle");
            }
            at += value;
        }
        chart.line(null, new double[] {ack, ack}, new double[] {0.05, 0.95}, 2, "#000", "4 2", 2);
        final boolean rightHalf = chart.px(ack) - chart.px(0) > (chart.px(axisMax) - chart.px(0)) / 2;
        chart.text(ack, 0.88, rightHalf ? "order-ack " + p + " " + Axis.micros(ack) + "  " :
            "  order-ack " + p + " " + Axis.micros(ack), rightHalf ? "end" : "start");
        for (int h = 0; h < hops.size(); h++)
        {
            chart.areaLegend(hops.get(h).label() + " (n=" + hops.get(h).metric().count() + ")",
                SvgChart.COLOURS[h % SvgChart.COLOURS.length]);
        }
        chart.lineLegend("order-ack measured on the wire (" + p + ")", "#000", "4 2");
        return chart.render("order-ack per hop at " + p + ": each hop's " + p + ", stacked", "time", "");
    }

    private static void add(final List<Hop> hops, final String label, final LatencyMetric metric)
    {
        if (metric.count() > 0)
        {
            hops.add(new Hop(label, metric));
        }
    }
}
