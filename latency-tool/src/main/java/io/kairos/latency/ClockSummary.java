package io.kairos.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.kairos.latency.capture.TimeSource;
import io.kairos.latency.capture.TimestampMode;

/**
 * Which clock stamped the packets, for the report: all packets by {@link TimeSource}, and the FIX data segments of
 * each end a latency is measured between (requests to the order-entry server, its answers, market data to the
 * subscribers). A latency whose two messages were stamped by different clocks is the difference of two clocks, not a
 * duration; such latencies are kept but flagged per metric with how many segments of each end used each clock (the
 * per-sample split would need the correlator to carry a clock per message). Immutable once built; safe to read from
 * any thread after the analysis.
 *
 * @param mode               the {@code --timestamps} mode of the run.
 * @param packetsBySource    packets per {@link TimeSource} ordinal.
 * @param ambiguousTrailers  frames whose tail parsed as more than one trailer family (host time kept).
 * @param segmentsByEnd      FIX data segments per [{@link #REQUESTS}, {@link #ANSWERS}, {@link #MARKET_DATA}]
 *                           × {@link TimeSource} ordinal.
 */
public record ClockSummary(TimestampMode mode, long[] packetsBySource, long ambiguousTrailers, long[] segmentsByEnd)
{
    public static final int REQUESTS = 0;
    public static final int ANSWERS = 1;
    public static final int MARKET_DATA = 2;
    public static final int ENDS = 3;
    private static final String[] END_NAMES = {"requests", "answers", "market data"};
    private static final String[][] METRICS_BY_ENDS = {
        {"order-ack, cancel-ack, replace-ack, cancel-replace-reject", "0", "1"},
        {"order-to-tick (all subscribers)", "0", "2"},
        {"tick-minus-ack", "1", "2"}};

    /** The index into {@link #segmentsByEnd} of an end and a source. */
    public static int index(final int end, final TimeSource source)
    {
        return end * TimeSource.COUNT + source.ordinal();
    }

    public long packets(final TimeSource source)
    {
        return packetsBySource[source.ordinal()];
    }

    public long segments(final int end, final TimeSource source)
    {
        return segmentsByEnd[index(end, source)];
    }

    /** E.g. "Metamako trailer stamps (hardware), 1,234 of 1,240 packets; capture host clock for 6". */
    public String packetsLine()
    {
        long total = 0;
        for (final long count : packetsBySource)
        {
            total += count;
        }
        final StringBuilder text = new StringBuilder();
        for (final TimeSource source : TimeSource.values())
        {
            if (source.hardware() && packets(source) > 0)
            {
                text.append(text.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "%s, %,d of %,d packets",
                    source.description(), packets(source), total));
            }
        }
        if (text.isEmpty())
        {
            text.append(String.format(Locale.ROOT, "%s, all %,d packets", TimeSource.HOST.description(), total));
        }
        else
        {
            text.append(String.format(Locale.ROOT, "; %s for %,d", TimeSource.HOST.description(),
                packets(TimeSource.HOST)));
        }
        text.append(" (--timestamps ").append(mode.cliName());
        if (ambiguousTrailers > 0)
        {
            text.append(String.format(Locale.ROOT, "; %,d frames left on the host clock: their tail parses as more " +
                "than one trailer family", ambiguousTrailers));
        }
        return text.append(')').toString();
    }

    /** {@link #packetsLine()} followed by any {@link #mixedClockLines()}, on one line (the HTML header). */
    public String text()
    {
        final StringBuilder text = new StringBuilder(packetsLine());
        mixedClockLines().forEach(line -> text.append("; ").append(line));
        return text.toString();
    }

    /** One line per metric group whose two ends were not all stamped by one clock; empty when none mixed. */
    public List<String> mixedClockLines()
    {
        final List<String> lines = new ArrayList<>();
        for (final String[] metric : METRICS_BY_ENDS)
        {
            final int first = Integer.parseInt(metric[1]);
            final int second = Integer.parseInt(metric[2]);
            if (sourcesUsed(first, second) > 1)
            {
                lines.add("MIXED CLOCKS in " + metric[0] + ": " + endText(first) + "; " + endText(second) +
                    " (a latency between messages of two clocks includes their offset)");
            }
        }
        return lines;
    }

    private int sourcesUsed(final int first, final int second)
    {
        int used = 0;
        for (final TimeSource source : TimeSource.values())
        {
            if (segments(first, source) + segments(second, source) > 0)
            {
                used++;
            }
        }
        return used;
    }

    private String endText(final int end)
    {
        final StringBuilder text = new StringBuilder(END_NAMES[end]).append(' ');
        String separator = "";
        for (final TimeSource source : TimeSource.values())
        {
            if (segments(end, source) > 0)
            {
                text.append(separator).append(String.format(Locale.ROOT, "%,d %s", segments(end, source),
                    source.description()));
                separator = ", ";
            }
        }
        return separator.isEmpty() ? text.append("none").toString() : text.toString();
    }
}
