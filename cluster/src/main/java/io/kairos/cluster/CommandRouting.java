package io.kairos.cluster;

import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;

/**
 * Which of a member's partitions a command of the cluster log goes to: its instrument's, or every hosted one for a
 * mass cancel or trading status of all instruments ({@link EngineCommand#reachesEveryPartition}); an unknown
 * instrument goes to the first hosted partition, which rejects it (as the in-process engine's publisher does). One
 * definition for the service ({@link MatchingService}) and for tools that replay a member's log
 * ({@link ClusterLogReader}). Stateless.
 */
public final class CommandRouting
{
    /** Every hosted partition. */
    public static final int ALL_PARTITIONS = ClusterProtocol.ALL_PARTITIONS;

    private CommandRouting()
    {
    }

    /** The partition of {@code command} among {@code config}'s hosted ones, or {@link #ALL_PARTITIONS}. */
    public static int partitionOf(final EngineConfig config, final EngineCommand command)
    {
        if (command.reachesEveryPartition())
        {
            return ALL_PARTITIONS;
        }
        final Instrument instrument = config.instruments().byId(command.instrumentId);
        if (instrument != null && config.hosts(instrument.partition()))
        {
            return instrument.partition();
        }
        for (int p = 0; p < config.partitionCount(); p++)
        {
            if (config.hosts(p))
            {
                return p;
            }
        }
        throw new IllegalStateException("no hosted partition");
    }
}
