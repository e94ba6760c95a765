package io.kairos.bench.harness;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.Histogram;

/**
 * The result bookkeeping every {@link BenchTarget} shares: completions, rejects, fills and the
 * latency recorder. Written by the engine's result threads (thread-safe counters, wait-free
 * recorder), read by the driver.
 */
public abstract class CountingTarget implements BenchTarget
{
    protected final AtomicLong completed = new AtomicLong();
    protected final LongAdder rejects = new LongAdder();
    protected final LongAdder fills = new LongAdder();
    protected final LatencyRecorder latency = new LatencyRecorder();

    @Override
    public final long completed()
    {
        return completed.get();
    }

    @Override
    public final long rejects()
    {
        return rejects.sum();
    }

    @Override
    public final long fills()
    {
        return fills.sum();
    }

    @Override
    public final void startRecording()
    {
        latency.start();
    }

    @Override
    public final Histogram stopRecording()
    {
        return latency.stop();
    }
}
