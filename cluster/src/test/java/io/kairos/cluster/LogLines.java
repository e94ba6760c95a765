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

    /** How many lines so far. */
    int size()
    {
        return lines.size();
    }

    /** The lines from the {@code from}th on that start with {@code prefix}. */
    List<String> since(final int from, final String prefix)
    {
        final List<String> now = List.copyOf(lines);
        return now.subList(from, now.size()).stream().filter(line -> line.startsWith(prefix)).toList();
    }
}
