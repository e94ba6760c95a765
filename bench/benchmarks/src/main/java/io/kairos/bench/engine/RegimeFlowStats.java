package io.kairos.bench.engine;

/**
 * What a generated matcher flow holds, as the generator's reference book saw it. Immutable.
 *
 * @param messages       messages (a modify counts once)
 * @param commands       engine commands (a modify is a cancel and an insert)
 * @param newOrders      new-order messages (a modify's reinsert is not one)
 * @param iocOrders      new orders that are IOC (the rest are GTC limit orders)
 * @param cancels        cancel messages, late ones included
 * @param lateCancels    cancels of an order already filled, expired or cancelled ("X" in the canonical text)
 * @param modifies       modify messages (cancel + reinsert at a new price with a new full quantity)
 * @param fills          fills, one per maker order matched
 * @param minPriceTicks  lowest order price in the flow
 * @param maxPriceTicks  highest order price in the flow
 * @param minResting     fewest resting orders after any message
 * @param meanResting    mean resting orders over the messages
 * @param maxResting     most resting orders after any message
 */
public record RegimeFlowStats(
    long messages, long commands, long newOrders, long iocOrders, long cancels, long lateCancels, long modifies,
    long fills, long minPriceTicks, long maxPriceTicks, int minResting, long meanResting, int maxResting)
{
    public double percentOfMessages(final long count)
    {
        return messages == 0 ? 0 : 100.0 * count / messages;
    }

    public String describe()
    {
        return String.format("%,d messages (%,d engine commands): new orders %,d (%.1f %%; %.1f %% of them IOC), "
                + "cancels %,d (%.1f %%; %,d late, for an order no longer live), modifies %,d (%.1f %%); fills %,d; "
                + "order prices %,d–%,d ticks; resting orders min %,d / mean %,d / max %,d",
            messages, commands, newOrders, percentOfMessages(newOrders),
            newOrders == 0 ? 0 : 100.0 * iocOrders / newOrders, cancels, percentOfMessages(cancels), lateCancels,
            modifies, percentOfMessages(modifies), fills, minPriceTicks, maxPriceTicks, minResting, meanResting,
            maxResting);
    }
}
