package io.kairos.bench.exchangecore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import exchange.core2.core.common.CoreWaitStrategy;
import io.kairos.bench.harness.LoadDriver;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.RunResult;

/**
 * Runs exchange-core on an order-flow file in its own JVM and writes a {@link RunResult} file.
 * Exists because exchange-core 0.5.3's Chronicle Core 2.19 cannot initialise on JDK 25 (it looks
 * up {@code sun.nio.ch.FileChannelImpl.unmap0(long,long)}, present in Java 17, gone in JDK 25), so the benchmark
 * runs it on Java 17; this module is compiled for Java 17 for that reason.
 *
 * <pre>
 * ExchangeCoreRunner --flow FILE --result FILE --rate N [--journal off|disk] [--journal-dir DIR]
 *     [--wait BLOCKING|YIELDING|BUSY_SPIN]
 * </pre>
 * Exit status 0 when the result was written, 2 on bad arguments, 1 when the run failed.
 */
public final class ExchangeCoreRunner
{
    private ExchangeCoreRunner()
    {
    }

    public static void main(final String[] args)
    {
        final Path flowFile;
        final Path resultFile;
        final long rate;
        final boolean journal;
        final Path journalDir;
        final String wait;
        try
        {
            final ChildOptions options =
                new ChildOptions(args, "--flow", "--result", "--rate", "--journal", "--journal-dir", "--wait");
            flowFile = options.path("--flow");
            resultFile = options.path("--result");
            rate = options.longValue("--rate", 0);
            journal = parseJournal(options.value("--journal", "off"));
            journalDir = options.path("--journal-dir");
            wait = options.waitStrategy(CoreWaitStrategy.BLOCKING);
            if (flowFile == null || resultFile == null || rate <= 0)
            {
                throw new IllegalArgumentException("--flow, --result and --rate (> 0) are required");
            }
        }
        catch (final IllegalArgumentException e)
        {
            ChildOptions.refuse("ExchangeCoreRunner", e);
            return;
        }
        try
        {
            final OrderFlow flow = OrderFlow.read(flowFile);
            final Path dir = journalDir != null ? journalDir : Files.createTempDirectory("ec-journal-");
            final RunResult result;
            try (ExchangeCoreTarget target = new ExchangeCoreTarget(flow, journal, dir, wait))
            {
                result = LoadDriver.run(target, flow, rate);
            }
            result.write(resultFile);
            System.exit(0);
        }
        catch (final Exception e)
        {
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static boolean parseJournal(final String value)
    {
        return switch (value.toLowerCase(Locale.ROOT))
        {
            case "off" -> false;
            case "disk" -> true;
            default -> throw new IllegalArgumentException("--journal: expected off or disk, got '" + value + "'");
        };
    }
}
