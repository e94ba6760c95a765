package io.kairos.bench.exchangecore;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import exchange.core2.core.common.CoreWaitStrategy;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.OutcomeLog;
import io.kairos.bench.harness.ReplayDriver;
import io.kairos.bench.harness.ReplayResult;
import io.kairos.bench.harness.ReplayTarget;

/**
 * The exchange-core half of the matcher benchmark, in its own JVM (Java 17: exchange-core 0.5.3 cannot
 * start its pipeline on JDK 25, see bench/README.md): replays an order-flow file through each
 * requested mode with {@link ReplayDriver} and writes one {@link ReplayResult} per mode,
 * {@code DIR/<mode>.properties}; when a replay's hash differs from {@code --expect-sha256}, its
 * canonical text goes to {@code DIR/<mode>.txt}.
 *
 * <pre>
 * ExchangeCoreReplayRunner --flow FILE --result-dir DIR --runs N [--modes direct,pipeline] [--wait W]
 *     [--expect-sha256 HEX] [--outcome-capacity LONGS]
 * </pre>
 * Exit status 0 when every result was written (hashes are judged by the caller), 2 on bad arguments, 1 on failure.
 */
public final class ExchangeCoreReplayRunner
{
    public static final String DIRECT = "direct";
    public static final String PIPELINE = "pipeline";

    private ExchangeCoreReplayRunner()
    {
    }

    public static void main(final String[] args)
    {
        final Path flowFile;
        final Path resultDir;
        final int runs;
        final List<String> modes;
        final String wait;
        final String expected;
        final int capacity;
        try
        {
            final ChildOptions options = new ChildOptions(args, "--flow", "--result-dir", "--runs", "--modes",
                "--wait", "--expect-sha256", "--outcome-capacity");
            flowFile = options.path("--flow");
            resultDir = options.path("--result-dir");
            runs = options.intValue("--runs", 0);
            modes = List.of(options.value("--modes", DIRECT + "," + PIPELINE).toLowerCase(Locale.ROOT).split(","));
            wait = options.waitStrategy(CoreWaitStrategy.YIELDING);
            expected = options.value("--expect-sha256", null);
            capacity = options.intValue("--outcome-capacity", 1 << 20);
            if (flowFile == null || resultDir == null || runs <= 0)
            {
                throw new IllegalArgumentException("--flow, --result-dir and --runs (> 0) are required");
            }
            for (final String mode : modes)
            {
                if (!DIRECT.equals(mode) && !PIPELINE.equals(mode))
                {
                    throw new IllegalArgumentException("--modes: expected direct and/or pipeline, got '" + mode + "'");
                }
            }
        }
        catch (final IllegalArgumentException e)
        {
            ChildOptions.refuse("ExchangeCoreReplayRunner", e);
            return;
        }
        try
        {
            final OrderFlow flow = OrderFlow.read(flowFile);
            final OutcomeLog log = new OutcomeLog(capacity);
            for (final String mode : modes)
            {
                System.err.printf("  exchange-core %s, %s: %d runs ...%n", mode, flow.scenarioKey(), runs);
                try (ReplayTarget target = target(mode, flow, wait))
                {
                    ReplayDriver.run(target, flow, runs, log, expected, resultDir.resolve(mode + ".txt"))
                        .write(resultDir.resolve(mode + ".properties"));
                }
            }
            System.exit(0);
        }
        catch (final Exception e)
        {
            e.printStackTrace();
            System.exit(1);
        }
    }

    /** The replay of one mode: {@code direct} (the order book alone) or {@code pipeline} (the whole exchange-core). */
    public static ReplayTarget target(final String mode, final OrderFlow flow, final String wait)
    {
        return DIRECT.equals(mode) ? new ExchangeCoreDirectReplay() : new ExchangeCorePipelineReplay(flow, wait);
    }
}
