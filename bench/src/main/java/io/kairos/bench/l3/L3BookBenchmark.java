package io.kairos.bench.l3;

import java.util.concurrent.TimeUnit;

import io.kairos.l3.L3BookSet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * cancels, partial and full executions, size-downs, price amends). Each invocation applies a batch
 * of {@value #BATCH} consecutive events of the looping replay; sample mode reports the median (p50)
 * per event. One benchmark thread owns the state.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xms2g", "-Xmx2g"})
public class L3BookBenchmark
{
    static final int BATCH = 1_000;

    @Param({"5000"})
    public int instruments;

    @Param({"200"})
    public int ordersPerBook;

    private L3Replay replay;
    private L3BookSet books;
    private int next;

    @Setup
    public void setUp()
    {
        replay = new L3Replay(20261122L, instruments, ordersPerBook, 4_000_000);
        books = new L3BookSet(instruments, instruments * ordersPerBook * 2, 64);
        for (int i = 0; i < replay.size(); i++)
        {
            if (replay.apply(i, books) != 0)
            {
                throw new IllegalStateException("replay event " + i + " rejected");
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int applyEvents()
    {
        final L3Replay replay = this.replay;
        final L3BookSet books = this.books;
        final int size = replay.size();
        int i = next;
        int results = 0;
        for (int n = 0; n < BATCH; n++)
        {
            results += replay.apply(i, books);
            if (++i == size)
            {
                i = 0;
            }
        }
        next = i;
        return results;
    }
}
