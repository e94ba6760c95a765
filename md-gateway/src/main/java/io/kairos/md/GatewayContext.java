package io.kairos.md;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.kairos.access.ConnectionGate;
import io.kairos.access.ConnectionOrigins;
import io.kairos.access.LogonVerifier;
import io.kairos.engine.CountingErrorHandler;
import io.kairos.engine.ReferenceData;
import io.kairos.fix.wire.AsciiView;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;

/**
 * What every session of one gateway shares: configuration, the per-CompID session states, the
 * book/fan-out machinery, counters and the list of connected sessions (for timers and shutdown).
 * Owned by the gateway's event loop.
 */
final class GatewayContext
{
    final MarketDataGatewayConfig config;
    final byte[] compIdBytes;
    final ReferenceData referenceData;
    final BookEventPoller poller;
    final Trailers trailers;
    final MdCounters counters;
    /** SendingTime (52). */
    final EpochNanoClock clock;
    /** Session timers: logon and heartbeat timeouts, when a heartbeat is due (monotonic). */
    final NanoClock nanoClock;
    final List<SessionState> sessionStates = new ArrayList<>();
    final List<FixSession> connected = new ArrayList<>();
    final CountingErrorHandler errors;
    /** Checks Logon passwords off the event loop; thread-safe. */
    final LogonVerifier logonVerifier;
    /** Where a connection comes from, for the failed-logon counts per host. */
    final ConnectionOrigins origins = new ConnectionOrigins();
    /** Admits connections before they log on ({@code md.max-unauthenticated-connections} and the per-address rate). */
    final ConnectionGate gate;

    GatewayContext(
        final MarketDataGatewayConfig config, final ReferenceData referenceData, final BookEventPoller poller,
        final Trailers trailers, final MdCounters counters, final EpochNanoClock clock, final NanoClock nanoClock,
        final LogonVerifier logonVerifier)
    {
        this.logonVerifier = logonVerifier;
        this.config = config;
        this.referenceData = referenceData;
        this.poller = poller;
        this.trailers = trailers;
        this.counters = counters;
        this.clock = clock;
        this.nanoClock = nanoClock;
        errors = new CountingErrorHandler("kairos-md-gateway", counters.errors);
        gate = new ConnectionGate(config.limits().maxUnauthenticatedConnections(),
            config.limits().maxNewConnectionsPerSecondPerAddress(), System::currentTimeMillis, origins);
        compIdBytes = config.compId().getBytes(StandardCharsets.US_ASCII);
        for (final MdSessionConfig session : config.sessions())
        {
            sessionStates.add(new SessionState(session));
        }
    }

    /** @return the configured session with this CompID, or null. */
    SessionState sessionState(final CharSequence compId)
    {
        for (int i = 0; i < sessionStates.size(); i++)
        {
            final SessionState state = sessionStates.get(i);
            if (AsciiView.contentEquals(state.compId, compId))
            {
                return state;
            }
        }
        return null;
    }

    void updateSubscriptionGauge(final int delta)
    {
        counters.subscriptions.add(delta);
    }

    void updateSessionGauge(final int delta)
    {
        counters.sessions.add(delta);
    }
}
