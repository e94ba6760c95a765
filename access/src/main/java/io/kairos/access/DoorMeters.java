package io.kairos.access;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Registers what guards a door as meters read at scrape time, the same names for both doors: its
 * {@link ConnectionGate}'s refusals and connections not logged on, and its TLS listener's handshakes, refusals and
 * reloads. Stateless; called once per door, before it opens.
 */
public final class DoorMeters
{
    private DoorMeters()
    {
    }

    /**
     * {@code kairos_connections_refused_total{door,reason="unauthenticated"|"rate"}} and
     * {@code kairos_connections_unauthenticated{door}}.
     */
    public static void registerGate(final ConnectionGate gate, final String door, final MeterRegistry registry)
    {
        FunctionCounter.builder("kairos.connections.refused", gate, ConnectionGate::refusedUnauthenticated)
            .description("Connections refused at accept, by limit (each got a Logout naming it)")
            .tag("door", door).tag("reason", "unauthenticated").register(registry);
        FunctionCounter.builder("kairos.connections.refused", gate, ConnectionGate::refusedRate)
            .description("Connections refused at accept, by limit (each got a Logout naming it)")
            .tag("door", door).tag("reason", "rate").register(registry);
        Gauge.builder("kairos.connections.unauthenticated", gate, ConnectionGate::unauthenticated)
            .description("Connections open that have not logged on yet").tag("door", door).register(registry);
    }

    /**
     * {@code kairos_<door>_tls_handshakes_total}, {@code _refused_total}, {@code _reloads_total} and
     * {@code _reload_failures_total}, {@code door} being the key prefix without its dot ("fix", "md").
     */
    public static void registerTls(final TlsDoor tls, final String door, final MeterRegistry registry)
    {
        final String prefix = "kairos_" + door + "_tls_";
        FunctionCounter.builder(prefix + "handshakes_total", tls, TlsDoor::handshakes)
            .description("TLS handshakes completed on " + door + ".tls-port").register(registry);
        FunctionCounter.builder(prefix + "refused_total", tls, TlsDoor::refusals)
            .description("Connections to " + door + ".tls-port refused before or during the TLS handshake " +
                "(plain-TCP hello, bad or missing client certificate, handshake timeout)").register(registry);
        FunctionCounter.builder(prefix + "reloads_total", tls.contexts(), TlsContextSource::reloads)
            .description("Times the " + door + ".tls.* files changed on disk and new connections got the new " +
                "material").register(registry);
        FunctionCounter.builder(prefix + "reload_failures_total", tls.contexts(), TlsContextSource::reloadFailures)
            .description("Connections at which the changed " + door + ".tls.* files could not be loaded (the " +
                "previous certificate was served)").register(registry);
    }
}
