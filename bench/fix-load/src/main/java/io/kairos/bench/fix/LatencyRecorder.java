package io.kairos.bench.fix;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SynchronizedHistogram;

/**
 * Client-side round trips of the measured requests, per request kind, in nanoseconds: from the planned send time
 * (coordinated-omission corrected, the headline) and from the actual send time (service time, for comparison), plus
 * how late the sender was against its plan. Recorded by the response thread (round trips) and the sender thread
 * (lag); the histograms synchronize, so the report can be read from any thread after the run.
 */
public final class LatencyRecorder
{
    static final long HIGHEST_TRACKABLE_NS = TimeUnit.MINUTES.toNanos(10);
    static final int SIGNIFICANT_DIGITS = 3;

    static final String[] KIND_NAMES = {"order-ack", "cancel-ack", "replace-ack"};

    private final Histogram[] fromPlan = new Histogram[KIND_NAMES.length];
    private final Histogram[] fromSend = new Histogram[KIND_NAMES.length];
    private final Histogram sendLag = newHistogram();

    public LatencyRecorder()
    {
        for (int i = 0; i < KIND_NAMES.length; i++)
        {
            fromPlan[i] = newHistogram();
            fromSend[i] = newHistogram();
        }
    }

    private static Histogram newHistogram()
    {
        return new SynchronizedHistogram(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    /** Records the first response to a request of {@code action} ({@link OrderRequest#INSERT}...). */
    public void recordResponse(final int action, final long intendedNs, final long sentNs, final long receivedNs)
    {
        fromPlan[action].recordValue(clamp(ConstantRateSchedule.latencyFromPlanNs(intendedNs, receivedNs)));
        fromSend[action].recordValue(clamp(Math.max(0, receivedNs - sentNs)));
    }

    public void recordSendLag(final long intendedNs, final long sentNs)
    {
        sendLag.recordValue(clamp(Math.max(0, sentNs - intendedNs)));
    }

    private static long clamp(final long valueNs)
    {
        return Math.min(valueNs, HIGHEST_TRACKABLE_NS);
    }

    public Histogram fromPlan(final int action)
    {
        return fromPlan[action];
    }

    public Histogram fromSend(final int action)
    {
        return fromSend[action];
    }

    public Histogram sendLag()
    {
        return sendLag;
    }
}
