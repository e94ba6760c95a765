package io.kairos.bench.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.kairos.bench.exchangecore.ExchangeCoreTarget;
import io.kairos.bench.harness.BenchTarget;
import io.kairos.bench.harness.LoadDriver;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.RunResult;
import io.kairos.engine.JournalMode;
import io.kairos.engine.WaitStrategyType;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs Kairos's engine and exchange-core 0.5.3 on the same generated command flow and prints, per
 * scenario, a Markdown table of sustained throughput and fixed-rate latency percentiles with the
 * ratios. Kairos runs in this JVM; exchange-core runs in a Java 17 child JVM on the same flow,
 * written to a file (it cannot start on JDK 25), unless {@code --exchange-core-java in-process}.
 * Launched by {@code bench/bin/engine-vs-exchange-core}.
 */
@Command(name = "engine-vs-exchange-core", mixinStandardHelpOptions = true,
    description = "Kairos engine vs exchange-core 0.5.3: same JVM, same command stream; throughput and latency.")
public final class EngineVsExchangeCore implements Callable<Integer>
{
    @Option(names = "--scenario", split = ",", description = "Scenarios: tradexpress, cinnober (default: both).")
    List<String> scenarios = List.of(Scenario.TRADEXPRESS.key(), Scenario.CINNOBER.key());

    @Option(names = "--seconds", description =
        "Length of the fixed-rate latency segment per engine, in seconds (default: ${DEFAULT-VALUE}).")
    int seconds = 5;

    @Option(names = "--rate", description =
        "Offered rate of the latency segment, commands/s, for every engine (default: ${DEFAULT-VALUE}).")
    long ratePerSecond = 20_000;

    @Option(names = "--throughput-commands", description =
        "Commands in the unthrottled throughput segment (default: ${DEFAULT-VALUE}).")
    int throughputCommands = 1_000_000;

    @Option(names = "--warmup-commands", description =
        "Unmeasured commands after the prefill (default: ${DEFAULT-VALUE}).")
    int warmupCommands = 500_000;

    @Option(names = "--kairos-journal", split = ",", description =
        "Kairos journal modes to run: OFF, ASYNC, SYNC (default: OFF,ASYNC).")
    List<JournalMode> kairosJournalModes = List.of(JournalMode.OFF, JournalMode.ASYNC);

    @Option(names = "--exchange-core-journal", split = ",", description =
        "exchange-core journaling to run: off, disk (default: off,disk).")
    List<String> exchangeCoreJournals = List.of("off", "disk");

    @Option(names = "--partitions", description =
        "Kairos partitions (matcher threads); books are spread over them (default: ${DEFAULT-VALUE}).")
    int partitions = 1;

    @Option(names = "--kairos-wait", description = "Kairos wait strategy (default: ${DEFAULT-VALUE}).")
    WaitStrategyType kairosWait = WaitStrategyType.YIELDING;

    @Option(names = "--exchange-core-wait", description = "exchange-core wait strategy (default: ${DEFAULT-VALUE}).")
    ExchangeCoreWait exchangeCoreWait = ExchangeCoreWait.YIELDING;

    @Option(names = "--seed", description = "Seed of the command stream (default: ${DEFAULT-VALUE}).")
    long seed = 20_261_122L;

    @Option(names = "--exchange-core-java", description =
        "Java for exchange-core: a java binary, 'auto' (a Java 17 under "
        + "/usr/lib/jvm), or 'in-process' (this JVM; fails on JDK 25) (default: ${DEFAULT-VALUE}).")
    String exchangeCoreJava = "auto";

    @Option(names = "--work-dir", description =
        "Where journals go (a fresh sub-directory, deleted afterwards; default: java.io.tmpdir).")
    Path workDir = Path.of(System.getProperty("java.io.tmpdir"));

    public static void main(final String[] args)
    {
        System.exit(
            new CommandLine(new EngineVsExchangeCore()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws Exception
    {
        final ExchangeCoreProcess child = ExchangeCoreProcess.fromOption(exchangeCoreJava, new CommandLine(this));
        final ResultTable table = new ResultTable(System.out);
        table.printEnvironment(ratePerSecond, seconds, throughputCommands, warmupCommands, partitions, kairosWait,
            exchangeCoreWait, seed,
            child == null ? "in this JVM" : "child JVM " + child.java() + " " + String.join(" ", child.jvmOptions()));
        final Path runDir = Files.createTempDirectory(workDir, "kairos-bench-");
        try
        {
            for (final String key : scenarios)
            {
                final Scenario scenario = Scenario.byKey(key);
                System.err.printf("generating %s ...%n", key);
                final OrderFlowGenerator.GeneratedFlow generated = OrderFlowGenerator.generate(
                    scenario, seed, warmupCommands, throughputCommands, Math.toIntExact(ratePerSecond * seconds));
                final OrderFlow flow = generated.flow();
                final Path flowFile = runDir.resolve(key + ".flow");
                if (child != null)
                {
                    flow.write(flowFile);
                }
                final List<RunResult> results = new ArrayList<>();
                for (final String journal : exchangeCoreJournals)
                {
                    final boolean disk = parseExchangeCoreJournal(journal);
                    final Path dir = Files.createDirectories(runDir.resolve(key + "-ec-" + journal));
                    results.add(child == null
                        ? runOne(new ExchangeCoreTarget(flow, disk, dir, exchangeCoreWait.name()), flow)
                        : report(key, child.run(flowFile, disk, dir, exchangeCoreWait.name(), ratePerSecond)));
                }
                Files.deleteIfExists(flowFile);
                for (final JournalMode mode : kairosJournalModes)
                {
                    final Path kairosDir = Files.createDirectories(runDir.resolve(key + "-kairos-" + mode));
                    results.add(runOne(new KairosTarget(flow, mode, kairosDir, partitions, kairosWait), flow));
                }
                table.printScenario(scenario, generated.stats(), results);
            }
        }
        finally
        {
            ExchangeCoreProcess.deleteRecursively(runDir);
        }
        return 0;
    }

    private static boolean parseExchangeCoreJournal(final String value)
    {
        return switch (value.toLowerCase(java.util.Locale.ROOT))
        {
            case "off" -> false;
            case "disk" -> true;
            default -> throw new CommandLine.ParameterException(new CommandLine(new EngineVsExchangeCore()),
                "--exchange-core-journal: expected off or disk, got '" + value + "'");
        };
    }

    private RunResult runOne(final BenchTarget target, final OrderFlow flow) throws Exception
    {
        System.err.printf("running %s / %s ...%n", flow.scenarioKey(), target.label());
        try (target)
        {
            return report(flow.scenarioKey(), LoadDriver.run(target, flow, ratePerSecond));
        }
        finally
        {
            System.gc();
        }
    }

    private RunResult report(final String scenario, final RunResult result)
    {
        System.err.printf("  %s / %s: %,.0f commands/s, p99 %.1f us at %,d/s, rejects %,d, fills %,d%n", scenario,
            result.label(), result.throughputPerSecond(), result.latencyMicros(99), ratePerSecond, result.rejects(),
            result.fills());
        return result;
    }
}
