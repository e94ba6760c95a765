package io.kairos.server;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.ExecutionEvent;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * {@code replay --compare}: runs the same replay in a child JVM ({@link ReplayChild}) whose class path starts with
 * another release's jar (or a directory of classes), so that its matcher is that release's, and compares the child's
 * events with this process's command by command. This process reads the commands (journal or cluster log) and hands
 * them to the child in a file, so the other release needs only a matcher and codecs, not this release's readers.
 * Keeps the first difference, printed human-readably. The child's stdout is the event stream; its stderr goes to
 * this process's stderr. Owned by the replay thread.
 */
final class ReplayComparison implements AutoCloseable
{
    private static final long CHILD_EXIT_WAIT_S = 30;

    private final Process child;
    private final DataInputStream theirs;
    private final CommandEvents theirEvents = new CommandEvents();
    private final KairosConfig config;
    /** The commands file the child reads; deleted on {@link #close}. */
    private final Path commands;
    private long eventsBefore;
    private String difference;
    private boolean streamEnded;

    private ReplayComparison(final Process child, final KairosConfig config, final Path commands)
    {
        this.child = child;
        this.config = config;
        this.commands = commands;
        theirs = new DataInputStream(new BufferedInputStream(child.getInputStream(), 1 << 16));
    }

    /** Starts the child replaying the same journals with {@code otherClassPath} first on its class path. */
    static ReplayComparison start(
        final String otherClassPath, final Path configFile, final ToolSetup setup) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String argument : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            // what Agrona and Aeron need of the JDK, and the heap: not agents or debuggers of this JVM
            if (argument.startsWith("--add-") || argument.startsWith("--enable-native-access") ||
                argument.startsWith("-Xmx") || argument.startsWith("-Xms"))
            {
                command.add(argument);
            }
        }
        command.add("-cp");
        command.add(otherClassPath + File.pathSeparator + System.getProperty("java.class.path"));
        command.add(ReplayChild.class.getName());
        command.add(configFile == null ? "-" : configFile.toString());
        final Path commands = writeCommands(setup);
        command.add(commands.toString());
        final Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        child.getOutputStream().close();
        return new ReplayComparison(child, setup.config(), commands);
    }

    /**
     * Every command the replay will match, in its order, with the time each is matched at, read here with this
     * release's readers: the child's class path starts with the other release, which may not have them.
     */
    private static Path writeCommands(final ToolSetup setup) throws IOException
    {
        final Path file = Files.createTempFile("kairos-replay-compare", ".commands");
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[CommandCodec.MAX_LENGTH]);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file),
            1 << 16)))
        {
            for (final JournalSelection.Partition p : setup.selection().partitions())
            {
                JournalReplay.run(p, setup.config().engine(), false, new JournalReplay.Observer()
                {
                    @Override
                    public void beforeMatch(final EngineCommand command, final long index, final long nowNs)
                    {
                        try
                        {
                            ReplayChild.writeCommand(out, p.partition(), index, nowNs, command, scratch);
                        }
                        catch (final IOException ex)
                        {
                            throw new UncheckedIOException(ex);
                        }
                    }

                    @Override
                    public boolean afterMatch(final EngineCommand command, final long index, final long serviceNs,
                        final CommandEvents events)
                    {
                        return true;
                    }
                });
            }
        }
        catch (final UncheckedIOException ex)
        {
            Files.deleteIfExists(file);
            throw ex.getCause();
        }
        return file;
    }

    /** @return false at the first difference (kept in {@link #difference()}) or when the child's stream broke */
    boolean compare(final int partition, final long index, final CommandEvents ours)
    {
        if (difference != null)
        {
            return false;
        }
        try
        {
            final int theirPartition = theirs.readInt();
            final long theirIndex = theirs.readLong();
            theirEvents.readFrom(theirs);
            if (theirPartition != partition || theirIndex != index)
            {
                difference = "the other replay is at partition " + theirPartition + " record " + theirIndex +
                    " where this one is at partition " + partition + " record " + index;
                return false;
            }
        }
        catch (final EOFException ex)
        {
            streamEnded = true;
            difference = "the other replay ended before partition " + partition + " record " + index +
                " (see its messages above)";
            return false;
        }
        catch (final IOException ex)
        {
            difference = "cannot read the other replay's events: " + ex;
            return false;
        }
        final int common = Math.min(ours.count(), theirEvents.count());
        for (int i = 0; i < common; i++)
        {
            if (!ours.sameEvent(i, theirEvents, i))
            {
                difference = describe(partition, index, i, ours, theirEvents);
                return false;
            }
        }
        if (ours.count() != theirEvents.count())
        {
            difference = describe(partition, index, common, ours, theirEvents);
            return false;
        }
        eventsBefore += ours.count();
        return true;
    }

    /**
     * After the last command: the child must have nothing more. @return null when the two replays gave identical
     * events, else the first difference
     */
    String finish()
    {
        if (difference == null && !streamEnded)
        {
            try
            {
                final int more = theirs.readInt();
                difference = "the other replay has more commands after this one's last (partition " + more + ")";
            }
            catch (final EOFException ex)
            {
                streamEnded = true;
                final int status = exitStatus();
                if (status != 0)
                {
                    difference = "the other replay failed (exit status " + status + "; see its messages above)";
                }
            }
            catch (final IOException ex)
            {
                difference = "cannot read the other replay's events: " + ex;
            }
        }
        return difference;
    }

    String difference()
    {
        return difference;
    }

    private String describe(
        final int partition, final long index, final int event, final CommandEvents ours, final CommandEvents other)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter out = new PrintWriter(text);
        out.println("first difference: partition " + partition + ", journal record " + index + ", event " +
            (event + 1) + " of the command (event " + (eventsBefore + event + 1) + " of the partition's stream)");
        out.print("  this replay : ");
        out.flush();
        row(out, partition, index, event, ours);
        out.print("  other replay: ");
        out.flush();
        row(out, partition, index, event, other);
        out.flush();
        return text.toString().stripTrailing();
    }

    private void row(
        final PrintWriter out, final int partition, final long index, final int event, final CommandEvents events)
    {
        if (event >= events.count())
        {
            out.println("(no such event: " + events.count() + " events for this command)");
            return;
        }
        final JournalRows rows = new JournalRows(out, JournalRows.Format.JSONL, config);
        if (events.isExecution(event))
        {
            final ExecutionEvent e = new ExecutionEvent();
            events.decode(event, e);
            rows.execution(index, event + 1, e);
        }
        else
        {
            final BookEvent e = new BookEvent();
            events.decode(event, e);
            rows.book(partition, index, event + 1, e);
        }
    }

    private int exitStatus()
    {
        try
        {
            return child.waitFor(CHILD_EXIT_WAIT_S, TimeUnit.SECONDS) ? child.exitValue() : -1;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Stops the child (it may still be writing after a difference) and waits for it, bounded. */
    @Override
    public void close()
    {
        try
        {
            Files.deleteIfExists(commands);
        }
        catch (final IOException ex)
        {
            System.err.println("kairos-server replay: cannot delete " + commands + ": " + ex);
        }
        child.destroy();
        try
        {
            if (!child.waitFor(CHILD_EXIT_WAIT_S, TimeUnit.SECONDS))
            {
                child.destroyForcibly();
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            child.destroyForcibly();
        }
    }
}
