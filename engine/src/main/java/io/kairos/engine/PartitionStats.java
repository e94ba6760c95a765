package io.kairos.engine;

/**
 * Live counters of one partition, each written by one thread (the journal's, the matcher's or the force thread's)
 * and read by metrics from any thread ({@link SingleWriterCounter}: cheap to write, eventually visible).
 */
public final class PartitionStats
{
    final SingleWriterCounter commands = new SingleWriterCounter();
    final SingleWriterCounter rejects = new SingleWriterCounter();
    final SingleWriterCounter trades = new SingleWriterCounter();
    final SingleWriterCounter journalForceNsMax = new SingleWriterCounter();
    final SingleWriterCounter journalBytes = new SingleWriterCounter();
    /** Commands the matcher matched while a force was outstanding (sync mode), summed over the forces. */
    final SingleWriterCounter commandsMatchedDuringForces = new SingleWriterCounter();
    final SingleWriterCounter restingOrders = new SingleWriterCounter();

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

    public long journalForceNsMax()
    {
        return journalForceNsMax.get();
    }

    /**
     * Commands matched while a journal force was outstanding, summed over all forces (sync mode): above 0, the
     * thread that matches went on while the disk worked.
     */
    public long commandsMatchedDuringForces()
    {
        return commandsMatchedDuringForces.get();
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
