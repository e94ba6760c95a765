package io.kairos.server;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import io.kairos.engine.JournalReadException;
import io.kairos.engine.JournalReader;

/**
 * The child JVM of {@code replay --compare} ({@link ReplayComparison}): replays the journals it is given with
 * whatever matcher its class path holds first and writes each command's events to stdout — partition (int), journal
 * record (long), then {@link CommandEvents#writeTo} — as fast as it can; stdout carries nothing else. Arguments:
 * {@code CONFIG|- PARTITION=DIR...}. Exit status 0, or a {@link ToolExit} status with the reason on stderr.
 * Single-threaded.
 */
final class ReplayChild
{
    private ReplayChild()
    {
    }

    public static void main(final String[] args)
    {
        System.exit(run(args));
    }

    static int run(final String[] args)
    {
        final KairosConfig config;
        try
        {
            config = KairosConfigLoader.load("-".equals(args[0]) ? null : Path.of(args[0]), System.getenv());
        }
        catch (final ConfigException ex)
        {
            System.err.println("kairos-server replay (compared): bad configuration: " + ex.getMessage());
            return ToolExit.BAD_USAGE;
        }
        final DataOutputStream out =
            new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        try
        {
            for (int i = 1; i < args.length; i++)
            {
                final int split = args[i].indexOf('=');
                final int partition = Integer.parseInt(args[i].substring(0, split));
                final JournalSelection.Partition p =
                    new JournalSelection.Partition(partition, Path.of(args[i].substring(split + 1)));
                final JournalReader.Summary summary = JournalReplay.run(p, config.engine(), true,
                    (command, index, serviceNs, events) ->
                    {
                        try
                        {
                            out.writeInt(partition);
                            out.writeLong(index);
                            events.writeTo(out);
                        }
                        catch (final IOException ex)
                        {
                            throw new UncheckedIOException(ex);
                        }
                        return true;
                    });
                if (summary.tornTail() != null)
                {
                    System.err.println("kairos-server replay (compared): partition " + partition + ": torn tail: " +
                        summary.tornTail());
                }
            }
            out.flush();
            return ToolExit.OK;
        }
        catch (final JournalReadException ex)
        {
            System.err.println("kairos-server replay (compared): " + ex.getMessage());
            return ToolExit.of(ex.kind());
        }
        catch (final IOException | UncheckedIOException ex)
        {
            // the parent stopped reading (it found a difference): nothing to say
            return ToolExit.IO_ERROR;
        }
    }
}
