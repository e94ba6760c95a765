package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.CommandSink;
import io.kairos.engine.Engine;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineCounter;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.GatewayEngine;
import io.kairos.engine.Instrument;
import io.kairos.engine.LocalPartitions;
import io.kairos.engine.RecoveryReport;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class EngineMetersTest
{
    private static final List<Instrument> INSTRUMENTS = List.of(
        new Instrument("AAA", 1, 0, 10_000, 1, 100_000_000, 10),
        new Instrument("BBB", 2, 1, 10_000, 1, 100_000_000, 10));

    @Test
    void shouldRecordEngineLatencyWithoutAllocating()
    {
        try (Engine engine = new Engine(EngineConfig.defaults(INSTRUMENTS)))
        {
            final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            final EngineMeters meters = EngineMeters.register(engine, engine.config(), registry);
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
            for (int i = 0; i < 2_000_000; i++)
            {
                meters.recordEngineLatency(1_000, 1_000 + (i % 50_000) * 7L);
            }

            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100_000; i++)
            {
                meters.recordEngineLatency(1_000, 1_000 + (i % 50_000) * 7L);
            }
            final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

            assertEquals(0, allocated, "bytes allocated by 100,000 latency recordings");
            registry.close();
        }
    }

    @Test
    void shouldExposeThePartitionMetersInPrometheusFormat()
    {
        try (Engine engine = new Engine(EngineConfig.defaults(INSTRUMENTS)))
        {
            final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            EngineMeters.register(engine, engine.config(), registry).recordEngineLatency(1_000, 26_000);

            final String text = registry.scrape();

            for (final String expected : List.of(
                "kairos_ring_remaining_capacity{partition=\"0\"} 16384",
                "kairos_ring_remaining_capacity{partition=\"1\"} 16384",
                "kairos_engine_commands_total{partition=\"1\"} 0",
                "kairos_resting_orders{partition=\"0\"} 0",
                "kairos_journal_force_seconds_count{partition=\"0\"} 0",
                "kairos_engine_latency_seconds_count 1",
                "kairos_engine_latency_seconds_bucket{le=\""))
            {
                assertTrue(text.contains(expected), () -> "missing " + expected + " in\n" + text);
            }
            registry.close();
        }
    }

    @Test
    void shouldExposeAnEnginesCountersAndNoPartitionMetersWhenItsPartitionsAreMatchedElsewhere()
    {
        final AtomicLong resumes = new AtomicLong(3);
        final AtomicLong unanswered = new AtomicLong(7);
        final GatewayEngine remote = new Remote(List.of(
            EngineCounter.counter("kairos.test.resumes", "resumes", resumes::get),
            EngineCounter.gauge("kairos.test.unanswered", "unanswered", unanswered::get)));
        final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        EngineMeters.register(remote, EngineConfig.defaults(INSTRUMENTS), registry).recordEngineLatency(1_000, 2_000);
        resumes.set(4);
        System.gc(); // the registry holds what it reads weakly: the engine's list must keep them

        final String text = registry.scrape();

        assertTrue(text.contains("kairos_test_resumes_total 4"), text);
        assertTrue(text.contains("kairos_test_unanswered 7"), text);
        assertTrue(text.contains("kairos_engine_latency_seconds_count 1"), text);
        assertFalse(text.contains("kairos_ring_remaining_capacity"), text);
        registry.close();
        java.lang.ref.Reference.reachabilityFence(remote); // as the venue holds its engine
    }

    /** An engine whose partitions are matched elsewhere, with counters of its own. */
    private record Remote(List<EngineCounter> counters) implements GatewayEngine
    {
        @Override
        public CommandSink commands()
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public GatewayEngine start(final EngineEventListener listener)
        {
            return this;
        }

        @Override
        public List<RecoveryReport> recoveryReports()
        {
            return List.of();
        }

        @Override
        public Optional<LocalPartitions> localPartitions()
        {
            return Optional.empty();
        }

        @Override
        public void close()
        {
        }
    }
}
