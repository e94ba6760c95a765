package io.kairos.bench.engine;

/**
 * What a generated flow does after its prefill, as the generator's reference books saw it: how
 * many inserts and updates traded on arrival and how many orders rested. Immutable.
 */
public record FlowStats(
    long inserts, long executingInserts, long cancels, long lateCancels, long updates, long executingUpdates,
    int minActiveOrders, long meanActiveOrders, int maxActiveOrders)
{
    public double executingInsertPercent()
    {
        return inserts == 0 ? 0 : 100.0 * executingInserts / inserts;
    }

    public double executingUpdatePercent()
    {
        return updates == 0 ? 0 : 100.0 * executingUpdates / updates;
    }

    public String describe()
    {
        final long total = inserts + cancels + updates;
        return String.format("mixed commands %,d: insert %.1f %% (%.1f %% executing), cancel %.1f %% "
                + "(%,d of them late, for an order already done: rejected by every engine), "
                + "update %.1f %% (%.1f %% executing); active orders min %,d / mean %,d / max %,d",
            total, 100.0 * inserts / total, executingInsertPercent(), 100.0 * cancels / total, lateCancels,
            100.0 * updates / total,
            executingUpdatePercent(), minActiveOrders, meanActiveOrders, maxActiveOrders);
    }

    /** Accumulates counts while the generator runs. Owned by the generating thread. */
    static final class Builder
    {
        private long inserts;
        private long executingInserts;
        private long cancels;
        private long lateCancels;
        private long updates;
        private long executingUpdates;
        private int minActive = Integer.MAX_VALUE;
        private int maxActive;
        private long activeSum;
        private long samples;

        void insert(final boolean executing)
        {
            inserts++;
            executingInserts += executing ? 1 : 0;
        }

        void update(final boolean executing)
        {
            updates++;
            executingUpdates += executing ? 1 : 0;
        }

        void cancel()
        {
            cancels++;
        }

        void lateCancel()
        {
            cancels++;
            lateCancels++;
        }

        void sampleActive(final int active)
        {
            minActive = Math.min(minActive, active);
            maxActive = Math.max(maxActive, active);
            activeSum += active;
            samples++;
        }

        FlowStats build()
        {
            return new FlowStats(inserts, executingInserts, cancels, lateCancels, updates, executingUpdates,
                samples == 0 ? 0 : minActive, samples == 0 ? 0 : activeSum / samples, maxActive);
        }
    }
}
