package io.kairos.bench.harness;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records publish-to-result latency in nanoseconds, measured from the planned send time so that a
 * stalled engine is charged for every command that had to wait (no coordinated omission).
 * {@link #record} is wait-free and allocation-free and may be called from several engine threads.
 */
public final class LatencyRecorder
{
    private static final long HIGHEST_TRACKABLE_NS = TimeUnit.SECONDS.toNanos(60);

    private final Recorder recorder = new Recorder(HIGHEST_TRACKABLE_NS, 3);
    private volatile boolean recording;

    public void start()
    {
        recorder.reset();
        recording = true;
    }

    public Histogram stop()
    {
        recording = false;
        return recorder.getIntervalHistogram();
    }

    public void record(final long plannedSendNs, final long resultNs)
    {
        if (recording && plannedSendNs != 0)
        {
            recorder.recordValue(Math.min(HIGHEST_TRACKABLE_NS, Math.max(0, resultNs - plannedSendNs)));
        }
    }
}
