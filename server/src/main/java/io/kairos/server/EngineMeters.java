package io.kairos.server;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineCounter;
import io.kairos.engine.GatewayEngine;
import io.kairos.engine.LocalPartitions;
import io.kairos.engine.PartitionStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.Timer;

/**
 * The server-level engine meters: where the partitions are matched in this process
 * ({@link GatewayEngine#localPartitions}), per hosted partition the ring's remaining capacity, commands,
 * trades, rejects and resting orders (read from the engine's counters at scrape time) and the journal force time
 * histogram ({@code kairos_journal_force_seconds}, recorded on each partition's force thread); the engine's own
 * {@link GatewayEngine#counters} (a replicated engine's client's); and for every engine the engine
 * latency histogram ({@code kairos_engine_latency_seconds}, engine-in to engine-out of every execution event).
 * Registered once, before the engine starts; {@link #recordEngineLatency} is called on the threads that release
 * the engine's events and is thread-safe and allocation-free.
 */
public final class EngineMeters
{
    private final Timer engineLatency;

    private EngineMeters(final Timer engineLatency)
    {
        this.engineLatency = engineLatency;
    }

    /** Registers the meters {@code engine} has (see the class); before it starts. */
    public static EngineMeters register(
        final GatewayEngine engine, final EngineConfig config, final MeterRegistry registry)
    {
        engine.localPartitions().ifPresent(local -> registerPartitions(local, config, registry));
        for (final EngineCounter counter : engine.counters())
        {
            if (counter.monotonic())
            {
                FunctionCounter.builder(counter.name(), counter, EngineCounter::read)
                    .description(counter.description())
                    .register(registry);
            }
            else
            {
                Gauge.builder(counter.name(), counter, EngineCounter::read)
                    .description(counter.description())
                    .register(registry);
            }
        }
        final Timer latency = Timer.builder("kairos.engine.latency")
            .description("Business-logic latency: engine-in (21002) to engine-out (21003) of each execution event")
            .publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(500))
            .maximumExpectedValue(Duration.ofSeconds(10))
            .register(registry);
        return new EngineMeters(latency);
    }

    private static void registerPartitions(
        final LocalPartitions local, final EngineConfig config, final MeterRegistry registry)
    {
        final int[] hosted = config.hostedPartitionIds();
        final Timer[] forceTimes = new Timer[config.partitionCount()];
        for (final int p : hosted)
        {
            forceTimes[p] = registerPartition(local, p, registry);
        }
        local.journalForceListener((partition, durableIndex, durationNs) ->
            forceTimes[partition].record(durationNs, TimeUnit.NANOSECONDS));
    }

    /** @return the partition's journal force timer */
    private static Timer registerPartition(
        final LocalPartitions local, final int partition, final MeterRegistry registry)
    {
        final String p = Integer.toString(partition);
        final PartitionStats stats = local.stats(partition);
        Gauge.builder("kairos.ring.remaining.capacity", local, l -> l.remainingCapacity(partition))
            .description("Free slots in the partition's command ring")
            .tag("partition", p)
            .register(registry);
        final Timer forceTime = Timer.builder("kairos.journal.force")
            .description("Journal forces to disk (sync mode): each one's duration, simulated delay included")
            .tag("partition", p)
            .publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(1_000))
            .maximumExpectedValue(Duration.ofSeconds(10))
            .register(registry);
        if (stats == null)
        {
            return forceTime;
        }
        counter(registry, p, "kairos.engine.commands", "Commands processed by the partition's matcher", stats,
            PartitionStats::commands);
        counter(registry, p, "kairos.engine.trades", "Trades matched in the partition", stats, PartitionStats::trades);
        counter(registry, p, "kairos.engine.rejects", "Commands the partition rejected", stats,
            PartitionStats::rejects);
        Gauge.builder("kairos.resting.orders", stats, PartitionStats::restingOrders)
            .description("Orders resting on the partition's books")
            .tag("partition", p)
            .register(registry);
        FunctionCounter.builder("kairos.journal.written", stats, PartitionStats::journalBytes)
            .description("Bytes appended to the partition's journal")
            .baseUnit("bytes")
            .tag("partition", p)
            .register(registry);
        TimeGauge.builder("kairos.journal.force.max", stats, TimeUnit.NANOSECONDS, PartitionStats::journalForceNsMax)
            .description("Longest journal force since start")
            .tag("partition", p)
            .register(registry);
        counter(registry, p, "kairos.journal.commands.matched.during.force",
            "Commands matched while a journal force was outstanding (sync mode): matching does not wait for the disk",
            stats, PartitionStats::commandsMatchedDuringForces);
        return forceTime;
    }

    private static void counter(
        final MeterRegistry registry, final String partition, final String name, final String description,
        final PartitionStats stats, final ToDoubleFunction<PartitionStats> count)
    {
        FunctionCounter.builder(name, stats, count).description(description).tag("partition", partition)
            .register(registry);
    }

    /** Records engine-out minus engine-in; ignores events without both stamps. Thread-safe, allocation-free. */
    public void recordEngineLatency(final long engineInNs, final long engineOutNs)
    {
        if (engineInNs > 0 && engineOutNs >= engineInNs)
        {
            engineLatency.record(engineOutNs - engineInNs, TimeUnit.NANOSECONDS);
        }
    }
}
