package io.kairos.engine;

/**
 * Told of each completed journal force of a partition in sync mode (for metrics), on that partition's force thread,
 * after the force and before the events of the commands it covered are released. It must not block for long: the
 * acknowledgements wait for it.
 */
@FunctionalInterface
public interface JournalForceListener
{
    JournalForceListener NO_OP = (partition, durableIndex, durationNs) ->
    {
    };

    /**
     * @param durableIndex every journal record up to this index is on the storage device
     * @param durationNs   how long the force took (the simulated delay included, if one is configured)
     */
    void onForced(int partition, long durableIndex, long durationNs);
}
