package io.kairos.cluster;

import java.io.PrintStream;
import java.time.Instant;

/**
 * Where a member or the gateways' client reports what the cluster did — elections, role and leader changes, clients
 * refused — one line each, for an operator's log (and the failover's parts: each line carries the wall-clock time).
 * Rare events only; never called per command. Implementations are thread-safe.
 */
@FunctionalInterface
public interface ClusterLog
{
    ClusterLog NONE = line -> { };

    void info(String line);

    /** Lines "WHO: 2026-11-28T02:45:01.234567Z line" on {@code out}. */
    static ClusterLog to(final PrintStream out, final String who)
    {
        return line -> out.println(who + ": " + Instant.now() + " " + line);
    }
}
