package io.kairos.engine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * The engine's lifecycle: build it (rings and publisher exist, nothing runs), {@link #start}
 * it with the listener (each hosted partition recovers from its snapshot and journal, emits the
 * recovered books as {@link BookEvent#recovered} ADDs, then its matcher thread starts), and
 * {@link #close} it (stops accepting, drains the rings, forces the journal, joins the threads).
 * Lifecycle methods are called from one thread; {@link #publisher()} is thread-safe. The gateways' engine when it runs
 * in this process: its partitions are {@link #localPartitions() local}, it has no client {@link #counters()}.
 */
public final class Engine implements GatewayEngine, LocalPartitions
{
    private final EngineConfig config;
    private final EpochNanoClock clock;
    private final PartitionRuntime[] partitions;
    private final CommandPublisher publisher;
    private JournalForceListener journalForceListener = JournalForceListener.NO_OP;
    private boolean started;
    private boolean closed;

    public Engine(final EngineConfig config)
    {
        this(config, new SystemEpochNanoClock());
    }

    public Engine(final EngineConfig config, final EpochNanoClock clock)
    {
        this(config, clock, null);
    }

    /**
     * An engine whose matchers run as agents on {@code matcherHost} (compact threading: the thread that also
     * runs the order-entry gateway) instead of on threads of their own; null for their own threads. The host
     * must keep running until this engine is closed: closing drains the rings through it.
     */
    public Engine(final EngineConfig config, final EpochNanoClock clock, final AgentThread matcherHost)
    {
        this(config, clock, matcherHost, null);
    }

    /**
     * As {@link #Engine(EngineConfig, EpochNanoClock, AgentThread)}, with snapshot files written on {@code
     * housekeeping} (compact threading's infra thread) instead of the matcher's thread, which then only captures
     * the state into memory; null: the matcher's thread writes them. It must keep running until this engine is
     * closed.
     */
    public Engine(
        final EngineConfig config, final EpochNanoClock clock, final AgentThread matcherHost,
        final AgentThread housekeeping)
    {
        this.config = config;
        this.clock = clock;
        partitions = new PartitionRuntime[config.partitionCount()];
        // A generic array can only be made raw, then cast.
        @SuppressWarnings({"unchecked", "rawtypes"})
        final com.lmax.disruptor.RingBuffer<EngineCommand>[] rings =
            new com.lmax.disruptor.RingBuffer[config.partitionCount()];
        final int[] hosted = config.hostedPartitionIds();
        try
        {
            for (final int p : hosted)
            {
                partitions[p] = new PartitionRuntime(p, config, clock, matcherHost, housekeeping);
                rings[p] = partitions[p].ring();
            }
        }
        catch (final RuntimeException ex)
        {
            closePartitions(); // releases the journal locks already taken
            throw ex;
        }
        publisher = new CommandPublisher(config.instruments(), rings, hosted, clock);
    }

    /**
     * Recovers every hosted partition (on the calling thread) and starts its matcher: a thread of its own, or
     * an agent on the matcher host. Throws if recovery cannot read its files.
     */
    @Override
    public synchronized Engine start(final EngineEventListener listener)
    {
        if (started)
        {
            throw new IllegalStateException("already started");
        }
        started = true;
        for (final PartitionRuntime partition : partitions)
        {
            if (partition != null)
            {
                partition.recover(listener);
            }
        }
        for (final PartitionRuntime partition : partitions)
        {
            if (partition != null)
            {
                partition.start(listener, journalForceListener);
            }
        }
        return this;
    }

    /** Before {@link #start}: who is told of each journal force in sync mode (metrics). */
    @Override
    public synchronized Engine journalForceListener(final JournalForceListener listener)
    {
        if (started)
        {
            throw new IllegalStateException("already started");
        }
        journalForceListener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    public CommandPublisher publisher()
    {
        return publisher;
    }

    /** The {@link #publisher()}: the gateways publish straight onto the rings. */
    @Override
    public CommandSink commands()
    {
        return publisher;
    }

    @Override
    public Optional<LocalPartitions> localPartitions()
    {
        return Optional.of(this);
    }

    @Override
    public List<EngineCounter> counters()
    {
        return List.of();
    }

    public EngineConfig config()
    {
        return config;
    }

    public EpochNanoClock clock()
    {
        return clock;
    }

    /** What recovery found in each hosted partition, after {@link #start}. */
    @Override
    public List<RecoveryReport> recoveryReports()
    {
        final java.util.ArrayList<RecoveryReport> reports = new java.util.ArrayList<>();
        for (final PartitionRuntime partition : partitions)
        {
            if (partition != null && partition.recoveryReport() != null)
            {
                reports.add(partition.recoveryReport());
            }
        }
        return reports;
    }

    /** Live counters of a hosted partition, or null when it is not hosted here. */
    @Override
    public PartitionStats stats(final int partition)
    {
        return partition >= 0 && partition < partitions.length && partitions[partition] != null
            ? partitions[partition].stats() : null;
    }

    /** Free slots in a partition's ring; -1 when it is not hosted here. */
    @Override
    public long remainingCapacity(final int partition)
    {
        return publisher.remainingCapacity(partition);
    }

    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        publisher.close();
        closePartitions();
    }

    private void closePartitions()
    {
        for (final PartitionRuntime partition : partitions)
        {
            if (partition != null)
            {
                partition.close();
            }
        }
    }
}
