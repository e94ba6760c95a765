package io.kairos.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Minimal HTTP GET against the venue's metrics port, with short timeouts. Thread-safe. */
final class Http
{
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    record Response(int status, String body)
    {
    }

    private Http()
    {
    }

    /** @return the response, or status -1 when the port does not answer. */
    static Response get(final int port, final String path)
    {
        return get("127.0.0.1", port, path);
    }

    /** @return the response from {@code host}, or status -1 when the port does not answer. */
    static Response get(final String host, final int port, final String path)
    {
        return send(HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + path))
            .timeout(Duration.ofSeconds(5)).GET().build());
    }

    /** @return the response to a GET with {@code Authorization: <authorization>}, or status -1 as above. */
    static Response getWithAuthorization(final int port, final String path, final String authorization)
    {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", authorization).timeout(Duration.ofSeconds(5)).GET().build());
    }

    private static Response send(final HttpRequest request)
    {
        try
        {
            final HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body());
        }
        catch (final IOException ex)
        {
            return new Response(-1, ex.toString());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return new Response(-1, ex.toString());
        }
    }
}
