package io.kairos.server;

import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What the management endpoint refuses, by reason ({@code kairos_management_requests_refused_total{reason}}), and
 * its open connections ({@code kairos_management_connections}). Counters are thread-safe; the event-loop thread
 * increments them, the scrape thread reads them.
 */
final class ManagementMeters
{
    /** Connections open now (accepted, not yet closed). Written by the event loop, read by the gauge. */
    final AtomicInteger openConnections = new AtomicInteger();
    /** A non-health request on a connection opened past {@code metrics.max-connections}: 503. */
    final Counter overMaxConnections;
    /** A connection opened at the ceiling (4 x {@code metrics.max-connections}): 503 at accept, closed. */
    final Counter atCeiling;
    /** A request not complete within {@code metrics.request-timeout-ms}: 408, closed. */
    final Counter timedOut;
    /** A request line, header block or body over its bound: 414, 431 or 413, closed. */
    final Counter tooLarge;
    /** A request that is not HTTP/1.x, or a second request sent before the first one's answer: 400 or closed. */
    final Counter malformed;
    /** {@code /metrics} without the right bearer token: 401. */
    final Counter unauthorized;

    ManagementMeters(final MeterRegistry registry)
    {
        overMaxConnections = refused(registry, "connections");
        atCeiling = refused(registry, "ceiling");
        timedOut = refused(registry, "timeout");
        tooLarge = refused(registry, "too_large");
        malformed = refused(registry, "malformed");
        unauthorized = refused(registry, "unauthorized");
        Gauge.builder("kairos.management.connections", openConnections, AtomicInteger::get)
            .description("Connections open to the management (metrics and health) port").register(registry);
    }

    private static Counter refused(final MeterRegistry registry, final String reason)
    {
        return Counter.builder("kairos.management.requests.refused").tag("reason", reason)
            .description("Requests and connections the management port refused, by reason").register(registry);
    }
}
