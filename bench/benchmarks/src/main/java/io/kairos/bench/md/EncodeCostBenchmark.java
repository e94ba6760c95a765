package io.kairos.bench.md;

import java.util.concurrent.TimeUnit;

import io.kairos.md.EncodeCostFixture;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Per-subscriber cost of one market-data incremental in the gateway ({@link EncodeCostFixture}):
 * {@code headerAndTrailer} is the goal figure (≤ 100 ns: the session's header, checksum and
 * cached trailer, everything that differs per subscriber); {@code headerTrailerAndWrites} adds
 * copying the message into the session's batch buffer and, when it is full, its hand-off to a Netty pipeline
 * (no socket; flush and release happen after each invocation, outside the measured time);
 * {@code bodyPerView} is the once-per-view body encode that all subscribers share. Each
 * invocation runs {@value #BATCH} operations and JMH divides by {@value #BATCH}: sample mode's
 * p50 is the median of those per-batch means. Owned by the one benchmark thread.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EncodeCostBenchmark extends MdBenchmark
{
    static final int BATCH = 1_000;

    private EncodeCostFixture fixture;
    private int msgSeqNum = 1_000_000;

    @Setup(Level.Trial)
    public void setUp()
    {
        fixture = new EncodeCostFixture();
    }

    @TearDown(Level.Invocation)
    public void releaseWritten()
    {
        fixture.releaseWritten();
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        fixture.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int headerAndTrailer()
    {
        int sink = 0;
        for (int i = 0; i < BATCH; i++)
        {
            sink += fixture.encodeHeaderAndTrailer(msgSeqNum++);
        }
        return sink;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void headerTrailerAndWrites()
    {
        for (int i = 0; i < BATCH; i++)
        {
            fixture.writeShared();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int bodyPerView()
    {
        int sink = 0;
        for (int i = 0; i < BATCH; i++)
        {
            sink += fixture.encodeBody(msgSeqNum++);
        }
        return sink;
    }
}
