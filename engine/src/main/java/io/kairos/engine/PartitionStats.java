package io.kairos.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Live counters of one partition, written by its journal and matcher threads and read by
 * metrics from any thread (lazy-set atomics: cheap to write, eventually visible).
 */
public final class PartitionStats
{
    final AtomicLong commands = new AtomicLong();
    final AtomicLong rejects = new AtomicLong();
    final AtomicLong trades = new AtomicLong();
    final AtomicLong journalForces = new AtomicLong();
    final AtomicLong journalForceNsTotal = new AtomicLong();
    final AtomicLong journalForceNsMax = new AtomicLong();
    final AtomicLong journalBytes = new AtomicLong();
    final AtomicLong restingOrders = new AtomicLong();

    public long commands()
    {
        return commands.get();
    }

    public long rejects()
    {
        return rejects.get();
    }

    public long trades()
    {
        return trades.get();
    }

    public long journalForces()
    {
        return journalForces.get();
    }

    public long journalForceNsTotal()
    {
        return journalForceNsTotal.get();
    }

    public long journalForceNsMax()
    {
        return journalForceNsMax.get();
    }

    public long journalBytes()
    {
        return journalBytes.get();
    }

    public long restingOrders()
    {
        return restingOrders.get();
    }
}
