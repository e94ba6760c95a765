package io.kairos.bench.l3;

import java.util.Random;

/**
 * Measures this machine's latency of one dependent random load (a pointer chase over one cache
 * line per step, in a shuffled cycle) for working sets of the given sizes, to put the L3 book's
 * per-event cost in context: an event whose order is not in a cache pays at least one of these.
 * Run: {@code java [-XX:+UseTransparentHugePages] -cp <bench classpath> io.kairos.bench.l3.MemoryLatency 1 4 16 64 128}
 * (MiB). Reports the best of seven passes of 2,000,000 steps. Single-threaded; allocates its arrays.
 */
public final class MemoryLatency
{
    private static final int INTS_PER_LINE = 16;
    private static final int STEPS = 2_000_000;

    private MemoryLatency()
    {
    }

    public static void main(final String[] args)
    {
        final String[] sizes = args.length > 0 ? args : new String[] {"1", "4", "16", "64", "128"};
        for (final String size : sizes)
        {
            final int mebibytes = Integer.parseInt(size);
            final int[] chain = shuffledCycle(mebibytes * 1024 * 1024 / Integer.BYTES);
            int position = 0;
            long bestNs = Long.MAX_VALUE;
            for (int pass = 0; pass < 7; pass++)
            {
                final long start = System.nanoTime();
                for (int step = 0; step < STEPS; step++)
                {
                    position = chain[position];
                }
                bestNs = Math.min(bestNs, System.nanoTime() - start);
            }
            System.out.printf("%4d MiB: %6.1f ns per dependent random load (end %d)%n", mebibytes,
                bestNs / (double)STEPS, position);
        }
    }

    private static int[] shuffledCycle(final int ints)
    {
        final int lines = ints / INTS_PER_LINE;
        final int[] order = new int[lines];
        for (int i = 0; i < lines; i++)
        {
            order[i] = i;
        }
        final Random random = new Random(20261122L);
        for (int i = lines - 1; i > 0; i--)
        {
            final int j = random.nextInt(i + 1);
            final int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        final int[] chain = new int[ints];
        for (int i = 0; i < lines; i++)
        {
            chain[order[i] * INTS_PER_LINE] = order[(i + 1) % lines] * INTS_PER_LINE;
        }
        return chain;
    }
}
