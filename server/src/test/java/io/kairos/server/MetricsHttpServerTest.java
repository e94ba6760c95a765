package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class MetricsHttpServerTest
{
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void shouldReportLiveAlwaysAndReadyOnlyOnceTheVenueIsUp() throws Exception
    {
        final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        final HealthState health = new HealthState();
        try (MetricsHttpServer server = MetricsHttpServer.start(new MetricsSettings("127.0.0.1", 0), registry, health))
        {
            assertEquals(200, get(server, "/health/live").statusCode());
            final HttpResponse<String> starting = get(server, "/health/ready");
            assertEquals(503, starting.statusCode());
            assertEquals("starting\n", starting.body());

            health.ready();
            assertEquals(200, get(server, "/health/ready").statusCode());

            health.notReady("stopping");
            assertEquals(503, get(server, "/health/ready").statusCode());
        }
        registry.close();
    }

    @Test
    void shouldServeThePrometheusTextFormat() throws Exception
    {
        final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter.builder("kairos.test.things").register(registry).increment(3);
        try (MetricsHttpServer server = MetricsHttpServer.start(new MetricsSettings("127.0.0.1", 0), registry,
            new HealthState()))
        {
            final HttpResponse<String> metrics = get(server, "/metrics");

            assertEquals(200, metrics.statusCode());
            assertTrue(metrics.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            assertTrue(metrics.body().contains("kairos_test_things_total 3.0"), metrics.body());
            assertEquals(404, get(server, "/elsewhere").statusCode());
            final HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri(server, "/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
        }
        registry.close();
    }

    private HttpResponse<String> get(final MetricsHttpServer server, final String path) throws Exception
    {
        return http.send(HttpRequest.newBuilder(uri(server, path)).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(final MetricsHttpServer server, final String path)
    {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
