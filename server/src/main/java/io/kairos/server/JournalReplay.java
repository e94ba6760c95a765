package io.kairos.server;

import java.io.UncheckedIOException;

import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterLogReader;
import io.kairos.cluster.CommandRouting;
import io.kairos.engine.DirectoryLock;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.JournalReadException;
import io.kairos.engine.JournalReader;
import io.kairos.engine.MatchingCore;
import org.agrona.CloseHelper;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * Replays one partition's journal through a fresh {@link MatchingCore} built from the venue's configuration, as
 * start-up recovery would, and shows each command with the events it produced to an {@link Observer}: the one
 * replay behind {@code kairos-server journal} (export) and {@code kairos-server replay}. Each command is matched at
 * its recorded engine-in time, so that the events' TransactTime is the command's and a run never reads the clock
 * into an event. Runs on the calling thread; reads the journal with {@link JournalReader} (read-only).
 */
final class JournalReplay
{
    /** Sees each command; on the replay thread. */
    interface Observer
    {
        /** Before the command is matched (a paced replay waits here). */
        default void beforeMatch(final EngineCommand command, final long index)
        {
        }

        /** The same, with the time the command is matched at (its engine-in time, or its cluster log time). */
        default void beforeMatch(final EngineCommand command, final long index, final long nowNs)
        {
            beforeMatch(command, index);
        }

        /**
         * After the command was matched. @param serviceNs how long the matcher took (System.nanoTime)
         *
         * @return false to stop the replay
         */
        boolean afterMatch(EngineCommand command, long index, long serviceNs, CommandEvents events);
    }

    private JournalReplay()
    {
    }

    /**
     * @param match false to read the commands only (no matcher, no events: a journal whose start was deleted)
     * @throws JournalReadException when the journal cannot be read, or does not start at record 1 and
     *                              {@code match} is set
     */
    static JournalReader.Summary run(
        final JournalSelection.Partition partition, final EngineConfig config, final boolean match,
        final Observer observer)
    {
        if (partition.clusterLog())
        {
            return runClusterLog(partition, config, match, observer);
        }
        try (JournalReader reader = JournalReader.open(partition.dir()))
        {
            if (match && reader.firstIndex() > 1)
            {
                throw new JournalReadException(JournalReadException.Kind.NOT_FROM_START, partition.dir() +
                    " starts at record " + reader.firstIndex() + ": the records before it were deleted once a" +
                    " snapshot covered them, so the matcher's state cannot be rebuilt from this journal alone" +
                    " (journal: --commands-only prints its commands)");
            }
            final Step step = new Step(partition, config, match, observer);
            return reader.read((command, index) -> step.match(command, index, command.engineInNs));
        }
    }

    /**
     * The partition's commands from a stopped member's consensus log, matched as the member's service matched them:
     * at each command's log time, with the log's command index (counted over every partition).
     */
    private static JournalReader.Summary runClusterLog(
        final JournalSelection.Partition partition, final EngineConfig config, final boolean match,
        final Observer observer)
    {
        final DirectoryLock lock = memberLock(partition.dir());
        try
        {
            final Step step = new Step(partition, config, match, observer);
            final long[] counts = {0, 0, 0}; // records, first index, last index
            new ClusterLogReader(partition.dir()).read((index, logTimeNs, command) ->
            {
                final int routed = CommandRouting.partitionOf(config, command);
                if (routed != partition.partition() && routed != CommandRouting.ALL_PARTITIONS)
                {
                    return true;
                }
                counts[0]++;
                counts[1] = counts[1] == 0 ? index : counts[1];
                counts[2] = index;
                return step.match(command, index, logTimeNs);
            });
            return new JournalReader.Summary(counts[1], counts[2], counts[0], null);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.NOT_A_JOURNAL, ex.getMessage(), ex);
        }
        catch (final UncheckedIOException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IO, ex.getMessage(), ex);
        }
        finally
        {
            CloseHelper.close(lock);
        }
    }

    /**
     * A shared hold on a member's directory while a tool reads its log (null when it has no lock file, i.e. no member
     * ever ran on it): refused while a member runs on it.
     *
     * @throws JournalReadException ({@code IN_USE}) when a member holds it
     */
    static DirectoryLock memberLock(final java.nio.file.Path dir)
    {
        try
        {
            return DirectoryLock.acquireShared(dir, ClusterLogReader.MEMBER_LOCK_FILE, ClusterConfig.DIR_PROP_NAME,
                "cluster member");
        }
        catch (final IllegalStateException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IN_USE, ex.getMessage(), ex);
        }
    }

    /**
     * One command through the observer and (with {@code match}) a fresh matcher for the partition, timed: the step
     * both readers (journal, cluster log) take per command. On the replay thread.
     */
    private static final class Step
    {
        private final MatchingCore matcher;
        private final CommandEvents events = new CommandEvents();
        private final Observer observer;

        Step(final JournalSelection.Partition partition, final EngineConfig config, final boolean match,
            final Observer observer)
        {
            this.observer = observer;
            matcher = match ? new MatchingCore(partition.partition(), config, new SystemEpochNanoClock()) : null;
            if (matcher != null)
            {
                matcher.listener(events);
            }
        }

        /** @return false to stop the replay (the observer's answer) */
        boolean match(final EngineCommand command, final long index, final long nowNs)
        {
            observer.beforeMatch(command, index, nowNs);
            events.clear();
            long serviceNs = 0;
            if (matcher != null)
            {
                final long start = System.nanoTime();
                matcher.apply(command, nowNs, index);
                serviceNs = System.nanoTime() - start;
            }
            return observer.afterMatch(command, index, serviceNs, events);
        }
    }
}
