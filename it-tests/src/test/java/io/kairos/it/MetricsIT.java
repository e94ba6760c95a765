package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.kairos.testsupport.Await;
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
                "kairos_md_subscriptions",
                "kairos_md_sessions",
                "# TYPE kairos_order_entry_door_to_door_seconds histogram",
                "kairos_order_entry_hop_seconds_bucket{hop=\"gateway-in-to-engine-in\",le=",
                "kairos_md_engine_out_to_gateway_out_seconds_bucket{view=\"l3\",le=",
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
            fail("demo flow did not move the meters:\n" + Http.get(venue.metricsPort(), "/metrics").body() + "\n" +
                server.output());
        }
    }

    @Test
    void shouldExposeEveryMetricTheGrafanaDashboardQueries() throws IOException
    {
        final Set<String> queried = dashboardMetrics(Path.of("..", "helm", "kairos", "dashboards", "kairos.json"));
        assertTrue(queried.size() >= 20, "metrics found in the dashboard's expr fields: " + queried);
        final TestVenue venue = new TestVenue(dir);
        try (KairosProcess server = venue.start())
        {
            final String body = Http.get(venue.metricsPort(), "/metrics").body();
            final Set<String> missing = new TreeSet<>();
            for (final String metric : queried)
            {
                if (!Pattern.compile("(?m)^" + Pattern.quote(metric) + "[{ ]").matcher(body).find())
                {
                    missing.add(metric);
                }
            }
            assertEquals(Set.of(), missing, () -> "queried by the dashboard, absent from /metrics:\n" + body);
            assertEquals(0, server.stop());
        }
    }

    /** The metric names of every selector ({@code name{...}}) in the dashboard's PromQL {@code expr} fields. */
    static Set<String> dashboardMetrics(final Path dashboard) throws IOException
    {
        final Matcher expr = Pattern.compile("\"expr\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
            .matcher(Files.readString(dashboard));
        final Set<String> metrics = new TreeSet<>();
        while (expr.find())
        {
            final Matcher selector = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{").matcher(expr.group(1));
            while (selector.find())
            {
                metrics.add(selector.group(1));
            }
        }
        return metrics;
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

    @Test
    void shouldKeepReadinessPassingThroughTwoHundredSlowRequestsAndGuardMetricsWithTheBearerToken()
        throws IOException
    {
        final String token = "it-token-6a1f0c9e2b7d4a58";
        final String hash = HexFormat.of().formatHex(sha256(token));
        final TestVenue venue = new TestVenue(dir).set("journal.mode", "off")
            .set("metrics.bearer-token-hash", hash).set("metrics.request-timeout-ms", "60000");
        final List<Socket> slow = new ArrayList<>();
        try (KairosProcess server = venue.start())
        {
            assertEquals(401, Http.get(venue.metricsPort(), "/metrics").status());
            assertEquals(401, Http.getWithAuthorization(venue.metricsPort(), "/metrics", "Bearer wrong").status());
            assertEquals(200, Http.getWithAuthorization(venue.metricsPort(), "/metrics", "Bearer " + token).status());

            for (int i = 0; i < 200; i++)
            {
                final Socket socket = new Socket("127.0.0.1", venue.metricsPort());
                socket.getOutputStream().write("GET /metr".getBytes(StandardCharsets.US_ASCII));
                slow.add(socket);
            }
            for (int i = 0; i < 20; i++)
            {
                final Http.Response ready = Http.get(venue.metricsPort(), "/health/ready");
                assertEquals(200, ready.status(), "try " + i + ": " + ready.body());
                assertEquals(200, Http.get(venue.metricsPort(), "/health/live").status(), "try " + i);
            }
            for (final Socket socket : slow)
            {
                socket.close();
            }
            // A scrape on a connection opened while more than metrics.max-connections were open gets 503: wait until
            // the server has seen the slow connections close.
            final String[] body = new String[1];
            Await.until("/metrics answered once the slow connections closed", () ->
            {
                final Http.Response metrics =
                    Http.getWithAuthorization(venue.metricsPort(), "/metrics", "Bearer " + token);
                body[0] = metrics.body();
                return metrics.status() == 200;
            });
            assertEquals(2.0, value(body[0], "kairos_management_requests_refused_total\\{reason=\"unauthorized\"}"),
                body[0]);
            assertEquals(0, server.stop());
        }
        finally
        {
            for (final Socket socket : slow)
            {
                socket.close();
            }
        }
    }

    private static byte[] sha256(final String text)
    {
        try
        {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    static double value(final String body, final String series)
    {
        final Matcher m = Pattern.compile("(?m)^" + series + " ([0-9.eE+-]+)$").matcher(body);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }
}
