package io.kairos.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.kairos.engine.JournalReadException;
import io.kairos.engine.JournalReader;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kairos-server replay}: replays a journal's commands through a fresh matcher at the recorded pace × N (or as
 * fast as it goes) and reports throughput, the matcher's per-command service time, how far behind schedule the replay
 * fell and a SHA-256 of each partition's event stream ({@link io.kairos.engine.EventDigest}: the venue prints the same
 * digest of its live events with {@code engine.event-digest=true}). Partitions are replayed one after another, each
 * from its first command. With {@code --compare} the same replay runs in a child JVM with another release's classes
 * first and the first differing event is printed. Runs on the calling thread.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Replays a journal through a fresh matcher (the venue's reference data: --config) at the recorded",
        "pace x N, and reports commands/s, events/s, the matcher's service time percentiles, how far",
        "behind schedule it fell and a SHA-256 of each partition's events. DIR as for `journal`."},
    footer = {"", "Exit status: as for `journal` (0 ok, 1 torn tail reported, 2 bad command line or",
        "configuration, 3-8 unreadable journal), and 9 when --compare found a difference."})
final class ReplayCommand implements Callable<Integer>
{
    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "Journal directory.")
    private Path dir;

    @Option(names = "--config", paramLabel = "FILE", description = "The venue's properties file, as for the server.")
    private Path configFile;

    @Option(names = "--partition", paramLabel = "N", description = "Only this partition.")
    private Integer partition;

    @Mixin
    private RangeOptions rangeOptions;

    @Option(names = "--speed", paramLabel = "N|max", defaultValue = "max",
        description = "1..10: the recorded pace times N; max: as fast as it goes (default: ${DEFAULT-VALUE}).")
    private String speed;

    @Option(names = "--compare", paramLabel = "JAR",
        description = "Also replay in a child JVM with JAR (another release's kairos-engine jar, a directory of" +
            " classes, or a class path) ahead of this one's classes, and print the first differing event.")
    private String compare;

    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    @Override
    public Integer call()
    {
        final int pace = parseSpeed(speed);
        if (pace < 0)
        {
            err.println("kairos-server replay: --speed must be 1..10 or max, was " + speed);
            return ToolExit.BAD_USAGE;
        }
        try
        {
            final ToolSetup setup = ToolSetup.of("replay", configFile, dir, partition, rangeOptions, err);
            return setup == null ? ToolExit.BAD_USAGE : replay(setup, pace);
        }
        catch (final JournalReadException ex)
        {
            err.println("kairos-server replay: " + ex.getMessage());
            return ToolExit.of(ex.kind());
        }
        catch (final IOException ex)
        {
            err.println("kairos-server replay: cannot start the compared replay: " + ex);
            return ToolExit.IO_ERROR;
        }
    }

    private int replay(final ToolSetup setup, final int pace) throws IOException
    {
        final List<PacedReplay> runs = new ArrayList<>();
        int status = ToolExit.OK;
        try (ReplayComparison comparison =
            compare == null ? null : ReplayComparison.start(compare, configFile, setup))
        {
            for (final JournalSelection.Partition p : setup.selection().partitions())
            {
                final PacedReplay run = new PacedReplay(p.partition(), setup.range(), pace, comparison);
                final JournalReader.Summary summary = JournalReplay.run(p, setup.config().engine(), true, run);
                status = Math.max(status, JournalCommand.reportTornTail("replay", p, summary, err));
                runs.add(run);
                if (comparison != null && comparison.difference() != null)
                {
                    break;
                }
            }
            report(setup, pace, runs);
            if (comparison != null)
            {
                final String difference = comparison.finish();
                out.println(difference == null ? "compare with " + compare + ": identical" :
                    "compare with " + compare + ": " + difference);
                status = difference == null ? status : ToolExit.DIFFERENT;
            }
        }
        return status;
    }

    private void report(final ToolSetup setup, final int pace, final List<PacedReplay> runs)
    {
        out.println("replay of " + setup.selection().partitions().size() + " partition(s), speed " +
            (pace == 0 ? "max" : pace + "x") + ", service time of the matcher per command in us");
        out.println();
        out.println("| partition | records | commands | events | wall s | commands/s | events/s | p50 | p90 | p99 |" +
            " p99.9 | max | behind schedule max ms | behind p99 ms |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        final Histogram allService = new Histogram(3);
        final Histogram allBehind = new Histogram(3);
        long commands = 0;
        long events = 0;
        long wallNs = 0;
        for (final PacedReplay run : runs)
        {
            row(String.valueOf(run.partition), run.firstIndex + ".." + run.lastIndex, run.commands,
                run.digest.events(), run.wallNs(), run.serviceNs, pace == 0 ? null : run.behindNs);
            allService.add(run.serviceNs);
            allBehind.add(run.behindNs);
            commands += run.commands;
            events += run.digest.events();
            wallNs += run.wallNs();
        }
        if (runs.size() > 1)
        {
            row("all", "", commands, events, wallNs, allService, pace == 0 ? null : allBehind);
        }
        out.println();
        for (final PacedReplay run : runs)
        {
            out.println("event digest partition " + run.partition + ": sha256 " + run.digest.hex() + " events " +
                run.digest.events() + " records " + run.firstIndex + ".." + run.lastIndex);
        }
    }

    private void row(
        final String partitionName, final String records, final long commands, final long events, final long wallNs,
        final Histogram service, final Histogram behind)
    {
        final double seconds = wallNs / 1e9;
        out.println("| " + partitionName + " | " + records + " | " + commands + " | " + events + " | " +
            String.format(Locale.ROOT, "%.3f", seconds) + " | " + rate(commands, seconds) + " | " +
            rate(events, seconds) + " | " + us(service, 50) + " | " + us(service, 90) + " | " + us(service, 99) +
            " | " + us(service, 99.9) + " | " + us(service, 100) + " | " +
            (behind == null ? "-" : ms(behind.getMaxValue())) + " | " +
            (behind == null ? "-" : ms(behind.getValueAtPercentile(99))) + " |");
    }

    private static String rate(final long count, final double seconds)
    {
        return seconds <= 0 ? "-" : String.format(Locale.ROOT, "%.0f", count / seconds);
    }

    private static String us(final Histogram histogram, final double percentile)
    {
        if (histogram.getTotalCount() == 0)
        {
            return "-";
        }
        final long value = percentile >= 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile);
        return String.format(Locale.ROOT, "%.2f", value / 1e3);
    }

    private static String ms(final long ns)
    {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    /** @return 1..10, 0 for max, -1 when not valid */
    static int parseSpeed(final String text)
    {
        if ("max".equalsIgnoreCase(text))
        {
            return 0;
        }
        try
        {
            final int value = Integer.parseInt(text);
            return value >= 1 && value <= 10 ? value : -1;
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }
}
