package io.kairos.bench.l3;

import java.util.concurrent.TimeUnit;

import io.kairos.l3.L3BookSet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per L3 event of {@link L3BookSet} on a realistic replay (thousands of instruments, adds,
 * cancels, partial and full executions, size-downs, price amends; see {@link L3Replay}). Each
 * invocation applies a batch of {@value #BATCH} consecutive events and JMH divides its time by
 * {@value #BATCH}, so every sample is the mean cost per event of one batch (the timer's ~25 ns
 * per sample is below 0.05 % of a batch); sample mode then reports the median (p50) and other
 * percentiles of those per-batch means.
 * <ul>
 *   <li>{@code applyEvents}: the whole looping replay — fill to the steady depth, churn, drain to
 *       empty — so a third of its events are the fill's adds and the drain's cancels;</li>
 *   <li>{@code applySteadyState}: the churn only, as a feed looks during the trading day; when
 *       the next batch would run past the churn, the drain and a refill are applied outside the
 *       measured time ({@code Level.Invocation} setup).</li>
 * </ul>
 * The forks run with transparent huge pages (the order table and level pool are tens of MiB,
 * so with 4 KiB pages nearly every random access also misses the TLB); override the JVM options
 * with {@code -jvmArgsAppend} to measure without them. One benchmark thread owns each state.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xms3g", "-Xmx3g", "-XX:+UseTransparentHugePages"})
public class L3BookBenchmark
{
    static final int BATCH = 1_000;

    /** The replay's parameters and the books it feeds, filled once to the end of the loop. */
    @State(Scope.Thread)
    public abstract static class ReplayedBooks
    {
        @Param({"5000"})
        public int instruments;

        @Param({"200"})
        public int ordersPerBook;

        @Param({"SEQUENTIAL"})
        public L3Replay.OrderIds ids;

        L3Replay replay;
        L3BookSet books;
        int next;

        void build()
        {
            replay = new L3Replay(20261122L, instruments, ordersPerBook, 4_000_000, ids);
            books = replay.newBooks();
            applyRange(replay, books, 0, replay.size());
        }
    }

    /** The looping replay and the books it feeds. */
    public static class Replay extends ReplayedBooks
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            build();
        }
    }

    /** The same replay held in its steady state: filled once, then only its churn is measured. */
    public static class SteadyState extends ReplayedBooks
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            build();
            applyRange(replay, books, 0, replay.churnStart());
            next = replay.churnStart();
        }

        @Setup(Level.Invocation)
        public void refillWhenChurnEnds()
        {
            if (next + BATCH > replay.churnEnd())
            {
                applyRange(replay, books, next, replay.size());
                applyRange(replay, books, 0, replay.churnStart());
                next = replay.churnStart();
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int applyEvents(final Replay state)
    {
        final L3Replay replay = state.replay;
        final L3BookSet books = state.books;
        final int size = replay.size();
        int i = state.next;
        int results = 0;
        for (int n = 0; n < BATCH; n++)
        {
            results += replay.apply(i, books);
            if (++i == size)
            {
                i = 0;
            }
        }
        state.next = i;
        return results;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int applySteadyState(final SteadyState state)
    {
        final L3Replay replay = state.replay;
        final L3BookSet books = state.books;
        int i = state.next;
        int results = 0;
        for (int n = 0; n < BATCH; n++)
        {
            results += replay.apply(i++, books);
        }
        state.next = i;
        return results;
    }

    static void applyRange(final L3Replay replay, final L3BookSet books, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            if (replay.apply(i, books) != 0)
            {
                throw new IllegalStateException("replay event " + i + " rejected");
            }
        }
    }
}
