package io.kairos.server;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The HTTP endpoint for operators and Kubernetes probes, on the JDK's built-in server:
 * {@code GET /metrics} (Prometheus text format), {@code GET /health/live} (200 while the process
 * runs), {@code GET /health/ready} (200 once the engine and gateways are up, 503 otherwise).
 * Requests are served by one daemon thread it owns; {@link #close()} stops it.
 */
public final class MetricsHttpServer implements AutoCloseable
{
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService executor;

    private MetricsHttpServer(final HttpServer server, final ExecutorService executor)
    {
        this.server = server;
        this.executor = executor;
    }

    static MetricsHttpServer start(final MetricsSettings settings, final PrometheusMeterRegistry registry,
        final HealthState health)
        throws IOException
    {
        final HttpServer server = HttpServer.create(new InetSocketAddress(settings.bindAddress(), settings.port()), 16);
        final ExecutorService executor = Executors.newSingleThreadExecutor(r ->
        {
            final Thread thread = new Thread(r, "kairos-metrics-http");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/metrics", exchange -> respond(exchange, 200, PROMETHEUS_TEXT, registry.scrape()));
        server.createContext("/health/live", exchange -> respond(exchange, 200, "text/plain", "live\n"));
        server.createContext("/health/ready", exchange -> respond(exchange,
            health.isReady() ? 200 : 503, "text/plain", health.detail() + "\n"));
        server.createContext("/", exchange -> respond(exchange, 404, "text/plain",
            "not found; try /metrics, /health/live, /health/ready\n"));
        server.start();
        return new MetricsHttpServer(server, executor);
    }

    /** The port actually bound (useful when configured as 0). */
    public int port()
    {
        return server.getAddress().getPort();
    }

    private static void respond(final HttpExchange exchange, final int status, final String contentType,
        final String body)
        throws IOException
    {
        try (exchange)
        {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod()))
            {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", contentType);
            if ("HEAD".equals(exchange.getRequestMethod()))
            {
                exchange.sendResponseHeaders(status, -1);
                return;
            }
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody())
            {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close()
    {
        server.stop(0);
        executor.shutdownNow();
    }
}
