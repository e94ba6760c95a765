package io.kairos.bench.engine;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import io.kairos.bench.harness.ReplayResult;

/**
 * Prints the matcher benchmark as Markdown: the environment (both JVMs named), one table per regime
 * (each mode's median, slowest–fastest run, ratios of both Kairos modes to it, the hash of its
 * canonical text) and a summary over the regimes with the worst case. Owned by the main thread.
 */
final class MatcherResultTable
{
    /** One regime's results, in the order Kairos per message, Kairos batched, then the exchange-core modes. */
    record RegimeResults(Regime regime, RegimeFlowStats stats, List<ReplayResult> results, String referenceSha256)
    {
        boolean hashesEqual()
        {
            return results.stream().allMatch(r -> r.allHashesEqual(referenceSha256));
        }

        List<ReplayResult> kairos()
        {
            return results.stream().filter(r -> r.label().startsWith("Kairos")).toList();
        }

        List<ReplayResult> exchangeCore()
        {
            return results.stream().filter(r -> !r.label().startsWith("Kairos")).toList();
        }
    }

    private final PrintStream out;

    MatcherResultTable(final PrintStream out)
    {
        this.out = out;
    }

    void printEnvironment(final long seed, final int orders, final int runs, final String exchangeCoreWhere)
    {
        out.printf("# Kairos matcher vs exchange-core 0.5.3, matcher only%n%n");
        out.printf("- date: %s%n", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        out.printf("- machine: %d cores (availableProcessors), %s; load average at start: %s%n",
            Runtime.getRuntime().availableProcessors(), ResultTable.cpuModel(), ResultTable.loadAverage());
        out.printf("- Kairos JVM: %s; flags: %s%n", ReplayResult.thisJvm(),
            String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        out.printf("- exchange-core: %s%n", exchangeCoreWhere);
        final int modifyPercent = 100 - RegimeFlowGenerator.NEW_PERCENT - RegimeFlowGenerator.CANCEL_PERCENT;
        out.printf("- flow: one symbol, %,d new orders per regime (%d %% IOC, the rest GTC limit), per message "
                + "%d %% new order / %d %% cancel / %d %% modify (= cancel + reinsert at a new price with a new "
                + "full quantity, losing priority: two engine commands, one message); trades at the maker's "
                + "price; no self-trade prevention; seed %d%n",
            orders, RegimeFlowGenerator.IOC_PERCENT, RegimeFlowGenerator.NEW_PERCENT,
            RegimeFlowGenerator.CANCEL_PERCENT, modifyPercent, seed);
        out.printf("- measure: per regime and mode, a warm-up replay, then %d timed replays, each of the whole "
            + "flow on a fresh engine; messages/s = messages ÷ replay time; median and slowest–fastest run; the "
            + "canonical text of every replay (warm-up included) hashed with SHA-256 after its timing%n%n", runs);
        out.flush();
    }

    void printRegime(final RegimeResults r)
    {
        out.printf("## %s: %s%n%n", r.regime().key(), r.regime().description());
        out.printf("Flow: %s%n%n", r.stats().describe());
        final List<ReplayResult> kairos = r.kairos();
        out.printf("| engine, mode | JVM | messages/s (median of %d) | runs min–max |",
            r.results().get(0).messagesPerSecond().length);
        for (final ReplayResult k : kairos)
        {
            out.printf(" %s ÷ this |", k.label());
        }
        out.printf(" SHA-256 of the canonical text |%n|---|---|---:|---:|%s---|%n", "---:|".repeat(kairos.size()));
        for (final ReplayResult result : r.results())
        {
            out.printf("| %s | %s | %,.0f | %,.0f–%,.0f |", result.label(), result.jvm(), result.median(), result.min(),
                result.max());
            for (final ReplayResult k : kairos)
            {
                final boolean kairosRow = result.label().startsWith("Kairos");
                out.printf(" %s |", kairosRow ? "" : String.format("%.2f", k.median() / result.median()));
            }
            out.printf(" %s |%n", result.allHashesEqual(r.referenceSha256())
                ? "`" + r.referenceSha256() + "` (" + (result.runSha256().length + 1) + " replays)"
                : "**MISMATCH**: `" + result.firstDifferentHash(r.referenceSha256()) + "`");
        }
        out.printf("%nHashes: %s. Load average after: %s%n%n",
            r.hashesEqual() ? "all equal" : "**DIFFERENT** (see above)", ResultTable.loadAverage());
        out.flush();
    }

    void printSummary(final List<RegimeResults> all)
    {
        if (all.isEmpty())
        {
            return;
        }
        final List<String> labels = all.get(0).results().stream().map(ReplayResult::label).toList();
        final List<String[]> ratios = ratioColumns(all.get(0));
        out.printf("## Summary: messages/s, median of each regime%n%n| regime |");
        labels.forEach(l -> out.printf(" %s |", l));
        ratios.forEach(pair -> out.printf(" %s ÷ %s |", pair[0], pair[1]));
        out.printf(" hashes |%n|---|%s%s---|%n", "---:|".repeat(labels.size()), "---:|".repeat(ratios.size()));
        for (final RegimeResults r : all)
        {
            out.printf("| %s |", r.regime().key());
            r.results().forEach(result -> out.printf(" %,.0f |", result.median()));
            ratios.forEach(pair -> out.printf(" %.2f |", ratio(r, pair)));
            out.printf(" %s |%n", r.hashesEqual() ? "equal" : "**DIFFERENT**");
        }
        out.printf("| **worst regime** |");
        for (final String label : labels)
        {
            final RegimeResults worst = worst(all, label);
            out.printf(" %,.0f (%s) |", median(worst, label), worst.regime().key());
        }
        for (final String[] pair : ratios)
        {
            final RegimeResults lowest =
                all.stream().min((a, b) -> Double.compare(ratio(a, pair), ratio(b, pair))).orElseThrow();
            out.printf(" %.2f (%s) |", ratio(lowest, pair), lowest.regime().key());
        }
        out.printf(" %s |%n", all.stream().allMatch(RegimeResults::hashesEqual) ? "all equal" : "**DIFFERENT**");
        out.printf("%nWorst regime row: each engine's slowest regime, and each ratio's lowest value over the regimes. "
            + "Worst regime against worst regime:");
        for (final String[] pair : ratios)
        {
            final double worstOverWorst = median(worst(all, pair[0]), pair[0]) / median(worst(all, pair[1]), pair[1]);
            out.printf(" %s ÷ %s = %.2f;", pair[0], pair[1], worstOverWorst);
        }
        out.printf("%n%n");
        out.flush();
    }

    private static List<String[]> ratioColumns(final RegimeResults r)
    {
        final List<String[]> pairs = new ArrayList<>();
        for (final ReplayResult k : r.kairos())
        {
            for (final ReplayResult e : r.exchangeCore())
            {
                pairs.add(new String[] {k.label(), e.label()});
            }
        }
        return pairs;
    }

    private static RegimeResults worst(final List<RegimeResults> all, final String label)
    {
        return all.stream().min((a, b) -> Double.compare(median(a, label), median(b, label))).orElseThrow();
    }

    private static double ratio(final RegimeResults r, final String[] pair)
    {
        return median(r, pair[0]) / median(r, pair[1]);
    }

    private static double median(final RegimeResults r, final String label)
    {
        return r.results().stream().filter(x -> x.label().equals(label)).findFirst().orElseThrow().median();
    }
}
