package io.kairos.fix;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.CommandType;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Order-entry latency inside the venue, from the stamps every report carries, as histograms:
 * <ul>
 *   <li>{@code kairos.order.entry.door.to.door}: 5979 gateway-in (the framer's read of the request) to
 *   gateway-out (the report handed to Artio, one clock read after its send; Artio's 52 SendingTime is
 *   taken inside that send) — door-to-door as the venue sees it, without the kernel and the wire;</li>
 *   <li>{@code kairos.order.entry.hop{hop}}: the four hops in between, named as latency-tool names them
 *   ({@code gateway-in-to-engine-in}, {@code engine-in-to-engine-out}, {@code engine-out-to-gateway-response-in},
 *   {@code gateway-response-in-to-gateway-out}).</li>
 * </ul>
 * One sample per request, at its acknowledgement (the report that answers it first, latency-tool's
 * order-ack): New, Rejected, Replaced, order status, the Canceled of a cancel, a cancel reject and a mass cancel
 * report. Fills and expiries that follow, cancels the request did not ask for, PossResend re-sends of recovered
 * reports and replies without a gateway-in stamp are not sampled. Preallocated timers with percentile
 * histograms, as the engine's {@code kairos.engine.latency}: recording is allocation-free. Called on the
 * library thread; the timers are read by the scrape thread (thread-safe).
 */
final class OrderEntryLatency
{
    static final String DOOR_TO_DOOR = "kairos.order.entry.door.to.door";
    static final String HOP = "kairos.order.entry.hop";

    private final EpochNanoClock clock;
    private final Timer doorToDoor;
    private final Timer gatewayInToEngineIn;
    private final Timer engineInToEngineOut;
    private final Timer engineOutToResponseIn;
    private final Timer responseInToGatewayOut;

    OrderEntryLatency(final MeterRegistry registry, final EpochNanoClock clock)
    {
        this.clock = clock;
        doorToDoor = timer(registry, Timer.builder(DOOR_TO_DOOR)
            .description("Order entry: request read by the gateway (5979) to its acknowledgement handed to Artio"));
        gatewayInToEngineIn = hop(registry, "gateway-in-to-engine-in", "decode and hand-off to the partition ring");
        engineInToEngineOut = hop(registry, "engine-in-to-engine-out", "journal and matching (21002 to 21003)");
        engineOutToResponseIn = hop(registry, "engine-out-to-gateway-response-in", "event hand-off to the gateway");
        responseInToGatewayOut = hop(registry, "gateway-response-in-to-gateway-out", "encode and send of the report");
    }

    private static Timer hop(final MeterRegistry registry, final String name, final String what)
    {
        return timer(registry, Timer.builder(HOP).tag("hop", name).description("Order entry per hop: " + what));
    }

    private static Timer timer(final MeterRegistry registry, final Timer.Builder builder)
    {
        return builder.publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(100))
            .maximumExpectedValue(Duration.ofSeconds(10))
            .register(registry);
    }

    /** A report of {@code execution} was handed to Artio: samples it if it acknowledges a request. Allocation-free. */
    void onSent(final QueuedExecution execution)
    {
        final ExecutionEvent event = execution.event;
        if (event.recovered || event.gatewayInNs <= 0 || !isAcknowledgement(event))
        {
            return;
        }
        final long gatewayOutNs = clock.nanoTime();
        record(doorToDoor, event.gatewayInNs, gatewayOutNs);
        record(gatewayInToEngineIn, event.gatewayInNs, event.engineInNs);
        record(engineInToEngineOut, event.engineInNs, event.engineOutNs);
        record(engineOutToResponseIn, event.engineOutNs, execution.responseInNs);
        record(responseInToGatewayOut, execution.responseInNs, gatewayOutNs);
    }

    /** Whether the report is the first answer to the request that caused it (not a later fill or expiry). */
    static boolean isAcknowledgement(final ExecutionEvent event)
    {
        if (event.kind != ExecutionEvent.Kind.EXECUTION_REPORT)
        {
            return true;
        }
        final ExecType execType = event.execType;
        return execType == ExecType.NEW || execType == ExecType.REJECTED || execType == ExecType.REPLACED ||
            execType == ExecType.ORDER_STATUS || execType == ExecType.CANCELED && event.cause == CommandType.CANCEL;
    }

    /** Ignores a hop whose stamps are missing or out of order (clock step): a histogram has no negative values. */
    private static void record(final Timer timer, final long fromNs, final long toNs)
    {
        if (fromNs > 0 && toNs >= fromNs)
        {
            timer.record(toNs - fromNs, TimeUnit.NANOSECONDS);
        }
    }
}
