package io.kairos.server;

import java.util.List;

import io.kairos.engine.Engine;
import io.kairos.engine.EngineEventListener;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Launches the gateways against the engine's publisher and reference data, and maps the server's
 * settings onto each gateway's own config type. Called once, by the lifecycle thread, before the
 * engine starts.
 */
final class GatewayWiring
{
    private GatewayWiring()
    {
    }

    /**
     * @param listeners receives each gateway's engine listener
     * @param closeables receives each gateway, in start order
     * @param endpoints receives a line per gateway for the banner
     */
    static void launch(
        final KairosConfig config, final Engine engine, final MeterRegistry registry,
        final List<EngineEventListener> listeners, final List<AutoCloseable> closeables, final List<String> endpoints)
    {
    }
}
