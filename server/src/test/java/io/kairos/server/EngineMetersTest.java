package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import io.kairos.engine.Engine;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
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
}
