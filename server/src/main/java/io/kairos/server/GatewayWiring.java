package io.kairos.server;

import java.util.ArrayList;
import java.util.List;

import io.kairos.engine.Engine;
import io.kairos.engine.EngineEventListener;
import io.kairos.fix.FixGateway;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.fix.FixSessionConfig;
import io.kairos.md.MarketDataGateway;
import io.kairos.md.MarketDataGatewayConfig;
import io.kairos.md.MdSessionConfig;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Maps the server's settings onto each gateway's own config record and launches the gateways
 * against the engine's publisher and reference data. The server uses only the gateways' public
 * launch/port/close surface. Called by the lifecycle thread, before the engine starts.
 */
final class GatewayWiring
{
    private GatewayWiring()
    {
    }

    /** The order-entry gateway's config; refuses what the gateway refuses, as a {@link ConfigException}. */
    static FixGatewayConfig fixConfig(final FixSettings fix)
    {
        final List<FixSessionConfig> sessions = new ArrayList<>();
        try
        {
            for (final FixSessionSettings session : fix.sessions())
            {
                sessions.add(new FixSessionConfig(session.compId(), session.password(), session.sessionId(), session.cancelOnDisconnect()));
            }
            return new FixGatewayConfig(fix.bindAddress(), fix.port(), fix.compId(), fix.dataDir(), sessions, fix.maxSessions(),
                fix.heartbeatIntervalSeconds(), fix.throttleMessagesPerSecond(), fix.throttleDisconnectAfterRejects(), fix.idleMode(),
                fix.maxHeartBtIntSeconds());
        }
        catch (final IllegalArgumentException | NullPointerException ex)
        {
            throw asConfigException("fix", ex);
        }
    }

    /** The market-data gateway's config; refuses what the gateway refuses, as a {@link ConfigException}. */
    static MarketDataGatewayConfig mdConfig(final MdSettings md)
    {
        final List<MdSessionConfig> sessions = new ArrayList<>();
        try
        {
            for (final MdSessionSettings session : md.sessions())
            {
                sessions.add(new MdSessionConfig(session.compId(), session.password()));
            }
            return new MarketDataGatewayConfig(md.bindAddress(), md.port(), md.compId(), sessions, md.heartbeatIntervalSeconds(),
                md.maxDepth(), md.outboundQueueLimitMessages(), md.idleMode(), md.maxSubscriptionsPerSession());
        }
        catch (final IllegalArgumentException | NullPointerException ex)
        {
            throw asConfigException("md", ex);
        }
    }

    /** Checks that every gateway accepts its settings (for start-up and {@code --check-config}). */
    static void validate(final KairosConfig config)
    {
        fixConfig(config.fix());
        mdConfig(config.md());
    }

    /**
     * @param listeners  receives each gateway's engine listener
     * @param closeables receives each gateway, in start order
     * @param endpoints  receives a line per gateway for the banner
     * @param threads    the compact mode's shared threads, or null for threads of each gateway's own
     */
    static void launch(
        final KairosConfig config, final Engine engine, final MeterRegistry registry,
        final List<EngineEventListener> listeners, final List<AutoCloseable> closeables, final List<String> endpoints,
        final VenueThreads threads)
    {
        final FixSettings fix = config.fix();
        final FixGateway fixGateway = FixGateway.launch(fixConfig(fix), engine.config().instruments(), engine.publisher(), registry,
            threads == null ? null : threads.hot(), threads == null ? null : threads.infra());
        closeables.add(fixGateway);
        listeners.add(fixGateway);
        endpoints.add("FIX order entry: " + fix.bindAddress() + ":" + fixGateway.port() + "  FIX.4.4 TargetCompID=" + fix.compId() +
            "  SenderCompID " + range(fix.sessions().stream().map(FixSessionSettings::compId).toList()) +
            "  (Username=SenderCompID, Password=fix.session.<ID>.password in " + passwordsDocumentedIn(config) + ")");

        final MdSettings md = config.md();
        final MarketDataGateway mdGateway = MarketDataGateway.launch(mdConfig(md), engine.config().instruments(), registry);
        closeables.add(mdGateway);
        listeners.add(mdGateway);
        endpoints.add("FIX market data: " + md.bindAddress() + ":" + mdGateway.port() + "  FIX.4.4 TargetCompID=" + md.compId() +
            "  SenderCompID " + range(md.sessions().stream().map(MdSessionSettings::compId).toList()) +
            "  (Password=md.session.<ID>.password in " + passwordsDocumentedIn(config) + ")");
    }

    /** Where an operator reads the passwords: their file, the shipped conf/kairos.properties, the environment. */
    private static String passwordsDocumentedIn(final KairosConfig config)
    {
        final String home = System.getProperty("kairos.home");
        final String shipped = home == null ? "the embedded default" : java.nio.file.Path.of(home, "conf", "kairos.properties").toString();
        final boolean ownFile = !config.source().equals(KairosConfigLoader.EMBEDDED_SOURCE);
        return (ownFile ? config.source() + ", else " : "") + shipped + ", or KAIROS_* overrides";
    }

    private static String range(final List<String> compIds)
    {
        return compIds.size() <= 2 ? String.join(", ", compIds) : compIds.get(0) + " .. " + compIds.get(compIds.size() - 1);
    }

    private static ConfigException asConfigException(final String prefix, final RuntimeException ex)
    {
        final String message = String.valueOf(ex.getMessage());
        final int space = message.indexOf(' ');
        final String key = space > 0 && message.startsWith(prefix + ".") ? message.substring(0, space) : prefix;
        return new ConfigException(key, key.equals(prefix) ? message : message.substring(space + 1));
    }
}
