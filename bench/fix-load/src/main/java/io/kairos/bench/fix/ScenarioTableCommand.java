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
 * ratio to the loopback echo floor measured in the same run.
 */
@Command(
    name = "scenario-table",
    mixinStandardHelpOptions = true,
    description = "Prints a scenario's published figures beside this run's (latency-tool door-to-door and fix-load " +
        "at-client), with ratios to the echo floor of the same run.")
public final class ScenarioTableCommand implements Callable<Integer>
{
    private static final String[] REQUEST_METRICS = {"order-ack", "cancel-ack", "replace-ack"};

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
        return 0;
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
