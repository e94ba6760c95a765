package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import io.kairos.testsupport.Await;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The management endpoint over real HTTP on 127.0.0.1: the JDK's client where a well-behaved client fits, raw
 * sockets for the slow, oversized and surplus connections a flood is made of.
 */
class MetricsHttpServerTest
{
    /** A safety net for a hung server, never reached by a passing test. */
    private static final int READ_BOUND_MS = 30_000;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HealthState health = new HealthState();
    private final List<Socket> slow = new ArrayList<>();

    @AfterEach
    void closeAll() throws IOException
    {
        for (final Socket socket : slow)
        {
            socket.close();
        }
        registry.close();
    }

    @Test
    void shouldReportLiveAlwaysAndReadyOnlyOnceTheVenueIsUp() throws Exception
    {
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
    }

    @Test
    void shouldRefuseTheOperatorControlsWhenNoOperatorIsConfigured() throws Exception
    {
        try (MetricsHttpServer server = MetricsHttpServer.start(new MetricsSettings("127.0.0.1", 0), registry,
            health))
        {
            final HttpResponse<String> halt = http.send(HttpRequest.newBuilder(uri(server, "/admin/halt?venue"))
                .POST(HttpRequest.BodyPublishers.noBody()).header("Authorization", "Bearer anything").build(),
                HttpResponse.BodyHandlers.ofString());

            assertEquals(403, halt.statusCode());
            assertTrue(halt.body().startsWith("the operator controls are off"), halt.body());
            assertEquals(403, get(server, "/admin/sessions").statusCode());
        }
    }

    @Test
    void shouldServeThePrometheusTextFormatOnGetAndHeadAndRefuseOtherMethodsAndPaths() throws Exception
    {
        Counter.builder("kairos.test.things").register(registry).increment(3);
        try (MetricsHttpServer server = MetricsHttpServer.start(new MetricsSettings("127.0.0.1", 0), registry,
            health))
        {
            final HttpResponse<String> metrics = get(server, "/metrics");

            assertEquals(200, metrics.statusCode());
            assertEquals("text/plain; version=0.0.4; charset=utf-8",
                metrics.headers().firstValue("Content-Type").orElse(""));
            assertTrue(metrics.body().contains("kairos_test_things_total 3.0"), metrics.body());
            assertTrue(metrics.body().contains("kairos_management_requests_refused_total{reason=\"timeout\"} 0.0"),
                metrics.body());

            final HttpResponse<String> head = http.send(HttpRequest.newBuilder(uri(server, "/metrics"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, head.statusCode());
            assertEquals("", head.body());
            assertTrue(head.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));

            final HttpResponse<String> elsewhere = get(server, "/elsewhere");
            assertEquals(404, elsewhere.statusCode());
            assertEquals("not found; try /metrics, /health/live, /health/ready\n", elsewhere.body());

            final HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri(server, "/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
            assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(""));
        }
    }

    @Test
    void shouldKeepAnsweringReadinessWhileTwoHundredSlowRequestsAreOpenAndCloseThemAtTheRequestTimeout()
        throws Exception
    {
        // 200 slow connections fit under the ceiling (4 x 64); a short timeout, long enough to open them all
        final MetricsSettings settings = new MetricsSettings("127.0.0.1", 0, 8_000, 64, "");
        health.ready();
        try (MetricsHttpServer server = MetricsHttpServer.start(settings, registry, health))
        {
            for (int i = 0; i < 200; i++)
            {
                slow.add(stall(server, "GET /metr"));
            }
            Await.until("200 slow connections accepted", () -> server.openConnections() == 200);

            for (int i = 0; i < 20; i++)
            {
                assertTrue(request(server, "GET /health/ready HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .startsWith("HTTP/1.1 200 OK"), "try " + i);
                assertEquals(200, get(server, "/health/live").statusCode(), "try " + i);
            }

            for (final Socket socket : slow)
            {
                final String answer = readToEnd(socket);
                assertTrue(answer.startsWith("HTTP/1.1 408 Request Timeout"), answer);
                assertTrue(answer.contains("metrics.request-timeout-ms"), answer);
            }
            Await.until("the slow connections closed", () -> server.openConnections() <= 1);
            assertEquals(200.0, refused("timeout"));
        }
    }

    @Test
    void shouldRefuseAllButHealthPastMaxConnectionsAndEveryConnectionAtTheCeiling() throws Exception
    {
        final MetricsSettings settings = new MetricsSettings("127.0.0.1", 0, 60_000, 4, "");
        health.ready();
        try (MetricsHttpServer server = MetricsHttpServer.start(settings, registry, health))
        {
            for (int i = 0; i < 4; i++)
            {
                slow.add(stall(server, "GET /"));
            }
            Await.until("4 slow connections accepted", () -> server.openConnections() == 4);

            final String metrics = request(server, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(metrics.startsWith("HTTP/1.1 503 Service Unavailable"), metrics);
            assertTrue(metrics.contains("metrics.max-connections"), metrics);
            final String ready = request(server, "GET /health/ready HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertTrue(ready.startsWith("HTTP/1.1 200 OK"), ready);
            assertTrue(ready.endsWith("\r\n\r\nready\n"), ready);
            assertEquals(1.0, refused("connections"));

            Await.until("the answered connections closed", () -> server.openConnections() == 4);
            for (int i = 4; i < settings.connectionCeiling(); i++)
            {
                slow.add(stall(server, "GET /"));
            }
            Await.until("16 slow connections accepted", () -> server.openConnections() == 16);
            final String atCeiling = request(server, "GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(atCeiling.startsWith("HTTP/1.1 503 Service Unavailable"), atCeiling);
            assertTrue(atCeiling.contains("4 x metrics.max-connections"), atCeiling);
            assertEquals(1.0, refused("ceiling"));

            for (final Socket socket : slow)
            {
                socket.close();
            }
            Await.until("every connection closed", () -> server.openConnections() == 0);
            assertEquals("ok", request(server, "GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .endsWith("live\n") ? "ok" : "health not answered once the flood ended");
        }
    }

    @Test
    void shouldRequireTheBearerTokenOnMetricsButLeaveHealthOpen() throws Exception
    {
        final String token = "0123456789abcdef0123456789abcdef";
        final String hash = HexFormat.of().formatHex(ManagementHandler.sha256(token));
        try (MetricsHttpServer server = MetricsHttpServer.start(
            new MetricsSettings("127.0.0.1", 0, 5_000, 64, hash), registry, health))
        {
            final HttpResponse<String> none = get(server, "/metrics");
            assertEquals(401, none.statusCode());
            assertEquals("Bearer realm=\"kairos\"", none.headers().firstValue("WWW-Authenticate").orElse(""));

            final HttpResponse<String> wrong = get(server, "/metrics", "Bearer " + token.replace('0', '1'));
            assertEquals(401, wrong.statusCode());
            assertEquals("Bearer realm=\"kairos\", error=\"invalid_token\"",
                wrong.headers().firstValue("WWW-Authenticate").orElse(""));
            assertEquals(401, get(server, "/metrics", "Basic " + token).statusCode());
            assertEquals(401, get(server, "/metrics", "Bearer " + token + "x").statusCode());

            final HttpResponse<String> right = get(server, "/metrics", "Bearer " + token);
            assertEquals(200, right.statusCode());
            assertTrue(right.body().contains("kairos_management_requests_refused_total{reason=\"unauthorized\"} 4.0"),
                right.body());
            assertEquals(200, get(server, "/metrics", "bearer " + token).statusCode());

            assertEquals(200, get(server, "/health/live").statusCode());
            assertEquals(503, get(server, "/health/ready").statusCode());
            assertEquals(4.0, refused("unauthorized"));
        }
    }

    @Test
    void shouldAnswer431ToOversizeHeaders414ToAnOversizeRequestLineAnd413ToABody() throws Exception
    {
        try (MetricsHttpServer server = MetricsHttpServer.start(new MetricsSettings("127.0.0.1", 0), registry,
            health))
        {
            final String headers = request(server, "GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " +
                "a".repeat(MetricsHttpServer.MAX_HEADER_BYTES) + "\r\n\r\n");
            assertTrue(headers.startsWith("HTTP/1.1 431 Request Header Fields Too Large"), headers);

            final String line = request(server, "GET /" + "a".repeat(MetricsHttpServer.MAX_INITIAL_LINE) +
                " HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(line.startsWith("HTTP/1.1 414 Request-URI Too Long"), line);

            final int size = ManagementHandler.MAX_BODY_BYTES + 1;
            final String body = request(server, "GET /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: " + size +
                "\r\n\r\n" + "b".repeat(size));
            assertTrue(body.startsWith("HTTP/1.1 413 Request Entity Too Large"), body);

            final String garbage = request(server, "\u0016\u0003\u0001 not http\r\n\r\n");
            assertTrue(garbage.startsWith("HTTP/1.1 400 Bad Request"), garbage);

            assertEquals(3.0, refused("too_large"));
            assertEquals(1.0, refused("malformed"));
            assertEquals(200, get(server, "/health/live").statusCode());
        }
    }

    @Test
    void shouldDisconnectAClientThatSendsANewRequestBeforeItsScrapeIsAnswered() throws Exception
    {
        try (MetricsHttpServer server = MetricsHttpServer.start(new MetricsSettings("127.0.0.1", 0), registry,
            health))
        {
            // one write: the second request is read while the first one's scrape is being rendered
            final String answer = request(server, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n" +
                "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals(1.0, refused("malformed"), answer);
            Await.until("the pipelining connection closed", () -> server.openConnections() == 0);

            // health answered in order, kept alive, then the connection closes when asked
            final String twice = request(server, "GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n" +
                "GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertEquals(2, twice.split("HTTP/1.1 200 OK", -1).length - 1, twice);
        }
    }

    private double refused(final String reason)
    {
        return registry.get("kairos.management.requests.refused").tag("reason", reason).counter().count();
    }

    /** A connection that sends the start of a request and then nothing. */
    private static Socket stall(final MetricsHttpServer server, final String partial) throws IOException
    {
        final Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(READ_BOUND_MS);
        socket.getOutputStream().write(partial.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** Sends {@code text} on a new connection and reads until the server closes it. */
    private static String request(final MetricsHttpServer server, final String text) throws IOException
    {
        try (Socket socket = new Socket("127.0.0.1", server.port()))
        {
            socket.setSoTimeout(READ_BOUND_MS);
            socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return readToEnd(socket);
        }
    }

    /** Everything the server sends until it closes the connection (a reset after its answer counts as closed). */
    private static String readToEnd(final Socket socket) throws IOException
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final InputStream in = socket.getInputStream();
        final byte[] buffer = new byte[4096];
        try
        {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer))
            {
                out.write(buffer, 0, n);
            }
        }
        catch (final SocketException reset)
        {
            if (out.size() == 0)
            {
                throw reset;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private HttpResponse<String> get(final MetricsHttpServer server, final String path) throws Exception
    {
        return http.send(HttpRequest.newBuilder(uri(server, path)).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(final MetricsHttpServer server, final String path, final String authorization)
        throws Exception
    {
        return http.send(HttpRequest.newBuilder(uri(server, path)).header("Authorization", authorization)
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(final MetricsHttpServer server, final String path)
    {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
