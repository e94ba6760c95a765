package io.kairos.bench.fix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The sender side of a load run: turns the {@link OrderModel}'s choices into NewOrderSingle (D),
 * OrderCancelRequest (F) and OrderCancelReplaceRequest (G) requests on an {@link OrderChannel} (QuickFIX/J or the
 * lean client: the same flow either way, so their results compare), round-robin over the sessions, each at its
 * planned time, and cancels resting orders whose lifetime is over. Owned by the sender thread.
 */
final class LoadSender
{
    /** The prefill's answers are awaited this long (at least), so the measured part starts on settled books. */
    private static final long PREFILL_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(120);

    private final LoadConfig config;
    private final RequestLog log;
    private final List<RestingOrders> resting;
    private final OrderChannel channel;
    private final int sessionCount;
    private final LatencyRecorder recorder;
    private final Runnable onMeasureStart;
    private final PrintStream out;
    private final OrderModel model;
    private final OrderRequest request = new OrderRequest();
    private final OrderRequest lifetimeCancel = new OrderRequest();

    /**
     * @param onMeasureStart called on the sender thread just before the first measured request (e.g. to start CPU
     *                       and allocation counters)
     */
    LoadSender(final LoadConfig config, final RequestLog log, final List<RestingOrders> resting,
        final OrderChannel channel, final LatencyRecorder recorder, final Runnable onMeasureStart,
        final PrintStream out)
    {
        this.config = config;
        this.log = log;
        this.resting = resting;
        this.channel = channel;
        this.sessionCount = resting.size();
        this.recorder = recorder;
        this.onMeasureStart = onMeasureStart;
        this.out = out;
        this.model = new OrderModel(config.model());
    }

    /**
     * What the sender did.
     *
     * @param requests           request indexes used, prefill included (the next free index)
     * @param measuredRequests   requests sent in the measured part
     * @param lifetimeCancels    cancels of orders whose resting lifetime was over, among the measured requests (a
     *                           late sender's warm-up cancels are not counted: their answers are not recorded)
     * @param firstMeasuredNs    planned time of the first measured request
     * @param lastSendNs         actual time of the last send
     * @param plannedEndNs       planned end of the measured part
     * @param capacityExhausted  whether the run stopped early because the request log was full
     */
    record Outcome(int requests, long measuredRequests, long lifetimeCancels, long firstMeasuredNs, long lastSendNs,
        long plannedEndNs, boolean capacityExhausted)
    {
    }

    /** Sends the configured number of passive orders at the prefill rate, unmeasured; returns how many. */
    int prefill()
    {
        final ConstantRateSchedule schedule =
            new ConstantRateSchedule(System.nanoTime(), config.prefillRatePerSecond());
        for (int i = 0; i < config.prefillOrders(); i++)
        {
            final long plannedNs = schedule.intendedNs(i);
            ConstantRateSchedule.awaitDue(plannedNs, config.spinThresholdNs());
            model.passiveInsert(request);
            send(i, i % sessionCount, request, plannedNs, false);
        }
        return config.prefillOrders();
    }

    /**
     * {@link #prefill}, then waits for the prefill's answers and announces the run on {@code out}: what both clients
     * do between logon and {@link #run}. Returns how many orders were prefilled.
     *
     * @param clientNote  said after "N sessions logged on" in the announcement, e.g. " (lean client)", or ""
     */
    int prefillAndSettle(final String clientNote) throws InterruptedException
    {
        final int prefilled = prefill();
        LoadRunner.awaitAnswers(log, 0, prefilled, null, Math.max(config.drainTimeoutNs(), PREFILL_TIMEOUT_NS));
        out.printf("fix-load  %s: %d sessions logged on%s, %d orders prefilled; sending %.0f/s for %d s " +
            "(+%d s warm-up)%n", config.label(), sessionCount, clientNote, prefilled, config.ratePerSecond(),
            TimeUnit.NANOSECONDS.toSeconds(config.durationNs()), TimeUnit.NANOSECONDS.toSeconds(config.warmupNs()));
        return prefilled;
    }

    Outcome run(final int firstIndex, final long progressIntervalNs)
    {
        final long startNs = System.nanoTime() + 1_000_000;
        final ConstantRateSchedule schedule = new ConstantRateSchedule(startNs, config.ratePerSecond());
        final long measureFromNs = startNs + config.warmupNs();
        final long endNs = measureFromNs + config.durationNs();
        final long lifetimeNs = config.model().restingLifetimeNs();
        int next = firstIndex;
        long measured = 0;
        long lifetimeCancels = 0;
        long lastSendNs = startNs;
        long nextProgressNs = startNs + progressIntervalNs;
        boolean exhausted = false;
        boolean measuring = false;
        for (long slot = 0; ; slot++)
        {
            final long plannedNs = schedule.intendedNs(slot);
            if (plannedNs >= endNs)
            {
                break;
            }
            if (next >= log.capacity() - 1)
            {
                exhausted = true;
                break;
            }
            final long nowNs = ConstantRateSchedule.awaitDue(plannedNs, config.spinThresholdNs());
            final int session = (int)(slot % sessionCount);
            final boolean measure = plannedNs >= measureFromNs;
            if (measure && !measuring)
            {
                measuring = true;
                markMeasureStart();
                onMeasureStart.run();
            }
            if (lifetimeNs > 0)
            {
                final int expired = resting.get(session).takeExpired(nowNs, lifetimeNs);
                if (expired >= 0)
                {
                    cancelRequest(expired);
                    lastSendNs = send(next++, session, lifetimeCancel, nowNs, measure);
                    if (measure)
                    {
                        lifetimeCancels++;
                    }
                }
            }
            model.next(request, resting.get(session), log);
            lastSendNs = send(next++, session, request, plannedNs, measure);
            if (measure)
            {
                measured++;
            }
            if (lastSendNs >= nextProgressNs)
            {
                nextProgressNs += progressIntervalNs;
                out.printf("fix-load  %s: %.0f s, %d requests sent, sender %.0f us behind plan%n", config.label(),
                    (lastSendNs - startNs) / 1e9, next - firstIndex, (lastSendNs - plannedNs) / 1e3);
            }
        }
        return new Outcome(next, measured, lifetimeCancels, measureFromNs, lastSendNs, endNs, exhausted);
    }

    private void markMeasureStart()
    {
        if (config.measureStartFile() != null)
        {
            try
            {
                Files.writeString(config.measureStartFile(), Long.toString(System.currentTimeMillis()));
            }
            catch (final IOException ex)
            {
                out.println("fix-load: cannot create " + config.measureStartFile() + ": " + ex);
            }
        }
    }

    private void cancelRequest(final int target)
    {
        lifetimeCancel.action = OrderRequest.CANCEL;
        lifetimeCancel.targetRequest = target;
        lifetimeCancel.instrumentIndex = log.instrument(target);
        lifetimeCancel.side = log.side(target);
        lifetimeCancel.ordType = OrderRequest.LIMIT;
        lifetimeCancel.priceMicros = log.priceMicros(target);
        lifetimeCancel.quantity = log.quantity(target);
    }

    private long send(final int index, final int session, final OrderRequest order, final long plannedNs,
        final boolean measure)
    {
        log.describe(index, order, session, measure);
        channel.encode(session, index, order);
        final long sentNs = System.nanoTime();
        log.sent(index, plannedNs, sentNs);
        channel.send(session);
        if (measure)
        {
            recorder.recordSendLag(plannedNs, sentNs);
        }
        return sentNs;
    }
}
