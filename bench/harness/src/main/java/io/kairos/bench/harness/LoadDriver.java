package io.kairos.bench.harness;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * Drives one {@link BenchTarget} through an {@link OrderFlow} from the calling thread: prefill and
 * warm-up (unthrottled, not measured), the throughput segment (unthrottled, in {@link #THROUGHPUT_TRIALS}
 * trials, each timed from its first publish to its last result), then the latency segment at a fixed offered rate,
 * where every command is stamped with its planned send time and latency is taken from that plan, so a stall is charged
 * to every command queued behind it. Waits park (it shares two cores with the engine threads).
 */
public final class LoadDriver
{
    private static final long COMPLETION_TIMEOUT_NS = TimeUnit.MINUTES.toNanos(3);
    /**
     * The throughput segment runs as this many equal back-to-back trials; the median is reported (other processes share
     * the cores).
     */
    public static final int THROUGHPUT_TRIALS = 5;
    private static final long START_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private LoadDriver()
    {
    }

    public static RunResult run(final BenchTarget target, final OrderFlow flow,
        final long ratePerSecond) throws Exception
    {
        target.start();
        sendUnthrottled(target, 0, flow.prefillEnd());
        awaitCompleted(target, flow.prefillEnd());
        sendUnthrottled(target, flow.prefillEnd(), flow.warmupEnd());
        awaitCompleted(target, flow.warmupEnd());
        System.gc();

        final double[] trials = new double[THROUGHPUT_TRIALS];
        final int chunk = (flow.throughputEnd() - flow.warmupEnd()) / THROUGHPUT_TRIALS;
        for (int t = 0; t < THROUGHPUT_TRIALS; t++)
        {
            final int from = flow.warmupEnd() + t * chunk;
            final int to = t == THROUGHPUT_TRIALS - 1 ? flow.throughputEnd() : from + chunk;
            final long start = System.nanoTime();
            sendUnthrottled(target, from, to);
            awaitCompleted(target, to);
            trials[t] = (to - from) * 1e9 / (System.nanoTime() - start);
        }
        java.util.Arrays.sort(trials);
        final long throughputCommands = flow.throughputEnd() - flow.warmupEnd();

        target.startRecording();
        sendAtRate(target, flow.throughputEnd(), flow.size(), ratePerSecond);
        awaitCompleted(target, flow.size());
        final Histogram latency = target.stopRecording();
        return new RunResult(target.label(), throughputCommands, trials[THROUGHPUT_TRIALS / 2], trials[0],
            trials[THROUGHPUT_TRIALS - 1],
            ratePerSecond, latency, target.rejects(), target.fills());
    }

    private static void sendUnthrottled(final BenchTarget target, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            target.send(i, 0);
        }
    }

    private static void sendAtRate(final BenchTarget target, final int from, final int to, final long ratePerSecond)
    {
        final double intervalNs = 1e9 / ratePerSecond;
        final long start = System.nanoTime() + START_DELAY_NS;
        for (int i = from; i < to; i++)
        {
            final long planned = start + (long)((i - from) * intervalNs);
            while (System.nanoTime() < planned)
            {
                Thread.yield();
            }
            target.send(i, planned);
        }
    }

    private static void awaitCompleted(final BenchTarget target, final long count)
    {
        final long deadline = System.nanoTime() + COMPLETION_TIMEOUT_NS;
        while (target.completed() < count)
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException(target.label() + ": only " + target.completed() + " of " + count
                    + " results after " + TimeUnit.NANOSECONDS.toSeconds(COMPLETION_TIMEOUT_NS) + " s");
            }
            LockSupport.parkNanos(20_000);
        }
    }
}
