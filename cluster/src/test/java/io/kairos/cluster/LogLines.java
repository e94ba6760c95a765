package io.kairos.cluster;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link ClusterLog} that keeps every line for a test to read, and passes it on. Thread-safe. */
final class LogLines implements ClusterLog
{
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final ClusterLog next;

    LogLines(final ClusterLog next)
    {
        this.next = next;
    }

    @Override
    public void info(final String line)
    {
        lines.add(line);
        next.info(line);
    }

    /** How many lines so far start with {@code prefix}. */
    long startingWith(final String prefix)
    {
        return lines.stream().filter(line -> line.startsWith(prefix)).count();
    }

    /** The lines so far that start with {@code prefix}. */
    List<String> linesStartingWith(final String prefix)
    {
        return lines.stream().filter(line -> line.startsWith(prefix)).toList();
    }
}
