package io.kairos.bench.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

import io.kairos.bench.harness.LoadDriver;
import io.kairos.bench.harness.RunResult;

/**
 * Prints the run's environment and one Markdown table per scenario: each engine's sustained
 * throughput and fixed-rate latency percentiles, and each Kairos row's ratios against
 * exchange-core in the same durability class: journal OFF against no journal, ASYNC/SYNC against
 * its disk journal (throughput ×, p99 ×; a p99 ratio &lt; 1 means Kairos is faster).
 * Owned by the main thread.
 */
final class ResultTable
{
    private final PrintStream out;

    ResultTable(final PrintStream out)
    {
        this.out = out;
    }

    void printEnvironment(final long rate, final int seconds, final int throughputCommands, final int warmupCommands,
        final int partitions, final Object kairosWait, final Object exchangeCoreWait, final long seed,
        final String exchangeCoreJvm)
    {
        out.printf("# Kairos engine vs exchange-core 0.5.3%n%n");
        out.printf("- date: %s%n", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        out.printf("- machine: %d cores (availableProcessors), %s; load average at start (shared machine): %s%n",
            Runtime.getRuntime().availableProcessors(), cpuModel(), loadAverage());
        out.printf("- JVM: %s %s; flags: %s%n", System.getProperty("java.vm.name"),
            System.getProperty("java.runtime.version"),
            String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        out.printf("- load: per engine, prefill, %,d warm-up commands, %,d commands unthrottled "
            + "(throughput: %d back-to-back trials, each first publish to last result, median reported), "
            + "then %,d commands at a fixed %,d commands/s (latency: planned send time to result, HdrHistogram)%n",
            warmupCommands, throughputCommands, LoadDriver.THROUGHPUT_TRIALS, rate * seconds, rate);
        out.printf(
            "- Kairos: %d partition(s), wait %s; exchange-core: OrderBookDirectImpl, 1 matching + 1 risk engine, "
            + "NO_RISK_PROCESSING, wait %s, run in %s; seed %d%n%n", partitions, kairosWait, exchangeCoreWait,
            exchangeCoreJvm, seed);
    }

    void printScenario(final Scenario scenario, final FlowStats stats, final List<RunResult> results)
    {
        out.printf("## %s%n%n", scenario.title());
        out.printf("Flow: %s%n%n", stats.describe());
        final RunResult noJournal = find(results, "exchange-core, no journal");
        final RunResult diskJournal = find(results, "exchange-core, disk journal");
        out.printf("| engine | throughput (cmd/s, median) | trials min–max | × EC | p50 µs | p90 µs | p99 µs "
            + "| p99.9 µs | max µs | p99 × EC | rejects | fills |%n");
        out.printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|%n");
        for (final RunResult r : results)
        {
            final RunResult baseline = !r.label().startsWith("Kairos") ? null : r.label().endsWith("OFF") ? noJournal
                : diskJournal;
            out.printf("| %s | %,.0f | %,.0f–%,.0f | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %s | %,d | %,d |%n",
                r.label(), r.throughputPerSecond(), r.throughputMinPerSecond(), r.throughputMaxPerSecond(),
                baseline == null ? "" : String.format("%.2f", r.throughputPerSecond() / baseline.throughputPerSecond()),
                r.latencyMicros(50), r.latencyMicros(90), r.latencyMicros(99), r.latencyMicros(99.9), r.maxMicros(),
                baseline == null ? "" : String.format("%.2f", r.latencyMicros(99) / baseline.latencyMicros(99)),
                r.rejects(), r.fills());
        }
        out.printf("%nLatency at %,d commands/s offered; × EC compares Kairos journal OFF with exchange-core "
            + "without journal, and Kairos with a journal with exchange-core's disk journal "
            + "(p99 × EC < 1: Kairos lower). Load average after: %s%n%n",
            results.get(0).offeredRatePerSecond(), loadAverage());
        out.flush();
    }

    /**
     * The 1/5/15-minute load averages, printed again after each scenario: other processes on the machine skew every
     * figure.
     */
    static String loadAverage()
    {
        try
        {
            final String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        }
        catch (final IOException | RuntimeException e)
        {
            return "unknown";
        }
    }

    private static RunResult find(final List<RunResult> results, final String label)
    {
        return results.stream().filter(r -> r.label().equals(label)).findFirst().orElse(null);
    }

    static String cpuModel()
    {
        try
        {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(line -> line.startsWith("model name"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim())
                .findFirst().orElse("unknown CPU");
        }
        catch (final IOException | RuntimeException e)
        {
            return "unknown CPU";
        }
    }
}
