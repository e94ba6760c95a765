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
        Path flowFile = null;
        Path resultDir = null;
        int runs = 0;
        List<String> modes = List.of(DIRECT, PIPELINE);
        String wait = CoreWaitStrategy.YIELDING.name();
        String expected = null;
        int capacity = 1 << 20;
        try
        {
            for (int i = 0; i < args.length; i += 2)
            {
                final String value = i + 1 < args.length ? args[i + 1] : null;
                if (value == null)
                {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                switch (args[i])
                {
                    case "--flow" -> flowFile = Path.of(value);
                    case "--result-dir" -> resultDir = Path.of(value);
                    case "--runs" -> runs = Integer.parseInt(value);
                    case "--modes" -> modes = List.of(value.toLowerCase(Locale.ROOT).split(","));
                    case "--wait" -> wait = CoreWaitStrategy.valueOf(value.toUpperCase(Locale.ROOT)).name();
                    case "--expect-sha256" -> expected = value;
                    case "--outcome-capacity" -> capacity = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
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
            System.err.println("ExchangeCoreReplayRunner: " + e.getMessage());
            System.exit(2);
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
