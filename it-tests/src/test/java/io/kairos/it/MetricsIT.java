package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsIT
{
    @TempDir
    Path dir;

    @Test
    void shouldExposeTheKairosMetersInPrometheusFormatAndMoveThemWithTheDemoFlow()
    {
        final TestVenue venue = new TestVenue(dir);
        try (KairosProcess server = venue.start("--demo-flow", "--demo-rate", "200"))
        {
            final Http.Response first = Http.get(venue.metricsPort(), "/metrics");
            assertEquals(200, first.status());
            for (final String meter : List.of(
                "kairos_ring_remaining_capacity{partition=\"0\"}",
                "kairos_ring_remaining_capacity{partition=\"1\"}",
                "kairos_engine_commands_total{partition=\"0\"}",
                "kairos_resting_orders{partition=\"1\"}",
                "kairos_journal_force_seconds_count{partition=\"0\"}",
                "kairos_journal_force_seconds_sum{partition=\"0\"}",
                "kairos_engine_latency_seconds_bucket{le=",
                "# TYPE kairos_engine_latency_seconds histogram",
                "kairos_sessions_connected",
                "kairos_md_subscribers",
                "kairos_orders_in_total",
                "kairos_throttle_rejects_total",
                "kairos_rejects_total{reason=\"price_outside_band\"}",
                "jvm_memory_used_bytes"))
            {
                assertTrue(first.body().contains(meter), () -> "missing " + meter + " in\n" + first.body());
            }

            final long deadline = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < deadline)
            {
                final String body = Http.get(venue.metricsPort(), "/metrics").body();
                if (value(body, "kairos_engine_commands_total\\{partition=\"0\"}") > 50 &&
                    value(body, "kairos_engine_latency_seconds_count") > 50 &&
                    value(body, "kairos_journal_force_seconds_count\\{partition=\"1\"}") > 0)
                {
                    assertEquals(0, server.stop());
                    return;
                }
                KairosProcess.pause(250);
            }
            fail("demo flow did not move the meters:\n" + Http.get(venue.metricsPort(), "/metrics").body() + "\n" + server.output());
        }
    }

    @Test
    void shouldAnswer404ForUnknownPaths()
    {
        final TestVenue venue = new TestVenue(dir).set("journal.mode", "off");
        try (KairosProcess server = venue.start())
        {
            assertEquals(404, Http.get(venue.metricsPort(), "/nope").status());
            assertEquals(0, server.stop());
        }
    }

    static double value(final String body, final String series)
    {
        final Matcher m = Pattern.compile("(?m)^" + series + " ([0-9.eE+-]+)$").matcher(body);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }
}
