package io.kairos.latency.report;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.kairos.latency.AnalysisResult;
import io.kairos.latency.correlate.CorrelationStatistics;
import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.correlate.MessageRates;
import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.fix.FixFields;
import io.kairos.latency.fix.FixStatistics;
import io.kairos.latency.net.TcpSegmentDecoder;
import io.kairos.latency.tcp.TcpStatistics;

/** Writes the human-readable summary (console and summary.txt). Allocates freely; runs once after the analysis. */
public final class ConsoleReport
{
    public static final String TIME_DEFINITION = "A message's time is the capture time of the packet holding its " +
        "first byte; latencies are in microseconds.";
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    private ConsoleReport()
    {
    }

    public static void write(final AnalysisResult result, final PrintStream out)
    {
        writeInput(result, out);
        out.println();
        writeMetricTable(result, out);
        out.println();
        writeUnmatched(result.correlator().statistics(), out);
        writeRates(result, out);
        writeProblems(result, out);
    }

    private static void writeInput(final AnalysisResult result, final PrintStream out)
    {
        final long[] byResult = result.packetsByDecodeResult();
        out.printf(Locale.ROOT, "capture   %s, %s, %,d bytes%n", result.capture(), result.format(),
            result.fileSizeBytes());
        if (result.packets() > 0)
        {
            out.printf(Locale.ROOT, "time      %s .. %s (%.6f s)%n",
                Instant.ofEpochSecond(0, result.firstTimestampNs()), Instant.ofEpochSecond(0, result.lastTimestampNs()),
                (result.lastTimestampNs() - result.firstTimestampNs()) / 1e9);
        }
        out.println("times     " + result.clocks().packetsLine());
        result.clocks().mixedClockLines().forEach(line -> out.println("clocks    " + line));
        out.printf(Locale.ROOT, "ports     order entry %s, market data %s%n", result.config().orderEntryPorts(),
            result.config().marketDataPorts());
        out.printf(Locale.ROOT, "packets   %,d: %,d TCP on FIX ports, %,d other TCP, %,d not IP, %,d not TCP, " +
            "%,d truncated headers, %,d IP fragments, %,d unsupported link type; %,d read after a later one, " +
            "analysed in capture-time order%n", result.packets(),
            result.fixPortSegments(), result.otherTcpPackets(), byResult[TcpSegmentDecoder.NOT_IP],
            byResult[TcpSegmentDecoder.NOT_TCP], byResult[TcpSegmentDecoder.TRUNCATED_HEADERS],
            byResult[TcpSegmentDecoder.IP_FRAGMENT], byResult[TcpSegmentDecoder.UNSUPPORTED_LINK_TYPE],
            result.packetsReordered());
        final TcpStatistics tcp = result.streams().statistics();
        out.printf(Locale.ROOT, "tcp       %d connections; %,d data segments, %,d out of order; %,d repeated whole " +
            "(retransmissions) and %,d in part (overlaps): %,d bytes already captured, ignored (each byte's " +
            "earliest copy counts); %,d gaps (%,d bytes never captured), %,d streams started mid-stream, %,d " +
            "connection reuses%n", result.streams().connectionCount(), tcp.segmentsWithData(),
            tcp.outOfOrderSegments(), tcp.retransmittedSegments(), tcp.overlappingSegments(), tcp.retransmittedBytes(),
            tcp.gaps(), tcp.gapBytes(), tcp.midStreamStarts(), tcp.connectionResets());
        final FixStatistics fix = result.fixStatistics();
        out.printf(Locale.ROOT, "fix       %,d messages; %,d resynchronisations on 8=FIX, %,d bytes skipped before " +
            "sync, %,d garbage runs (%,d bytes), %,d checksum mismatches, %,d messages cut by gaps%n",
            fix.messages(), fix.resynchronisations(), fix.bytesSkippedBeforeSync(), fix.garbageEvents(),
            fix.garbageBytes(), fix.checksumMismatches(), fix.partialMessagesLost());
        out.printf(Locale.ROOT, "msgtypes  %s%n", msgTypeCounts(result.correlator().statistics()));
        final double seconds = result.elapsedNs() / 1e9;
        out.printf(Locale.ROOT, "speed     %.3f s, %,.0f messages/s, %,.1f MB/s%n", seconds,
            fix.messages() / Math.max(seconds, 1e-9), result.fileSizeBytes() / 1e6 / Math.max(seconds, 1e-9));
        out.println("note      " + TIME_DEFINITION);
        if (result.wholeMicrosecondTimes())
        {
            out.println("precision " + MICROSECOND_PRECISION);
        }
    }

    public static final String MICROSECOND_PRECISION = "every packet time in this capture is a whole microsecond " +
        "(a µs capture): each time may be up to 1 µs early, so latencies are exact to ±1 µs only; capture with " +
        "nanosecond stamps (tcpdump --time-stamp-precision=nano) for finer figures.";

    static String msgTypeCounts(final CorrelationStatistics statistics)
    {
        final Map<String, Long> sorted = new TreeMap<>();
        statistics.messagesByType().forEach((key, count) -> sorted.put(FixFields.msgTypeText((int)key), count));
        final StringBuilder text = new StringBuilder();
        sorted.forEach((type, count) -> text.append(text.isEmpty() ? "" : " ").append(type.isEmpty() ? "(none)" :
            type).append('=').append(count));
        return text.isEmpty() ? "(no FIX messages)" : text.toString();
    }

    static void writeMetricTable(final AnalysisResult result, final PrintStream out)
    {
        out.printf(Locale.ROOT, "%-40s %9s %12s %12s %12s %12s %12s %12s %12s%n", "metric (us)", "count", "min",
            "50%", "90%", "99%", "99.9%", "99.99%", "max");
        for (final LatencyMetric metric : result.correlator().metrics().all())
        {
            if (!metric.hasValuesOrSkips() && !isHeadline(metric))
            {
                continue;
            }
            final boolean empty = metric.count() == 0;
            out.printf(Locale.ROOT, "%-40s %9d %12s", metric.name(), metric.count(),
                empty ? "-" : micros(metric.min()));
            for (final double percentile : PERCENTILES)
            {
                out.printf(Locale.ROOT, " %12s", empty ? "-" : micros(metric.percentile(percentile)));
            }
            out.printf(Locale.ROOT, " %12s%s%s%s%n", empty ? "-" : micros(metric.max()),
                empty ? "  (no samples)" : "", metric.skippedNegatives() > 0 ?
                "  (" + metric.skippedNegatives() + " negative values skipped: " + whyNegative(result) + ")" : "",
                metric.skippedUnstamped() > 0 ?
                "  (" + metric.skippedUnstamped() + " skipped: a stamp of 0, the server took no time)" : "");
        }
        out.println(publicBeforePrivate(result.correlator().metrics()));
        for (final LatencyMetric subscriber : result.correlator().metrics().perSubscriber())
        {
            out.printf(Locale.ROOT, "  %s = %s%n", subscriber.name(), subscriber.description());
        }
    }

    /** Why a hop between a capture time and a server stamp came out below zero, as far as the capture tells. */
    static String whyNegative(final AnalysisResult result)
    {
        if (result.wholeMicrosecondTimes())
        {
            return "the capture's times are whole µs, up to 1 µs early";
        }
        if (result.oneHost())
        {
            return "one host and one clock: the server's stamp was read after the packet was captured";
        }
        return "the capture host's clock and the server's differ";
    }

    /** T7's "public before private": how often the market saw the order before its owner did. */
    static String publicBeforePrivate(final Metrics metrics)
    {
        final long orders = metrics.tickMinusAck.count();
        if (orders == 0)
        {
            return "public before private: no acknowledged order with a tick";
        }
        return String.format(Locale.ROOT, "public before private: %,d of %,d orders (%.3f %%) had their first " +
            "market-data tick on the wire before their ack (tick-minus-ack < 0)", metrics.publicBeforePrivate(),
            orders, 100.0 * metrics.publicBeforePrivate() / orders);
    }

    private static boolean isHeadline(final LatencyMetric metric)
    {
        return switch (metric.name())
        {
            case "order-ack", "cancel-ack", "replace-ack", "order-to-tick", "tick-minus-ack" -> true;
            default -> false;
        };
    }

    static String micros(final long nanos)
    {
        return String.format(Locale.ROOT, "%.3f", nanos / 1000.0);
    }

    private static void writeUnmatched(final CorrelationStatistics statistics, final PrintStream out)
    {
        out.printf(Locale.ROOT,
            "requests  D %,d, F %,d, G %,d; duplicate ClOrdID while open %,d, without ClOrdID %,d%n",
            statistics.requests("D"), statistics.requests("F"), statistics.requests("G"),
            statistics.duplicateRequests(), statistics.requestsWithoutClOrdId());
        out.printf(Locale.ROOT, "unmatched D without ack %,d (%,d after the ack timeout), %,d requests of any kind " +
            "dropped as their answer may be in a capture gap, F without 150=4/35=9 %,d, " +
            "G without 150=5/35=9 %,d; acked orders with OrderID %,d of which without tick %,d; " +
            "later reports for acknowledged orders %,d; ExecutionReports/35=9 answering no open request %,d; " +
            "MD entries (278) %,d of which for no open order %,d (%,d of those paired later: tick before ack)%n",
            statistics.unmatchedRequests("D"), statistics.evictedRequests("D"), statistics.requestsWithAnswerInGap(),
            statistics.unmatchedRequests("F"),
            statistics.unmatchedRequests("G"), statistics.ackedOrdersWithOrderId(), statistics.ordersWithoutTick(),
            statistics.laterReports(), statistics.reportsWithoutRequest(), statistics.mdEntries(),
            statistics.mdEntriesWithoutOrder(), statistics.ticksBeforeAck());
        out.printf(Locale.ROOT, "memory    peak open orders %,d%n", statistics.peakOpenOrders());
    }

    private static void writeRates(final AnalysisResult result, final PrintStream out)
    {
        for (final MessageRates rates : new MessageRates[] {result.correlator().allRates(),
            result.correlator().orderEntryRates(), result.correlator().marketDataRates()})
        {
            if (rates.total() == 0)
            {
                continue;
            }
            out.printf(Locale.ROOT, "rate      %-16s %,d messages; peak %,d in 1 s, %,d in 100 ms (%,d/s), " +
                "%,d in 10 ms (%,d/s), %,d in 1 ms (%,d/s)%n", rates.name(), rates.total(), rates.peak(0),
                rates.peak(1), rates.peakPerSecond(1), rates.peak(2), rates.peakPerSecond(2), rates.peak(3),
                rates.peakPerSecond(3));
        }
    }

    private static void writeProblems(final AnalysisResult result, final PrintStream out)
    {
        if (result.problems().problemCount() > 0)
        {
            out.printf(Locale.ROOT, "%nPROBLEMS (%d; the input is partly corrupt, everything readable was analysed):%n",
                result.problems().problemCount());
            result.problems().problems().forEach(text -> out.println("  " + text));
            if (result.problems().problemCount() > result.problems().problems().size())
            {
                out.println("  ... and " + (result.problems().problemCount() - result.problems().problems().size()) +
                    " more");
            }
        }
        if (result.problems().warningCount() > 0)
        {
            out.printf(Locale.ROOT, "%nwarnings (%d):%n", result.problems().warningCount());
            result.problems().warnings().forEach(text -> out.println("  " + text));
            if (result.problems().warningCount() > result.problems().warnings().size())
            {
                out.println("  ... and " + (result.problems().warningCount() - result.problems().warnings().size()) +
                    " more");
            }
        }
    }
}
