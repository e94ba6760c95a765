package io.kairos.latency.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.AnalysisConfig;
import io.kairos.latency.AnalysisResult;
import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.Endpoint;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.TcpConnection;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;
import io.kairos.latency.testing.TestFix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report reads at p50 and at p99 and its words say what happened, on a capture shaped like a real slow run: 100
 * orders over loopback, 98 acknowledged after 1 ms and 2 after 300 ms, every ack stamped by the server, each order's
 * public tick 150 µs before its ack (even orders) or 2 ms after it (odd ones), and one ack whose SendingTime stamp is
 * later than its capture.
 */
class ReadableReportTest
{
    private static final long US = 1_000;
    private static final long MS = 1_000_000;
    private static final int ORDERS = 100;

    @TempDir
    Path directory;

    @Test
    void shouldGiveEachPercentileOfThePerHopBarsItsOwnAxis() throws IOException
    {
        final String hops = HopChart.html("hop-breakdown", analyse(7, Format.PCAP_NANOS_LE).correlator().metrics());

        final double p50Width = barWidth(panel(hops, "hop-breakdown-p50"), " p50: ");
        final double p99Width = barWidth(panel(hops, "hop-breakdown-p99"), " p99: ");

        assertTrue(p50Width > 400, "the p50 bar fills its panel, not 1/300 of a shared axis: " + p50Width + " px");
        assertTrue(p99Width > 400, "the p99 bar fills its panel: " + p99Width + " px");
        assertFalse(hops.contains("(µs)"), "tick labels carry their unit; the axis title must not contradict them");
    }

    @Test
    void shouldDrawLatencyOverTimeOnALogAxisSoP50AndP99AreBothReadable() throws IOException
    {
        final Metrics metrics = analyse(7, Format.PCAP_NANOS_LE).correlator().metrics();

        final List<String> orderAck = yTickLabels(TimelineChart.svg("t", metrics.orderAck, 0));
        final List<String> signed = yTickLabels(TimelineChart.svg("t", metrics.tickMinusAck, 0));

        assertTrue(orderAck.containsAll(List.of("1 ms", "2 ms", "100 ms", "200 ms")), orderAck.toString());
        assertTrue(signed.containsAll(List.of("-100 µs", "0 µs", "100 µs", "1 ms")), signed.toString());
    }

    @Test
    void shouldDrawTickMinusAckByPercentileOnASignedLogAxis() throws IOException
    {
        final Metrics metrics = analyse(7, Format.PCAP_NANOS_LE).correlator().metrics();

        final List<String> labels = yTickLabels(PercentilePlot.svg("p", "t", List.of(metrics.tickMinusAck)));

        assertTrue(labels.containsAll(List.of("-100 µs", "-10 µs", "0 µs", "10 µs", "100 µs", "1 ms")),
            labels.toString());
    }

    @Test
    void shouldDrawIdenticalCurvesOnceNamingEveryMetricTheyStandFor() throws IOException
    {
        final Metrics metrics = analyse(7, Format.PCAP_NANOS_LE).correlator().metrics();

        final String plot = PercentilePlot.svg("p", "t", List.of(metrics.orderAck, metrics.orderAckNew,
            metrics.orderToTickFirst));

        assertEquals(2, count(plot, "<polyline"), "order-ack and order-ack-new are one line");
        assertTrue(plot.contains("order-ack = order-ack-new (identical) (n=100"), plot);
    }

    @Test
    void shouldSayWhatHappenedInTheConsoleSummary() throws IOException
    {
        final String console = console(analyse(7, Format.PCAP_NANOS_LE));

        final String cancelAck = line(console, "cancel-ack ");
        assertTrue(cancelAck.contains("(no samples)") && !cancelAck.contains("0.000"), cancelAck);
        assertTrue(console.contains("1 negative values skipped: one host and one clock"), console);
        assertFalse(console.contains("clocks differ"), console);
        assertFalse(console.contains("bytes dropped"), console);
        assertTrue(console.contains("bytes already captured, ignored"), console);
        assertFalse(console.contains("precision "), "a capture with ns digits needs no precision warning");
    }

    @Test
    void shouldSayWhenTheCaptureHasOnlyMicrosecondPrecision() throws IOException
    {
        final AnalysisResult result = analyse(0, Format.PCAP_MICROS_LE);

        final String console = console(result);

        assertTrue(line(console, "precision ").contains("whole microsecond"), console);
        assertTrue(console.contains("negative values skipped: the capture's times are whole µs"), console);
        assertTrue(HtmlReport.html(result, console).contains("id=\"precision\""), "the HTML header says so too");
    }

    /** The capture described above; every time shifted by {@code extraNs} (0 keeps them whole microseconds). */
    private AnalysisResult analyse(final long extraNs, final Format format) throws IOException
    {
        final TcpConnection order = TcpConnection.ethernet(Endpoint.ipv4(127, 0, 0, 1, 40_000),
            Endpoint.ipv4(127, 0, 0, 1, 9880));
        final TcpConnection subscriber = TcpConnection.ethernet(Endpoint.ipv4(127, 0, 0, 1, 50_000),
            Endpoint.ipv4(127, 0, 0, 1, 9881));
        final long start = KairosTraffic.T0_NS + extraNs;
        final List<Frame> frames = new ArrayList<>(List.of(order.syn(start), order.synAck(start + US),
            subscriber.syn(start + 2 * US), subscriber.synAck(start + 3 * US)));
        final List<long[]> events = new ArrayList<>();
        for (int k = 0; k < ORDERS; k++)
        {
            final long request = start + MS + k * MS;
            final long ack = request + (k == 40 || k == 80 ? 300 * MS : MS);
            events.add(new long[] {request, k, 0});
            events.add(new long[] {ack, k, 1});
            events.add(new long[] {k % 2 == 0 ? ack - 150 * US : ack + 2 * MS, k, 2});
        }
        events.sort(Comparator.comparingLong(event -> event[0]));
        for (final long[] event : events)
        {
            final int k = (int)event[1];
            frames.add(switch ((int)event[2])
            {
                case 0 -> order.fromClient(event[0], KairosTraffic.newOrder("N" + k));
                case 1 -> order.fromServer(event[0], stampedAck(k, start + MS + k * MS, event[0]));
                default -> subscriber.fromServer(event[0], KairosTraffic.tick("O" + k));
            });
        }
        return Analysis.of(TestCaptureWriter.write(directory.resolve("c" + extraNs + format + ".pcap"), format,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames), AnalysisConfig.defaults()).result();
    }

    /** An ack whose stamps split its latency 10/20/40/20/10 %; order 3's SendingTime is 5 µs after its capture. */
    private static byte[] stampedAck(final int k, final long request, final long ack)
    {
        final long latency = ack - request;
        final long sending = k == 3 ? ack + 5 * US : request + latency * 9 / 10;
        return TestFix.message("8", 49, "KAIROS", 56, "CLIENT01", 52, KairosTraffic.utcTimestamp(sending),
            11, "N" + k, 37, "O" + k, 17, "E" + k, 150, "0", 39, "0", 5979, request + latency / 10,
            21002, request + latency * 3 / 10, 21003, request + latency * 7 / 10, 7765, request + latency * 8 / 10);
    }

    private static String console(final AnalysisResult result)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleReport.write(result, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String line(final String text, final String prefix)
    {
        return text.lines().filter(line -> line.startsWith(prefix)).findFirst()
            .orElseThrow(() -> new AssertionError("no line starting '" + prefix + "' in\n" + text));
    }

    private static String panel(final String html, final String id)
    {
        final int from = html.indexOf("<svg id=\"" + id + "\"");
        assertTrue(from >= 0, id + " missing: " + html);
        final int next = html.indexOf("<svg id=", from + 1);
        return html.substring(from, next < 0 ? html.length() : next);
    }

    /** Total width of the rectangles whose tooltip contains {@code marker} (the stacked bar's segments). */
    private static double barWidth(final String svg, final String marker)
    {
        final Matcher rect = Pattern.compile("<rect x=\"[-0-9.]+\" y=\"[-0-9.]+\" width=\"([0-9.]+)\"[^>]*><title>" +
            "([^<]*)</title>").matcher(svg);
        double width = 0;
        while (rect.find())
        {
            if (rect.group(2).contains(marker))
            {
                width += Double.parseDouble(rect.group(1));
            }
        }
        return width;
    }

    private static List<String> yTickLabels(final String svg)
    {
        final Matcher label = Pattern.compile("<text x=\"[0-9]+\" y=\"[-0-9.]+\" text-anchor=\"end\">([^<]*)</text>")
            .matcher(svg);
        final List<String> labels = new ArrayList<>();
        while (label.find())
        {
            labels.add(label.group(1));
        }
        return labels;
    }

    private static int count(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }
}
