package io.kairos.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.kairos.cluster.ClusterLogReader;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.JournalReadException;
import io.kairos.engine.JournalReader;

/**
 * The partition journals a tool reads: one partition's directory ({@code .../journal/p0}), a venue's journal
 * directory ({@code journal.dir}) with every {@code p<N>} partition in it, in partition order, or a stopped cluster
 * member's {@code cluster.dir}, whose consensus log holds the commands of every partition the member hosts (each
 * partition reads the log and keeps its own commands, {@link io.kairos.cluster.CommandRouting}). Immutable.
 */
record JournalSelection(List<Partition> partitions)
{
    /**
     * One partition's journal, or (with {@code clusterLog}) one hosted partition's share of a member's log.
     */
    record Partition(int partition, Path dir, boolean clusterLog)
    {
        Partition(final int partition, final Path dir)
        {
            this(partition, dir, false);
        }
    }

    JournalSelection
    {
        partitions = List.copyOf(partitions);
    }

    /**
     * @param partition the partition a single directory holds when its name does not say ({@code p<N>}), or null
     * @throws JournalReadException when {@code path} is missing or neither kind of directory
     */
    static JournalSelection resolve(final Path path, final Integer partition, final EngineConfig engine)
    {
        if (!Files.isDirectory(path))
        {
            throw new JournalReadException(JournalReadException.Kind.NO_DIRECTORY, "no such directory: " + path);
        }
        if (ClusterLogReader.isMemberDirectory(path))
        {
            final List<Partition> hosted = new ArrayList<>();
            for (int p = 0; p < engine.partitionCount(); p++)
            {
                if (engine.hosts(p) && (partition == null || partition == p))
                {
                    hosted.add(new Partition(p, path, true));
                }
            }
            if (hosted.isEmpty())
            {
                throw new IllegalArgumentException("partition " + partition + " is not among the partitions this " +
                    "configuration hosts (engine.hosted-partitions)");
            }
            return new JournalSelection(hosted);
        }
        if (JournalReader.isPartitionDir(path))
        {
            final int number = partition != null ? partition : JournalReader.partitionOf(path);
            if (number < 0)
            {
                throw new IllegalArgumentException(path + " is one partition's journal but its name does not say" +
                    " which (p<N>): give --partition N");
            }
            return new JournalSelection(List.of(new Partition(number, path)));
        }
        final List<Partition> found = new ArrayList<>();
        try (Stream<Path> children = Files.list(path))
        {
            children.filter(child -> JournalReader.partitionOf(child) >= 0 && JournalReader.isPartitionDir(child))
                .forEach(child -> found.add(new Partition(JournalReader.partitionOf(child), child)));
        }
        catch (final IOException ex)
        {
            throw new JournalReadException(JournalReadException.Kind.IO, "cannot list " + path + ": " + ex, ex);
        }
        found.sort((a, b) -> Integer.compare(a.partition(), b.partition()));
        if (partition != null)
        {
            found.removeIf(p -> p.partition() != partition);
        }
        if (found.isEmpty())
        {
            throw new JournalReadException(JournalReadException.Kind.NOT_A_JOURNAL, path + " is not a journal" +
                " directory: neither a partition's journal (journal-*.dat segments) nor a journal.dir with p<N>" +
                " partitions" + (partition != null ? " (partition " + partition + ")" : ""));
        }
        return new JournalSelection(found);
    }
}
