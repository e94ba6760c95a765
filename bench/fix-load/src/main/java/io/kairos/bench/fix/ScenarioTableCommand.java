package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fix-load scenario-table}: the published table of a scenario next to ours, from latency-tool report
 * directories (door-to-door, on the wire) and fix-load output directories (at the client), each latency also as a
 * ratio to the loopback echo floor measured in the same run; then, per run, what the market data and the venue's
 * answers were: incrementals per subscriber per second and entries per incremental over the measured part,
 * subscribers cut off (beside the venue's own count of slow-consumer logouts) and rejects by reason.
 */
@Command(
    name = "scenario-table",
    mixinStandardHelpOptions = true,
    description = "Prints a scenario's published figures beside this run's (latency-tool door-to-door and fix-load " +
        "at-client), with ratios to the echo floor of the same run.")
public final class ScenarioTableCommand implements Callable<Integer>
{
    private static final String[] REQUEST_METRICS = {"order-ack", "cancel-ack", "replace-ack"};
    /** The venue's count of market-data sessions it logged out for a full outbound queue. */
    static final String SLOW_CONSUMER_COUNTER = "kairos_md_slow_consumer_disconnects_total";
    /** Reasons named in a cell; the others are summed. */
    private static final int REASONS_SHOWN = 3;

    @Option(names = "--scenario", required = true, description = "order-to-tick | concentration | distribution | ultra")
    String scenario;

    @Option(names = "--floor-report", required = true, description = "latency-tool report directory of the echo floor")
    Path floorReport;

    @Option(names = "--floor-load", required = true, description = "fix-load --out directory of the echo floor")
    Path floorLoad;

    @Option(names = "--report", required = true, paramLabel = "LABEL=DIR",
        description = "latency-tool report directory of a Kairos run, e.g. async=out/async/latency; repeatable")
    Map<String, Path> reports = new LinkedHashMap<>();

    @Option(names = "--load", required = true, paramLabel = "LABEL=DIR",
        description = "fix-load --out directory of the same run; repeatable")
    Map<String, Path> loads = new LinkedHashMap<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public Integer call() throws IOException
    {
        final String text = switch (scenario)
        {
            case "order-to-tick" -> orderToTick();
            case "concentration" -> averages("Cinnober 2007, 20 sessions, one book, 1,200 events/s",
                new String[] {"async", "sync"}, new double[] {700, 2900});
            case "distribution" -> averages("Cinnober 2007, 130 sessions, 1,000 books, 8 partitions, 9,600 events/s",
                new String[] {"async", "sync"}, new double[] {1628, 3247});
            case "ultra" -> ultra();
            default -> throw new CommandLine.ParameterException(spec.commandLine(), "unknown scenario " + scenario);
        };
        System.out.print(text);
        System.out.print(runFigures());
        return 0;
    }

    /**
     * The market data and the rejects of each labelled run, from its fix-load summary (the lean client's keys
     * {@code md.measured.*}, {@code md.cut-off*} and {@code rejects.*}; "n/a" where a run has none, e.g. the
     * QuickFIX/J client) and the venue's scrapes in the same directory.
     */
    String runFigures() throws IOException
    {
        final StringBuilder text = new StringBuilder(1024);
        text.append("\nper run: market data over the measured part, subscribers cut off during the run, rejects " +
            "from the start of the measured part on (reasons with digits as #)\n\n");
        text.append("| run | 35=X per subscriber per s | entries per 35=X | subscribers cut off | " +
            "venue slow-consumer logouts | rejects by reason |\n");
        text.append("|---|---|---|---|---|---|\n");
        for (final Map.Entry<String, Path> load : loads.entrySet())
        {
            final Properties summary = MetricFigures.loadSummary(load.getValue());
            final boolean md = summary.containsKey("md.subscribers");
            final double slowConsumers = VenueCounters.delta(load.getValue(), SLOW_CONSUMER_COUNTER);
            text.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", load.getKey(),
                md ? number(summary, "md.measured.incrementals-per-subscriber-per-second", "%.1f") : "n/a",
                md ? number(summary, "md.measured.entries-per-incremental", "%.2f") : "n/a",
                md ? cutOff(summary) : "n/a",
                Double.isNaN(slowConsumers) ? "n/a" : String.format(Locale.ROOT, "%.0f", slowConsumers),
                rejects(summary)));
        }
        return text.toString();
    }

    private static String number(final Properties summary, final String key, final String format)
    {
        try
        {
            final double value = Double.parseDouble(summary.getProperty(key, "NaN"));
            return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, format, value);
        }
        catch (final NumberFormatException ex)
        {
            return "n/a";
        }
    }

    /** "N of M", with how each was cut off (grouped) when some were: "2 of 10 (2 Logout: slow consumer...)". */
    private static String cutOff(final Properties summary)
    {
        final int count = Integer.parseInt(summary.getProperty("md.cut-off", "0"));
        final String of = count + " of " + summary.getProperty("md.subscribers");
        if (count == 0)
        {
            return of;
        }
        final Map<String, Integer> how = new LinkedHashMap<>();
        for (int i = 1; i <= count; i++)
        {
            final String note = summary.getProperty("md.cut-off." + i, "");
            // "MD03: Logout: slow consumer..." groups by what follows the session
            final int colon = note.indexOf(": ");
            how.merge(colon < 0 ? note : note.substring(colon + 2), 1, Integer::sum);
        }
        final StringBuilder text = new StringBuilder(of).append(" (");
        how.forEach((note, sessions) -> text.append(text.charAt(text.length() - 1) == '(' ? "" : "; ")
            .append(sessions).append(' ').append(cell(note)));
        return text.append(')').toString();
    }

    /** The most frequent reasons with their counts, the rest summed; "none" when none; "n/a" without the keys. */
    private static String rejects(final Properties summary)
    {
        if (!summary.containsKey("rejects.total"))
        {
            return "n/a";
        }
        final long total = Long.parseLong(summary.getProperty("rejects.total"));
        if (total == 0)
        {
            return "none";
        }
        final int reasons = Integer.parseInt(summary.getProperty("rejects.reasons", "0"));
        final StringBuilder text = new StringBuilder().append(total).append(':');
        long shown = 0;
        for (int i = 1; i <= Math.min(reasons, REASONS_SHOWN); i++)
        {
            final long count = Long.parseLong(summary.getProperty("rejects." + i + ".count", "0"));
            shown += count;
            text.append(i == 1 ? " " : "; ").append(count).append(' ')
                .append(cell(summary.getProperty("rejects." + i + ".reason", "?")));
        }
        if (total > shown)
        {
            text.append("; ").append(total - shown).append(" other");
        }
        return text.toString();
    }

    /** Text safe in a Markdown table cell. */
    private static String cell(final String text)
    {
        return text.replace("|", "\\|").replace('\n', ' ');
    }

    private String orderToTick() throws IOException
    {
        return latencyTable("order-to-tick (Deltix 2023: 10 sessions, 20K orders/s, 10 subscribers)",
            (text, label, floor) ->
            {
                final MetricFigures ack = MetricFigures.fromLatencyTool(reports.get(label), "order-ack");
                final MetricFigures tick = MetricFigures.fromLatencyTool(reports.get(label), "order-to-tick");
                final MetricFigures client = clientFigures(label, "order-ack");
                row(text, "order-ack (" + label + ")", "18 / 32 / 40", ack, floor, client.percentiles());
                row(text, "order-to-tick (" + label + ")", "42 / 67 / 91", tick, floor, "n/a");
            });
    }

    private String ultra() throws IOException
    {
        return latencyTable("ultra (TRADExpress Ultra: 100 sessions, 10 books, ~15,000 active orders)",
            (text, label, floor) ->
            {
                for (final String metric : REQUEST_METRICS)
                {
                    final MetricFigures wire = MetricFigures.fromLatencyTool(reports.get(label), metric);
                    if (wire.present())
                    {
                        row(text, metric + " (" + label + ")", metric.equals("order-ack") ? "1.4 p50" : "-", wire,
                            floor, clientFigures(label, metric).percentiles());
                    }
                }
            });
    }

    /** A table of percentiles: its title, the header, {@code rows} for each labelled run, the footer. */
    private String latencyTable(final String title, final Rows rows) throws IOException
    {
        final StringBuilder text = new StringBuilder(2048);
        final MetricFigures floor = MetricFigures.fromLatencyTool(floorReport, "order-ack");
        text.append(title).append(", latencies in us p50 / p90 / p99\n\n");
        text.append(header());
        for (final String label : reports.keySet())
        {
            rows.append(text, label, floor);
        }
        return text.append(footer()).toString();
    }

    /** Appends the rows of one labelled run, given the echo floor's order-ack figures. */
    @FunctionalInterface
    private interface Rows
    {
        void append(StringBuilder text, String label, MetricFigures floor) throws IOException;
    }

    private String averages(final String title, final String[] modes, final double[] publishedUs) throws IOException
    {
        final StringBuilder text = new StringBuilder(2048);
        final double floorMean = combinedMean(floorReport);
        text.append(scenario).append(" (").append(title).append("), average latency of all requests " +
            "(insert, cancel, update), ms\n\n");
        text.append("| journal | published avg | Kairos avg, wire | echo floor avg | ratio to floor | " +
            "Kairos avg, client | requests | intended/s | actual/s |\n");
        text.append("|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < modes.length; i++)
        {
            final String mode = modes[i];
            if (!reports.containsKey(mode) && !loads.containsKey(mode))
            {
                continue;
            }
            final Path report = reports.get(mode);
            final double wire = report == null ? Double.NaN : combinedMean(report);
            final Properties load = loads.containsKey(mode) ? MetricFigures.loadSummary(loads.get(mode)) :
                new Properties();
            double clientSum = 0;
            long clientCount = 0;
            for (final String metric : REQUEST_METRICS)
            {
                final MetricFigures f = loads.containsKey(mode) ? MetricFigures.fromLoad(loads.get(mode), metric) :
                    MetricFigures.ABSENT;
                if (f.present())
                {
                    clientSum += f.mean() * f.count();
                    clientCount += f.count();
                }
            }
            text.append(String.format(Locale.ROOT, "| %s | %.3f | %s | %s | %s | %s | %d | %s | %s |%n", mode,
                publishedUs[i] / 1000, ms(wire), ms(floorMean), MetricFigures.ratio(wire, floorMean),
                ms(clientCount == 0 ? Double.NaN : clientSum / clientCount), clientCount,
                load.getProperty("rate.intended", "n/a"), load.getProperty("rate.actual", "n/a")));
        }
        return text.append(footer()).toString();
    }

    /** Mean over order-ack, cancel-ack and replace-ack of a latency-tool report, weighted by count (µs). */
    private static double combinedMean(final Path report) throws IOException
    {
        double sum = 0;
        long count = 0;
        for (final String metric : REQUEST_METRICS)
        {
            final MetricFigures f = MetricFigures.fromLatencyTool(report, metric);
            if (f.present() && !Double.isNaN(f.mean()))
            {
                sum += f.mean() * f.count();
                count += f.count();
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    private MetricFigures clientFigures(final String label, final String metric) throws IOException
    {
        return loads.containsKey(label) ? MetricFigures.fromLoad(loads.get(label), metric) : MetricFigures.ABSENT;
    }

    private static String header()
    {
        return "| metric | published | Kairos, wire | echo floor, wire | ratio to floor | Kairos, client (plan) |\n" +
            "|---|---|---|---|---|---|\n";
    }

    private static void row(final StringBuilder text, final String name, final String published,
        final MetricFigures wire, final MetricFigures floor, final String client)
    {
        text.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", name, published,
            wire.percentiles(), floor.percentiles(), wire.ratios(floor), client));
    }

    private String footer() throws IOException
    {
        final StringBuilder text = new StringBuilder(512);
        text.append("\nwire: latency-tool on the tcpdump capture (first byte of the request to first byte of the " +
            "answer); client: fix-load, from the planned send time.\n");
        for (final Map.Entry<String, Path> load : loads.entrySet())
        {
            final Properties summary = MetricFigures.loadSummary(load.getValue());
            text.append(String.format(Locale.ROOT, "send rate %s: intended %s/s, actual %s/s, %s measured requests, " +
                "%s unanswered%n", load.getKey(), summary.getProperty("rate.intended", "n/a"),
                summary.getProperty("rate.actual", "n/a"), summary.getProperty("requests.measured", "n/a"),
                summary.getProperty("requests.unanswered", "n/a")));
            final JournalForceFigures force = JournalForceFigures.fromScrapes(load.getValue());
            if (force != null)
            {
                text.append("journal ").append(load.getKey()).append(": ").append(force.describe()).append('\n');
            }
        }
        final Properties floorSummary = MetricFigures.loadSummary(floorLoad);
        text.append(String.format(Locale.ROOT, "echo floor: intended %s/s, actual %s/s, client order-ack p50 %s us%n",
            floorSummary.getProperty("rate.intended", "n/a"), floorSummary.getProperty("rate.actual", "n/a"),
            floorSummary.getProperty("order-ack.p50.us", "n/a")));
        return text.toString();
    }

    private static String ms(final double micros)
    {
        return Double.isNaN(micros) ? "n/a" : String.format(Locale.ROOT, "%.3f", micros / 1000);
    }
}
