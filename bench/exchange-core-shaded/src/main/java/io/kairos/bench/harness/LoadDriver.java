package io.kairos.bench.harness;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * Drives one {@link BenchTarget} through an {@link OrderFlow} from the calling thread: prefill and
 * warm-up (unthrottled, not measured), the throughput segment (unthrottled: first publish to last
 * result), then the latency segment at a fixed offered rate, where every command is stamped with
 * its planned send time and latency is taken from that plan, so a stall is charged to every
 * command queued behind it. Waits park (it shares two cores with the engine threads).
 */
public final class LoadDriver
{
    private static final long COMPLETION_TIMEOUT_NS = TimeUnit.MINUTES.toNanos(3);
    private static final long START_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private LoadDriver()
    {
    }

    public static RunResult run(final BenchTarget target, final OrderFlow flow, final long ratePerSecond) throws Exception
    {
        target.start();
        sendUnthrottled(target, 0, flow.prefillEnd());
        awaitCompleted(target, flow.prefillEnd());
        sendUnthrottled(target, flow.prefillEnd(), flow.warmupEnd());
        awaitCompleted(target, flow.warmupEnd());
        System.gc();

        final long start = System.nanoTime();
        sendUnthrottled(target, flow.warmupEnd(), flow.throughputEnd());
        awaitCompleted(target, flow.throughputEnd());
        final long elapsedNs = System.nanoTime() - start;
        final long throughputCommands = flow.throughputEnd() - flow.warmupEnd();
        final double throughput = throughputCommands * 1e9 / elapsedNs;

        target.startRecording();
        sendAtRate(target, flow.throughputEnd(), flow.size(), ratePerSecond);
        awaitCompleted(target, flow.size());
        final Histogram latency = target.stopRecording();
        return new RunResult(target.label(), throughputCommands, throughput, ratePerSecond, latency, target.rejects(), target.fills());
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
