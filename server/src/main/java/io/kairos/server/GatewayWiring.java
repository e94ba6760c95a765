package io.kairos.server;

import java.util.List;

import io.kairos.access.TlsListenerConfig;
import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineEventListener;
import io.kairos.fix.FixGateway;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.fix.FixSessionConfig;
import io.kairos.fix.TlsFrontEnd;
import io.kairos.md.MarketDataGateway;
import io.kairos.md.MarketDataGatewayConfig;
import io.kairos.md.MdSessionConfig;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Launches the gateways on their config records (built by {@link KairosConfigLoader}) against the
 * engine's publisher and reference data. The server uses only the gateways' public
 * launch/port/close surface. Called by the lifecycle thread, before the engine starts.
 */
final class GatewayWiring
{
    private GatewayWiring()
    {
    }

    /**
     * @param listeners  receives each gateway's engine listener
     * @param closeables receives each gateway, in start order
     * @param endpoints  receives a line per gateway for the banner
     * @param threads    the compact mode's shared threads, or null for threads of each gateway's own
     * @return the order-entry gateway (also in {@code closeables}), for the operator's controls
     */
    static FixGateway launch(
        final KairosConfig config, final CommandSink engine, final MeterRegistry registry,
        final List<EngineEventListener> listeners, final List<AutoCloseable> closeables, final List<String> endpoints,
        final VenueThreads threads)
    {
        final FixGatewayConfig fix = config.fix();
        final FixGateway fixGateway = FixGateway.launch(fix, config.engine().instruments(), engine,
            registry, threads == null ? null : threads.hot(), threads == null ? null : threads.infra());
        closeables.add(fixGateway);
        listeners.add(fixGateway);
        endpoints.add("FIX order entry: " + fix.bindAddress() + ":" + fixGateway.port() + "  FIX.4.4 TargetCompID=" +
            fix.compId() + "  SenderCompID " + range(fix.sessions().stream().map(FixSessionConfig::compId).toList()) +
            "  (Username=SenderCompID, Password hashed in fix.session.<ID>.password-hash in " +
            passwordsDocumentedIn(config) + ")");
        final TlsListenerConfig fixTls = config.tls().fix();
        if (fixTls.enabled())
        {
            // the front end records each relay in the gateway's origins: the lock-out and the connection gate count
            // the client behind it, not the loopback relay
            final TlsFrontEnd frontEnd = TlsFrontEnd.launch(fixTls, fix.bindAddress(), fixGateway.port(),
                fixGateway.connectionOrigins(), registry);
            closeables.add(frontEnd);
            endpoints.add("FIX order entry over TLS: " + fix.bindAddress() + ":" + frontEnd.port() + "  (" +
                tlsSummary(fixTls) + "; relayed to " + fixGateway.port() + " in process)");
        }

        final MarketDataGatewayConfig md = config.md();
        final MarketDataGateway mdGateway =
            MarketDataGateway.launch(md, config.tls().md(), config.engine().instruments(), registry);
        closeables.add(mdGateway);
        listeners.add(mdGateway);
        endpoints.add("FIX market data: " + md.bindAddress() + ":" + mdGateway.port() + "  FIX.4.4 TargetCompID=" +
            md.compId() + "  SenderCompID " + range(md.sessions().stream().map(MdSessionConfig::compId).toList()) +
            "  (Password hashed in md.session.<ID>.password-hash in " + passwordsDocumentedIn(config) + ")");
        if (config.tls().md().enabled())
        {
            endpoints.add("FIX market data over TLS: " + md.bindAddress() + ":" + mdGateway.tlsPort() + "  (" +
                tlsSummary(config.tls().md()) + ")");
        }
        return fixGateway;
    }

    private static String tlsSummary(final TlsListenerConfig tls)
    {
        return "certificate " + tls.certFile() + (tls.mutual() ? ", client certificates of " + tls.clientCaFile() :
            "") + ", reloaded when it changes";
    }

    /** Where an operator finds the password hashes: their file, the shipped conf/kairos.properties, the environment. */
    private static String passwordsDocumentedIn(final KairosConfig config)
    {
        final String home = System.getProperty("kairos.home");
        final String shipped = home == null ?
            "the embedded default" : java.nio.file.Path.of(home, "conf", "kairos.properties").toString();
        final boolean ownFile = !config.source().equals(KairosConfigLoader.EMBEDDED_SOURCE);
        return (ownFile ? config.source() + ", else " : "") + shipped + ", or KAIROS_* overrides";
    }

    private static String range(final List<String> compIds)
    {
        return compIds.size() <= 2 ?
            String.join(", ", compIds) : compIds.get(0) + " .. " + compIds.get(compIds.size() - 1);
    }
}
