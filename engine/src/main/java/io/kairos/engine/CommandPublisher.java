package io.kairos.engine;

import com.lmax.disruptor.EventTranslatorOneArg;
import com.lmax.disruptor.RingBuffer;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Puts commands on the partitions' rings: routes by instrument (reference data names the
 * partition), copies the caller's command into a preallocated slot and stamps engine-in. Thread-safe
 * (the rings are multi-producer); allocation-free.
 *
 * <p>Results are values: a positive number is how many partitions received the command (a mass
 * cancel of {@link EngineCommand#ALL_INSTRUMENTS} reaches every hosted partition, and each answers
 * with one {@link ExecutionEvent.Kind#MASS_CANCEL_REPORT}; so does a trading status of all of
 * them); {@link #BACK_PRESSURED} means a ring was
 * full and nothing was published. An unknown instrument is still published (to the first hosted
 * partition) so that the session gets a proper reject.
 */
public final class CommandPublisher implements CommandSink
{
    private static final EventTranslatorOneArg<EngineCommand, EngineCommand> COPY =
        (slot, sequence, command) -> slot.copyFrom(command);

    private final ReferenceData referenceData;
    private final RingBuffer<EngineCommand>[] ringsByPartition;
    private final int[] hostedPartitions;
    private final EpochNanoClock clock;
    private volatile boolean closed;

    CommandPublisher(
        final ReferenceData referenceData, final RingBuffer<EngineCommand>[] ringsByPartition,
        final int[] hostedPartitions, final EpochNanoClock clock)
    {
        this.referenceData = referenceData;
        this.ringsByPartition = ringsByPartition;
        this.hostedPartitions = hostedPartitions;
        this.clock = clock;
    }

    /** Publishes, waiting (spinning) for ring space if needed. @return partitions reached, or {@link #CLOSED}. */
    @Override
    public int publish(final EngineCommand command)
    {
        return publish(command, true);
    }

    /**
     * Publishes only if there is ring space now. @return partitions reached, {@link #BACK_PRESSURED} or
     * {@link #CLOSED}.
     */
    @Override
    public int tryPublish(final EngineCommand command)
    {
        return publish(command, false);
    }

    @Override
    public int partitionsFor(final int instrumentId)
    {
        return CommandSink.partitionsReached(instrumentId, hostedPartitions.length);
    }

    /** Free slots in a partition's ring (for metrics); -1 when the partition is not hosted here. */
    public long remainingCapacity(final int partition)
    {
        final RingBuffer<EngineCommand> ring = partition >= 0 && partition < ringsByPartition.length
            ? ringsByPartition[partition] : null;
        return ring == null ? -1 : ring.remainingCapacity();
    }

    void close()
    {
        closed = true;
    }

    private int publish(final EngineCommand command, final boolean wait)
    {
        if (closed)
        {
            return CLOSED;
        }
        command.engineInNs = clock.nanoTime();
        if (command.reachesEveryPartition())
        {
            if (!wait)
            {
                for (final int p : hostedPartitions)
                {
                    if (!ringsByPartition[p].hasAvailableCapacity(1))
                    {
                        return BACK_PRESSURED;
                    }
                }
            }
            for (final int p : hostedPartitions)
            {
                publishTo(ringsByPartition[p], command, true);
            }
            return hostedPartitions.length;
        }
        final Instrument instrument = referenceData.byId(command.instrumentId);
        RingBuffer<EngineCommand> ring = instrument == null ? null : ringsByPartition[instrument.partition()];
        if (ring == null)
        {
            ring = ringsByPartition[hostedPartitions[0]];
        }
        return publishTo(ring, command, wait) ? 1 : BACK_PRESSURED;
    }

    private boolean publishTo(final RingBuffer<EngineCommand> ring, final EngineCommand command, final boolean wait)
    {
        if (wait)
        {
            ring.publishEvent(COPY, command);
            return true;
        }
        return ring.tryPublishEvent(COPY, command);
    }
}
