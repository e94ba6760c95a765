package io.kairos.bench.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.kairos.bench.exchangecore.ExchangeCoreReplayRunner;
import io.kairos.bench.harness.CanonicalText;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.OutcomeLog;
import io.kairos.bench.harness.ReplayDriver;
import io.kairos.bench.harness.ReplayResult;
import io.kairos.bench.harness.ReplayTarget;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The matcher-only benchmark: per price regime, one seeded flow replayed by Kairos's
 * {@code MatchingCore} in this JVM (per message and batched) and by exchange-core 0.5.3 (its order
 * book alone, and its whole pipeline) in a Java 17 child JVM, every replay's canonical outcome text
 * hashed; prints Markdown tables of messages/s and ratios, and fails (exit 1) when any hash differs
 * from Kairos's, printing the first differing line. Launched by
 * {@code bench/bin/matcher-vs-exchange-core}. Owned by the main thread.
 */
@Command(name = "matcher-vs-exchange-core", mixinStandardHelpOptions = true,
    description = "Kairos matcher (MatchingCore) vs exchange-core 0.5.3 order book and pipeline: same flows, "
        + "equal outcome hashes, messages/s per price regime.")
public final class MatcherVsExchangeCore implements Callable<Integer>
{
    private static final int DIFF_CONTEXT_LINES = 3;
    private static final String REFERENCE = "Kairos per message";

    @Option(names = "--regimes", split = ",",
        description = "Regimes: static, normal, swing25, swing40, crash (default: all).")
    List<String> regimes = List.of("static", "normal", "swing25", "swing40", "crash");

    @Option(names = "--orders", description = "New orders per regime (default: ${DEFAULT-VALUE}).")
    int orders = 1_000_000;

    @Option(names = "--runs", description = "Timed replays per regime and mode, after one warm-up replay; the "
        + "median is reported (default: ${DEFAULT-VALUE}; use >= 5 for figures).")
    int runs = 5;

    @Option(names = "--seed", description = "Seed of the flows (default: ${DEFAULT-VALUE}).")
    long seed = 20_261_124L;

    @Option(names = "--exchange-core-java", description = "Java for exchange-core: a java binary, 'auto' (a Java 17 "
        + "under /usr/lib/jvm), or 'in-process' (this JVM; its pipeline fails on JDK 25) (default: ${DEFAULT-VALUE}).")
    String exchangeCoreJava = "auto";

    @Option(names = "--exchange-core-modes", split = ",", description = "exchange-core modes: direct (order book "
        + "alone), pipeline (ExchangeCore, async submission) (default: direct,pipeline).")
    List<String> exchangeCoreModes = List.of(ExchangeCoreReplayRunner.DIRECT, ExchangeCoreReplayRunner.PIPELINE);

    @Option(names = "--exchange-core-wait",
        description = "exchange-core pipeline wait strategy (default: ${DEFAULT-VALUE}).")
    ExchangeCoreWait exchangeCoreWait = ExchangeCoreWait.YIELDING;

    @Option(names = "--work-dir", description = "Where flow files and mismatch texts go (a fresh sub-directory, "
        + "deleted afterwards unless a hash differed; default: java.io.tmpdir).")
    Path workDir = Path.of(System.getProperty("java.io.tmpdir"));

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new MatcherVsExchangeCore()).setCaseInsensitiveEnumValuesAllowed(true)
            .execute(args));
    }

    @Override
    public Integer call() throws Exception
    {
        final CommandLine commandLine = new CommandLine(this);
        final List<Regime> chosen = validate(commandLine);
        final ExchangeCoreProcess child = ExchangeCoreProcess.fromOption(exchangeCoreJava, commandLine);
        final MatcherResultTable table = new MatcherResultTable(System.out);
        table.printEnvironment(seed, orders, runs, exchangeCoreSetUp(child));
        final Path runDir = Files.createTempDirectory(workDir, "kairos-matcher-bench-");
        boolean differed = false;
        final List<MatcherResultTable.RegimeResults> all = new ArrayList<>();
        try
        {
            for (final Regime regime : chosen)
            {
                final MatcherResultTable.RegimeResults results =
                    runRegime(regime, child, Files.createDirectory(runDir.resolve(regime.key())));
                table.printRegime(results);
                all.add(results);
                differed |= !results.hashesEqual();
            }
            table.printSummary(all);
        }
        finally
        {
            if (differed)
            {
                System.err.printf("hashes differed: canonical texts kept in %s%n", runDir);
            }
            else
            {
                ExchangeCoreProcess.deleteRecursively(runDir);
            }
        }
        return differed ? 1 : 0;
    }

    private List<Regime> validate(final CommandLine commandLine)
    {
        if (orders < 1 || runs < 1)
        {
            throw new CommandLine.ParameterException(commandLine, "--orders and --runs must be >= 1");
        }
        for (final String mode : exchangeCoreModes)
        {
            if (!ExchangeCoreReplayRunner.DIRECT.equals(mode) && !ExchangeCoreReplayRunner.PIPELINE.equals(mode))
            {
                throw new CommandLine.ParameterException(commandLine,
                    "--exchange-core-modes: expected direct, pipeline; got " + mode);
            }
        }
        final List<Regime> chosen = new ArrayList<>();
        for (final String key : regimes)
        {
            try
            {
                chosen.add(Regime.byKey(key));
            }
            catch (final IllegalArgumentException e)
            {
                throw new CommandLine.ParameterException(commandLine, "--regimes: " + e.getMessage());
            }
        }
        return chosen;
    }

    private String exchangeCoreSetUp(final ExchangeCoreProcess child)
    {
        final String where = child == null ? "in this JVM"
            : "child JVM " + child.java() + " " + String.join(" ", child.jvmOptions());
        return where + "; direct = OrderBookDirectImpl + IOrderBook.processCommand per command; pipeline = "
            + "ExchangeCore (1 matching + 1 risk engine, NO_RISK_PROCESSING, ring 16 K, wait " + exchangeCoreWait
            + "), ExchangeApi.submitCommand per command, done at the last result";
    }

    private MatcherResultTable.RegimeResults runRegime(final Regime regime, final ExchangeCoreProcess child,
        final Path dir) throws Exception
    {
        System.err.printf("generating %s (%,d new orders, seed %d) ...%n", regime.key(), orders, seed);
        final RegimeFlowGenerator.GeneratedFlow generated = RegimeFlowGenerator.generate(regime, seed, orders);
        final OrderFlow flow = generated.flow();
        final int capacity = OutcomeLog.capacityFor(flow.size(), generated.stats().fills());
        final OutcomeLog log = new OutcomeLog(capacity);
        final List<ReplayResult> results = new ArrayList<>();
        final ReplayResult perMessage =
            measure(new KairosMatcherReplay(KairosMatcherReplay.Mode.PER_MESSAGE, flow), flow, log, null, dir);
        final String reference = perMessage.warmupSha256();
        results.add(perMessage);
        results.add(
            measure(new KairosMatcherReplay(KairosMatcherReplay.Mode.BATCHED, flow), flow, log, reference, dir));
        if (child == null)
        {
            for (final String mode : exchangeCoreModes)
            {
                final ReplayTarget target = ExchangeCoreReplayRunner.target(mode, flow, exchangeCoreWait.name());
                results.add(measure(target, flow, log, reference, dir));
            }
        }
        else
        {
            final Path flowFile = dir.resolve("flow");
            flow.write(flowFile);
            results.addAll(child.runReplay(flowFile, dir, runs, exchangeCoreModes, exchangeCoreWait.name(), reference,
                capacity));
            Files.delete(flowFile);
        }
        final MatcherResultTable.RegimeResults regimeResults =
            new MatcherResultTable.RegimeResults(regime, generated.stats(), results, reference);
        if (!regimeResults.hashesEqual())
        {
            reportDifferences(regimeResults, flow, log, dir);
        }
        return regimeResults;
    }

    private ReplayResult measure(final ReplayTarget target, final OrderFlow flow, final OutcomeLog log,
        final String expected, final Path dir) throws Exception
    {
        System.err.printf("  %s, %s: %d runs ...%n", target.label(), flow.scenarioKey(), runs);
        try (target)
        {
            final Path mismatchText =
                dir.resolve(target.label().toLowerCase(Locale.ROOT).replace(' ', '-') + ".txt");
            final ReplayResult result = ReplayDriver.run(target, flow, runs, log, expected, mismatchText);
            System.err.printf("  %s, %s: %,.0f messages/s (median), sha256 %s%n", result.label(), flow.scenarioKey(),
                result.median(), result.warmupSha256());
            return result;
        }
        finally
        {
            System.gc();
        }
    }

    /** Writes the reference text (an untimed Kairos per-message replay) and prints where each differing text parts. */
    private static void reportDifferences(final MatcherResultTable.RegimeResults results, final OrderFlow flow,
        final OutcomeLog log, final Path dir) throws Exception
    {
        final Path reference = dir.resolve("reference.txt");
        try (KairosMatcherReplay kairos = new KairosMatcherReplay(KairosMatcherReplay.Mode.PER_MESSAGE, flow))
        {
            kairos.prepare();
            log.clear();
            kairos.replay(flow, log);
            CanonicalText.write(log, flow, kairos.idToRef(), kairos.priceUnit(), reference);
        }
        for (final ReplayResult result : results.results())
        {
            if (result.allHashesEqual(results.referenceSha256()))
            {
                continue;
            }
            final String difference = result.mismatchText() == null ? "(no text written)\n"
                : CanonicalText.firstDifference(reference, REFERENCE, result.mismatchText(), result.label(),
                    DIFF_CONTEXT_LINES);
            System.out.printf("**%s, %s: hash differs from %s.**%n%n```%n%s```%n%n", results.regime().key(),
                result.label(), REFERENCE,
                difference == null ? "texts equal: the reference replay itself differs between runs\n" : difference);
        }
    }
}
