package io.kairos.server;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.kairos.engine.BookEvent;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.JournalReadException;
import io.kairos.engine.JournalReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kairos-server journal}: prints or exports the commands of a journal — and the events that replaying them
 * through the matcher produces — between two engine-in times or two record indexes, as CSV or JSON lines. Reads a
 * journal that no venue is using ({@link JournalReader}: read-only, refused while a venue holds the lock). Runs on
 * the calling thread.
 */
@Command(name = "journal", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Prints a journal's commands and the events that replaying them produces, for an auditor.",
        "DIR is one partition's journal (.../journal/p0) or a journal.dir with every partition;",
        "default: journal.dir of the configuration. The journal is only read (never written), and",
        "refused while a running venue holds it."},
    footer = {"", "Exit status: 0 read, 1 read up to a torn last record (reported), 2 bad command line or",
        "configuration, 3 no such directory, 4 not a journal, 5 in use by a running venue, 6 corrupt",
        "(CRC mismatch before the tail; rows up to it were printed), 7 journal does not start at record 1",
        "(use --commands-only), 8 I/O error."})
final class JournalCommand implements Callable<Integer>
{
    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "Journal directory (see above).")
    private Path dir;

    @Option(names = "--config", paramLabel = "FILE",
        description = "The venue's properties file (reference data, sessions, journal.dir), as for the server.")
    private Path configFile;

    @Option(names = "--partition", paramLabel = "N", description = "Only this partition.")
    private Integer partition;

    @Mixin
    private RangeOptions rangeOptions;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "csv",
        description = "csv | jsonl (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--commands-only", description = "The commands only: no replay, no events.")
    private boolean commandsOnly;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    private Path outFile;

    private final PrintStream err = System.err;

    @Override
    public Integer call()
    {
        final ToolSetup setup;
        try
        {
            setup = ToolSetup.of("journal", configFile, dir, partition, rangeOptions, err);
        }
        catch (final JournalReadException ex)
        {
            err.println("kairos-server journal: " + ex.getMessage());
            return ToolExit.of(ex.kind());
        }
        if (setup == null)
        {
            return ToolExit.BAD_USAGE;
        }
        final JournalRows.Format rowFormat;
        try
        {
            rowFormat = JournalRows.Format.valueOf(format.toUpperCase(java.util.Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("kairos-server journal: --format must be csv or jsonl, was " + format);
            return ToolExit.BAD_USAGE;
        }
        try (PrintWriter out = outFile == null
            ? new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false)
            : new PrintWriter(Files.newBufferedWriter(outFile, StandardCharsets.UTF_8)))
        {
            final JournalRows rows = new JournalRows(out, rowFormat, setup.config());
            rows.header();
            int status = ToolExit.OK;
            for (final JournalSelection.Partition p : setup.selection().partitions())
            {
                status = Math.max(status, export(p, setup, rows));
                out.flush();
            }
            return status;
        }
        catch (final JournalReadException ex)
        {
            err.println("kairos-server journal: " + ex.getMessage());
            return ToolExit.of(ex.kind());
        }
        catch (final IOException ex)
        {
            err.println("kairos-server journal: cannot write " + outFile + ": " + ex);
            return ToolExit.IO_ERROR;
        }
    }

    private int export(final JournalSelection.Partition p, final ToolSetup setup, final JournalRows rows)
    {
        final ReplayRange range = setup.range();
        final ExecutionEvent execution = new ExecutionEvent();
        final BookEvent book = new BookEvent();
        final JournalReader.Summary summary = JournalReplay.run(p, setup.config().engine(), !commandsOnly,
            (command, index, serviceNs, events) ->
            {
                if (range.contains(index, command.engineInNs))
                {
                    rows.command(p.partition(), index, command);
                    for (int i = 0; i < events.count(); i++)
                    {
                        if (events.isExecution(i))
                        {
                            events.decode(i, execution);
                            rows.execution(index, i + 1, execution);
                        }
                        else
                        {
                            events.decode(i, book);
                            rows.book(p.partition(), index, i + 1, book);
                        }
                    }
                }
                return !range.isPast(index + 1);
            });
        return reportTornTail("journal", p, summary, err);
    }

    /** Says on stderr where a torn tail cut the journal. @return the exit status it makes */
    static int reportTornTail(
        final String tool, final JournalSelection.Partition p, final JournalReader.Summary summary,
        final PrintStream err)
    {
        if (summary.tornTail() == null)
        {
            return ToolExit.OK;
        }
        err.println("kairos-server " + tool + ": partition " + p.partition() + ": torn tail: " + summary.tornTail() +
            "; the " + summary.records() + " records before it were read (a venue's recovery would cut it)");
        return ToolExit.TORN_TAIL;
    }
}
