package io.kairos.server;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.MatchingCore;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The child JVM of {@code replay --compare} ({@link ReplayComparison}): matches the commands the parent read (a file
 * of {@link #writeCommand records}) with whatever matcher its class path holds first and writes each command's
 * events to stdout — partition (int), record (long), then {@link CommandEvents#writeTo} — as fast as it can; stdout
 * carries nothing else. The parent reads the journal or cluster log, not the child: the other release's engine
 * classes come first on the child's class path and may predate this release's readers, so the child touches only
 * what every release has — the command codec, the matcher and the event codec. Arguments: {@code CONFIG|- FILE}.
 * Exit status 0, or a {@link ToolExit} status with the reason on stderr. Single-threaded.
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

    /** One command for the child: partition, record index, the time it is matched at, its CommandCodec bytes. */
    static void writeCommand(final DataOutputStream out, final int partition, final long index, final long nowNs,
        final EngineCommand command, final UnsafeBuffer scratch) throws IOException
    {
        final int length = CommandCodec.encode(command, scratch, 0);
        out.writeInt(partition);
        out.writeLong(index);
        out.writeLong(nowNs);
        out.writeInt(length);
        out.write(scratch.byteArray(), 0, length);
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
        final MatchingCore[] matchers = new MatchingCore[config.engine().partitionCount()];
        final CommandEvents events = new CommandEvents();
        final EngineCommand command = new EngineCommand();
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[CommandCodec.MAX_LENGTH]);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(Path.of(args[1])),
            1 << 16)))
        {
            final DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
            while (true)
            {
                final int partition;
                try
                {
                    partition = in.readInt();
                }
                catch (final EOFException ex)
                {
                    break;
                }
                final long index = in.readLong();
                final long nowNs = in.readLong();
                final int length = in.readInt();
                in.readFully(bytes.byteArray(), 0, length);
                if (!CommandCodec.decode(bytes, 0, length, command))
                {
                    System.err.println("kairos-server replay (compared): partition " + partition + " record " +
                        index + " does not decode with this release's command codec");
                    return ToolExit.CORRUPT;
                }
                if (matchers[partition] == null)
                {
                    matchers[partition] = new MatchingCore(partition, config.engine(), new SystemEpochNanoClock());
                    matchers[partition].listener(events);
                }
                events.clear();
                matchers[partition].apply(command, nowNs, index);
                out.writeInt(partition);
                out.writeLong(index);
                events.writeTo(out);
            }
            out.flush();
            return ToolExit.OK;
        }
        catch (final IOException ex)
        {
            // the parent stopped reading (it found a difference), or the file is gone: nothing to add
            return ToolExit.IO_ERROR;
        }
    }
}
