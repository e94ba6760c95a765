package io.kairos.bench.fix;

import java.util.List;

/**
 * What the load sends, validated. The published order-to-tick model is inserts only ({@code cancelWeight} and
 * {@code replaceWeight} 0), a share of market orders and limit prices normally distributed around the mid
 * ({@code executingRatio} negative); resting orders are cancelled after {@code restingLifetimeNs}. The Cinnober
 * models mix inserts, cancels and updates and make a share of the inserts executing (priced through the mid), the
 * rest passive. Immutable.
 *
 * @param instruments          what to trade, chosen uniformly
 * @param marketRatio          share of inserts that are market orders, in [0, 1]
 * @param priceSigmaTicks      standard deviation of limit prices around the mid, in ticks
 * @param executingRatio       share of limit inserts priced to execute (buy above, sell below the mid); negative:
 *                             prices are symmetric around the mid whatever the side (the published model)
 * @param insertWeight         relative weight of inserts
 * @param cancelWeight         relative weight of cancels of a random resting order of the session
 * @param replaceWeight        relative weight of replaces (new price and quantity) of a random resting order
 * @param maxQuantityLots      quantities are 1..this many lots, uniformly
 * @param restingLifetimeNs    a resting order still open this long after its ack is cancelled; 0 = never
 * @param seed                 random seed (runs are reproducible)
 */
public record OrderModelConfig(
    List<Instrument> instruments,
    double marketRatio,
    double priceSigmaTicks,
    double executingRatio,
    double insertWeight,
    double cancelWeight,
    double replaceWeight,
    int maxQuantityLots,
    long restingLifetimeNs,
    long seed)
{
    public OrderModelConfig
    {
        instruments = List.copyOf(instruments);
        if (instruments.isEmpty())
        {
            throw new IllegalArgumentException("at least one instrument is required");
        }
        requireRange("market ratio", marketRatio, 0, 1);
        requireRange("price sigma (ticks)", priceSigmaTicks, 0, 1e6);
        requireRange("executing ratio", executingRatio, -1, 1);
        requireRange("insert weight", insertWeight, 0, 1e6);
        requireRange("cancel weight", cancelWeight, 0, 1e6);
        requireRange("replace weight", replaceWeight, 0, 1e6);
        if (insertWeight <= 0)
        {
            throw new IllegalArgumentException("insert weight must be positive (cancels and replaces need orders)");
        }
        if (maxQuantityLots < 1)
        {
            throw new IllegalArgumentException("max quantity must be at least 1 lot, was " + maxQuantityLots);
        }
        if (restingLifetimeNs < 0)
        {
            throw new IllegalArgumentException("resting lifetime must not be negative, was " + restingLifetimeNs);
        }
    }

    private static void requireRange(final String name, final double value, final double min, final double max)
    {
        if (!(value >= min && value <= max))
        {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], was " + value);
        }
    }
}
