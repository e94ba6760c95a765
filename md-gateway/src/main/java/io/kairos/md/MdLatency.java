package io.kairos.md;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Market-data latency inside the venue, per view: {@code kairos.md.engine.out.to.gateway.out{view}}, from the
 * engine-out stamp (21003) of a book event to the SendingTime (52) of the incremental that reports it — what
 * latency-tool names {@code md-engine-out-to-gateway-out}. One sample per book event per view (its entries are
 * shared by every subscriber of the view), taken when the message that carries them is written, with {@code view}
 * {@code l2-top}, {@code l2-full} or {@code l3}. The sessions' writes follow at the end of the drained batch
 * (latency-tool's {@code md-gateway-out-to-wire}). Preallocated timers with percentile histograms, as the engine's
 * {@code kairos.engine.latency}: recording is allocation-free. Called on the gateway's event loop; the timers
 * are read by the scrape thread (thread-safe).
 */
final class MdLatency
{
    static final String ENGINE_OUT_TO_GATEWAY_OUT = "kairos.md.engine.out.to.gateway.out";

    private final Timer l2Top;
    private final Timer l2Full;
    private final Timer l3;

    MdLatency(final MeterRegistry registry)
    {
        l2Top = timer(registry, "l2-top");
        l2Full = timer(registry, "l2-full");
        l3 = timer(registry, "l3");
    }

    private static Timer timer(final MeterRegistry registry, final String view)
    {
        return Timer.builder(ENGINE_OUT_TO_GATEWAY_OUT)
            .description("Market data: engine-out (21003) to the SendingTime (52) of the incremental, per view")
            .tag("view", view)
            .publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(100))
            .maximumExpectedValue(Duration.ofSeconds(10))
            .register(registry);
    }

    /** An incremental of {@code view} stamped {@code sendingTimeNs} reports an event put out at {@code engineOutNs}. */
    void onIncremental(final MdView view, final long engineOutNs, final long sendingTimeNs)
    {
        if (engineOutNs > 0 && sendingTimeNs >= engineOutNs)
        {
            final Timer timer = view.orderByOrder ? l3 : view.depth == 0 ? l2Full : l2Top;
            timer.record(sendingTimeNs - engineOutNs, TimeUnit.NANOSECONDS);
        }
    }
}
