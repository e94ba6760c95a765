package io.kairos.latency.report;

import java.util.ArrayList;
import java.util.List;

import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.Metrics;

/**
 * Where the order-ack time goes: one stacked bar of the per-hop medians and one of the per-hop 99th percentiles,
 * wire → gateway-in → engine-in → engine-out → (gateway response-in →) gateway out → wire, from the Kairos
 * stamps, with the measured order-ack percentile marked on each bar. Percentiles do not add up (the p99 of each
 * hop rarely comes from the same order), which the marker makes visible. Stateless.
 */
final class HopChart
{
    private HopChart()
    {
    }

    private record Hop(String label, LatencyMetric metric)
    {
    }

    /** Null when the capture has no stamped acks. */
    static String svg(final String id, final Metrics metrics)
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
        final double[] rows = {99, 50};
        double high = Math.max(metrics.orderAck.percentile(99), 1) / 1000.0;
        for (final double percentile : rows)
        {
            double sum = 0;
            for (final Hop hop : hops)
            {
                sum += Math.max(hop.metric().percentile(percentile), 0) / 1000.0;
            }
            high = Math.max(high, sum);
        }
        final Axis y = new Axis(0, 2, false, new double[] {0.5, 1.5}, new String[] {"p99", "p50"});
        final SvgChart chart = new SvgChart(id, Axis.linear(0, high * 1.05, 10, Axis::micros), y);
        for (int row = 0; row < rows.length; row++)
        {
            double at = 0;
            for (int h = 0; h < hops.size(); h++)
            {
                final Hop hop = hops.get(h);
                final double value = hop.metric().percentile(rows[row]) / 1000.0;
                chart.rect(at, row + 0.2, at + value, row + 0.8, SvgChart.COLOURS[h % SvgChart.COLOURS.length], 0.85,
                    hop.label() + " p" + Axis.trim(rows[row]) + ": " + Axis.micros(value));
                if (chart.px(at + value) - chart.px(at) > 58)
                {
                    chart.text(at + value / 2, row + 0.46, Axis.micros(value), "middle");
                }
                at += value;
            }
            final double ack = metrics.orderAck.percentile(rows[row]) / 1000.0;
            chart.line(null, new double[] {ack, ack}, new double[] {row + 0.08, row + 0.92}, 2, "#000", "4 2", 2);
            chart.text(ack, row + 0.84, "  order-ack p" + Axis.trim(rows[row]) + " " + Axis.micros(ack), "start");
        }
        for (int h = 0; h < hops.size(); h++)
        {
            chart.areaLegend(hops.get(h).label() + " (n=" + hops.get(h).metric().count() + ")",
                SvgChart.COLOURS[h % SvgChart.COLOURS.length]);
        }
        chart.lineLegend("order-ack measured on the wire (same percentile)", "#000", "4 2");
        return chart.render("order-ack per hop: p50 and p99 of each hop, stacked", "time (µs)", "");
    }

    private static void add(final List<Hop> hops, final String label, final LatencyMetric metric)
    {
        if (metric.count() > 0)
        {
            hops.add(new Hop(label, metric));
        }
    }
}
