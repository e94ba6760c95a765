package io.kairos.bench.l3;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * Before/after comparison of l3-book builds in ONE process, robust on a shared, loaded machine:
 * each build (a directory or jar of l3-book classes) is loaded with this jar in its own class
 * loader and replays the same {@link L3Replay}; the builds take turns chunk by chunk (100 000
 * events each), so load spikes hit them alike. After one warm-up loop of the replay each, it
 * prints, per build, the median and quartile of the per-chunk wall time and thread CPU time per
 * event, and the ratio of the medians to the first build. Run:
 * <pre>
 * java -XX:+UseParallelGC -Xms6g -Xmx6g [-XX:+UseTransparentHugePages] [-Dids=SEQUENTIAL|KAIROS|SCRAMBLED] \
 *     -cp bench/benchmarks/target/benchmarks.jar \
 *     io.kairos.bench.l3.L3SideBySide INSTRUMENTS ORDERS_PER_BOOK CHUNKS OLD_L3_CLASSES [NEW_L3_CLASSES | -]
 * </pre>
 * where {@code -} means the l3-book inside this jar. Single-threaded; allocates while setting up.
 */
public final class L3SideBySide
{
    private static final int CHUNK = 100_000;

    private L3SideBySide()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int instruments = Integer.parseInt(args[0]);
        final int ordersPerBook = Integer.parseInt(args[1]);
        final int chunks = Integer.parseInt(args[2]);
        final String[] builds = Arrays.copyOfRange(args, 3, args.length);
        final Path self = Path.of(L3SideBySide.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final LongUnaryOperator[] runners = new LongUnaryOperator[builds.length];
        int loopEvents = 0;
        for (int b = 0; b < builds.length; b++)
        {
            runners[b] = load(builds[b], self, instruments, ordersPerBook);
            loopEvents = (int)runners[b].getClass().getMethod("size").invoke(runners[b]);
        }
        long results = 0;
        for (final LongUnaryOperator runner : runners)
        {
            results += runner.applyAsLong(loopEvents);
        }
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final double[][] wallNs = new double[builds.length][chunks];
        final double[][] cpuNs = new double[builds.length][chunks];
        for (int c = 0; c < chunks; c++)
        {
            for (int b = 0; b < builds.length; b++)
            {
                final long cpuStart = threads.getCurrentThreadCpuTime();
                final long wallStart = System.nanoTime();
                results += runners[b].applyAsLong(CHUNK);
                wallNs[b][c] = (System.nanoTime() - wallStart) / (double)CHUNK;
                cpuNs[b][c] = (threads.getCurrentThreadCpuTime() - cpuStart) / (double)CHUNK;
            }
        }
        System.out.printf("%d instruments x %d orders, %d chunks of %d events per build, rejected %d, load %s%n",
            instruments, ordersPerBook, chunks, CHUNK, -results, loadAverage());
        for (int b = 0; b < builds.length; b++)
        {
            Arrays.sort(wallNs[b]);
            Arrays.sort(cpuNs[b]);
            System.out.printf("%-40s wall median %6.1f ns/event (q1 %6.1f)  cpu median %6.1f (q1 %6.1f)  "
                + "wall ratio %.2f  cpu ratio %.2f%n",
                builds[b], wallNs[b][chunks / 2], wallNs[b][chunks / 4], cpuNs[b][chunks / 2], cpuNs[b][chunks / 4],
                wallNs[b][chunks / 2] / wallNs[0][chunks / 2], cpuNs[b][chunks / 2] / cpuNs[0][chunks / 2]);
        }
    }

    private static LongUnaryOperator load(final String build, final Path self, final int instruments,
        final int ordersPerBook)
        throws Exception
    {
        final URL[] path = "-".equals(build) ? new URL[] {self.toUri().toURL()} :
            new URL[] {Path.of(build).toUri().toURL(), self.toUri().toURL()};
        final ClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader());
        return (LongUnaryOperator)loader.loadClass(L3ReplayRunner.class.getName())
            .getConstructor(int.class, int.class, String.class)
            .newInstance(instruments, ordersPerBook, System.getProperty("ids", L3Replay.OrderIds.SEQUENTIAL.name()));
    }

    private static String loadAverage() throws IOException
    {
        return Files.readString(Path.of("/proc/loadavg")).trim();
    }
}
