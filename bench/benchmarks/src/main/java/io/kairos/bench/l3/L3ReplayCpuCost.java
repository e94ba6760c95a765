package io.kairos.bench.l3;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

import io.kairos.l3.L3BookSet;

/**
 * Companion to {@link L3BookBenchmark} for shared, overloaded machines: replays the same stream
 * and reports the THREAD CPU time per event (ThreadMXBean), median over batches of
 * {@value #BATCH} events, which excludes time the thread spent descheduled. Run:
 * {@code java -cp <bench classpath> io.kairos.bench.l3.L3ReplayCpuCost
 * [instruments] [ordersPerBook] [SEQUENTIAL|KAIROS|SCRAMBLED]}.
 * Single-threaded.
 */
public final class L3ReplayCpuCost
{
    private static final int BATCH = 100_000;

    private L3ReplayCpuCost()
    {
    }

    public static void main(final String[] args)
    {
        final int instruments = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        final int ordersPerBook = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        final L3Replay.OrderIds ids = args.length > 2 ? L3Replay.OrderIds.valueOf(args[2])
            : L3Replay.OrderIds.SEQUENTIAL;
        final L3Replay replay = new L3Replay(20261122L, instruments, ordersPerBook, 4_000_000, ids);
        final L3BookSet books = replay.newBooks();
        final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final int size = replay.size();
        final int batches = 5 * size / BATCH;
        final long[] cpuNs = new long[batches];
        final long[] wallNs = new long[batches];
        int next = 0;
        int results = 0;
        for (int round = 0; round < 2; round++)
        {
            for (int b = 0; b < batches; b++)
            {
                final long cpuStart = threads.getCurrentThreadCpuTime();
                final long wallStart = System.nanoTime();
                for (int n = 0; n < BATCH; n++)
                {
                    results += replay.apply(next, books);
                    if (++next == size)
                    {
                        next = 0;
                    }
                }
                cpuNs[b] = threads.getCurrentThreadCpuTime() - cpuStart;
                wallNs[b] = System.nanoTime() - wallStart;
            }
        }
        Arrays.sort(cpuNs);
        Arrays.sort(wallNs);
        System.out.printf("instruments %d, resting orders %d, replay %d events: median CPU %.1f ns/event, "
            + "median wall %.1f ns/event (best batch CPU %.1f), rejected %d%n",
            instruments, instruments * ordersPerBook, size,
            cpuNs[batches / 2] / (double)BATCH, wallNs[batches / 2] / (double)BATCH, cpuNs[0] / (double)BATCH,
            -results);
    }
}
