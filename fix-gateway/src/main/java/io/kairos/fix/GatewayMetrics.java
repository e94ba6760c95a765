package io.kairos.fix;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.engine.RejectReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The gateway's Micrometer meters, registered once at launch so that updating them allocates nothing:
 * {@code kairos.orders.in}, {@code kairos.executions}, {@code kairos.rejects{reason}},
 * {@code kairos.throttle.rejects}, {@code kairos.engine.back.pressure}, {@code kairos.replay.stalls} (counters;
 * Prometheus adds {@code _total}) and {@code kairos.sessions.connected} (gauge). Counters are thread-safe; they are
 * updated by the library thread.
 */
final class GatewayMetrics
{
    private final Counter ordersIn;
    private final Counter executions;
    private final Counter throttleRejects;
    private final Counter engineBackPressure;
    private final Counter replayStalls;
    private final Map<RejectReason, Counter> engineRejects = new EnumMap<>(RejectReason.class);
    private final Map<GatewayReject, Counter> gatewayRejects = new EnumMap<>(GatewayReject.class);
    private final AtomicInteger sessionsConnected = new AtomicInteger();

    GatewayMetrics(final MeterRegistry registry)
    {
        ordersIn = Counter.builder("kairos.orders.in")
            .description("Order-entry requests (D, F, G, H, q) received").register(registry);
        executions = Counter.builder("kairos.executions")
            .description("Fills reported to sessions (ExecType F)").register(registry);
        throttleRejects = Counter.builder("kairos.throttle.rejects")
            .description("Messages rejected by the per-session throttle").register(registry);
        engineBackPressure = Counter.builder("kairos.engine.back.pressure")
            .description("Order-entry messages held back because a partition's command ring was full; Artio " +
                "delivers each again").register(registry);
        replayStalls = Counter.builder("kairos.replay.stalls")
            .description("Sessions logged out and disconnected because a resend (Artio replay) had not completed in " +
                "60 s; Artio holds a replaying session's new messages back").register(registry);
        for (final RejectReason reason : RejectReason.values())
        {
            if (reason != RejectReason.NONE)
            {
                engineRejects.put(reason, rejects(registry, reason.name()));
            }
        }
        for (final GatewayReject reason : GatewayReject.values())
        {
            gatewayRejects.put(reason, rejects(registry, reason.name()));
        }
        Gauge.builder("kairos.sessions.connected", sessionsConnected, AtomicInteger::get)
            .description("FIX order-entry sessions logged on").register(registry);
    }

    private static Counter rejects(final MeterRegistry registry, final String reason)
    {
        return Counter.builder("kairos.rejects").tag("reason", reason.toLowerCase(Locale.ROOT))
            .description("Rejected requests by reason").register(registry);
    }

    void onOrderIn()
    {
        ordersIn.increment();
    }

    void onExecution()
    {
        executions.increment();
    }

    void onEngineBackPressure()
    {
        engineBackPressure.increment();
    }

    void onReplayStalled()
    {
        replayStalls.increment();
    }

    void onThrottleRejects(final long count)
    {
        throttleRejects.increment(count);
    }

    void onReject(final RejectReason reason)
    {
        final Counter counter = engineRejects.get(reason);
        if (counter != null)
        {
            counter.increment();
        }
    }

    void onReject(final GatewayReject reason)
    {
        gatewayRejects.get(reason).increment();
    }

    AtomicInteger sessionsConnected()
    {
        return sessionsConnected;
    }
}
