package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fix-load compare}: the issue-3 table from the load runs' output directories: order-ack p50/p90/p99 per
 * peer, intended and actual rate, and the two goal ratios.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = "Prints order-ack p50/p90/p99 (client round trip from the planned send time) of several load runs " +
        "and the ratios subject p50 / floor p50 and peer p99 / subject p99.")
public final class CompareCommand implements Callable<Integer>
{
    @Option(names = "--run", required = true, paramLabel = "LABEL=DIR",
        description = "a load run's label and --out directory; repeat, e.g. --run echo=out/echo")
    Map<String, Path> runs = new LinkedHashMap<>();

    @Option(names = "--floor", defaultValue = "echo", description = "label of the floor (default: ${DEFAULT-VALUE})")
    String floor;

    @Option(names = "--subject", defaultValue = "kairos", description = "(default: ${DEFAULT-VALUE})")
    String subject;

    @Option(names = "--peer", defaultValue = "ordermatch", description = "(default: ${DEFAULT-VALUE})")
    String peer;

    @Option(names = "--metric", defaultValue = "order-ack", description = "(default: ${DEFAULT-VALUE})")
    String metric;

    public Integer call() throws IOException
    {
        System.out.print(render());
        return 0;
    }

    String render() throws IOException
    {
        final StringBuilder text = new StringBuilder(1024);
        // the load average before each peer's run (HostLoad): a peer measured on a busy host is not comparable
        text.append(String.format(Locale.ROOT, "| %-12s | %9s | %9s | %9s | %9s | %12s | %12s | %10s | %-19s |%n",
            "peer", "p50 us", "p90 us", "p99 us", "mean us", "intended/s", "actual/s", "unanswered",
            "load avg before"));
        text.append("|--------------|-----------|-----------|-----------|-----------|--------------|--------------|" +
            "------------|---------------------|\n");
        final Map<String, MetricFigures> figures = new LinkedHashMap<>();
        for (final Map.Entry<String, Path> run : runs.entrySet())
        {
            final MetricFigures f = MetricFigures.fromLoad(run.getValue(), metric);
            figures.put(run.getKey(), f);
            final Properties summary = MetricFigures.loadSummary(run.getValue());
            text.append(String.format(Locale.ROOT, "| %-12s | %9s | %9s | %9s | %9s | %12s | %12s | %10s | %-19s |%n",
                run.getKey(), cell(f.p50()), cell(f.p90()), cell(f.p99()), cell(f.mean()),
                summary.getProperty("rate.intended", "n/a"), summary.getProperty("rate.actual", "n/a"),
                summary.getProperty("requests.unanswered", f.present() ? "?" : "not run"),
                summary.getProperty("host.load-average", "n/a") +
                ("true".equals(summary.getProperty("host.busy")) ? " BUSY" : "")));
        }
        final MetricFigures subjectFigures = figures.getOrDefault(subject, MetricFigures.ABSENT);
        final MetricFigures floorFigures = figures.getOrDefault(floor, MetricFigures.ABSENT);
        final MetricFigures peerFigures = figures.getOrDefault(peer, MetricFigures.ABSENT);
        text.append(String.format(Locale.ROOT, "%n%s p50 / %s p50 = %s (goal <= 1.3x)%n", subject, floor,
            MetricFigures.ratio(subjectFigures.p50(), floorFigures.p50())));
        text.append(String.format(Locale.ROOT, "%s p99 / %s p99 = %s (goal >= 10x)%n", peer, subject,
            MetricFigures.ratio(peerFigures.p99(), subjectFigures.p99())));
        return text.toString();
    }

    private static String cell(final double value)
    {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.1f", value);
    }
}
