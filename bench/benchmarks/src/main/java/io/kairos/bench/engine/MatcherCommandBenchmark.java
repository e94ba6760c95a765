package io.kairos.bench.engine;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.MatchingCore;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.SelfTradePrevention;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one command on {@link MatchingCore}, the synchronous matcher, by kind:
 * <ul>
 *   <li>{@code insert}: a limit order that rests (no match);</li>
 *   <li>{@code cancel}: a cancel of a resting order by OrigClOrdID;</li>
 *   <li>{@code matchOne}: an IOC order that completely fills exactly one resting order;</li>
 *   <li>{@code sweepTen}: an IOC order that fills ten resting orders on ten price levels.</li>
 * </ul>
 * Each invocation applies a batch of commands of one kind (JMH divides by the batch); what the batch needs on the
 * book is built before it, outside the measured time ({@code Level.Invocation}), next to a standing book of 200 bid
 * levels. Every order has a new ClOrdID and the venue's default retention of finished orders applies, so evictions
 * from that window are part of the cost, as in steady trading. One time stamp per batch
 * ({@code apply(command, nowNs)}); the listener reads every event. Self-trade prevention off.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xms2g", "-Xmx2g"})
public class MatcherCommandBenchmark
{
    static final int RESTING = 1_000;
    static final int SWEEPS = RESTING / 10;
    private static final long TICK = Prices.parse("0.01");
    private static final long BASE = Prices.parse("100");
    private static final Instrument INSTRUMENT = new Instrument("BENCH", 1, 0, TICK, 1, BASE, 0,
        Instrument.DEFAULT_MAX_ORDER_QTY, Instrument.DEFAULT_MAX_NOTIONAL);
    private static final int MAKER = 1;
    private static final int TAKER = 2;

    /**
     * The matcher with its standing book, the sells a batch works on and the batch itself. Each subclass prepares
     * its kind of batch. Owned by the benchmark thread.
     */
    @State(Scope.Thread)
    public abstract static class Book implements EngineEventListener
    {
        final MatchingCore core = new MatchingCore(0,
            EngineConfig.defaults(List.of(INSTRUMENT)).withSelfTradePrevention(SelfTradePrevention.OFF), () -> 1L);
        final EngineCommand[] batch = new EngineCommand[RESTING];
        final long[] sellIds = new long[RESTING];
        private final EngineCommand setupCommand = new EngineCommand();
        private final StringBuilder id = new StringBuilder(20);
        private long lastId;
        private long checksum;

        @Setup(Level.Trial)
        public void standingBook()
        {
            core.listener(this);
            for (int i = 0; i < batch.length; i++)
            {
                batch[i] = new EngineCommand();
            }
            for (int level = 1; level <= 200; level++)
            {
                core.apply(setupCommand.newOrder(MAKER, clOrdId(++lastId), INSTRUMENT.id(), Side.BUY, OrderType.LIMIT,
                    TimeInForce.DAY, BASE - level * TICK, 100));
            }
        }

        @Setup(Level.Invocation)
        public abstract void prepareBatch();

        /** The previous batch must have left no sell behind, or the next would measure something else. */
        void requireNoSells()
        {
            final int levels = core.book(INSTRUMENT.id()).levelCount(Side.SELL);
            if (levels != 0)
            {
                throw new IllegalStateException(getClass().getSimpleName() + ": " + levels + " sell levels left");
            }
        }

        /** Rests {@link #RESTING} sells, the i-th at {@code BASE + i * levelStep} ticks, {@code quantity} each. */
        void restSells(final int levelStep, final long quantity)
        {
            for (int i = 0; i < RESTING; i++)
            {
                core.apply(sellOrder(setupCommand, i, levelStep, quantity));
            }
        }

        /** Fills {@code command} with the i-th sell of the batch: a new ClOrdID, kept in {@link #sellIds}. */
        EngineCommand sellOrder(final EngineCommand command, final int i, final int levelStep, final long quantity)
        {
            sellIds[i] = ++lastId;
            return command.newOrder(MAKER, clOrdId(sellIds[i]), INSTRUMENT.id(), Side.SELL, OrderType.LIMIT,
                TimeInForce.DAY, BASE + (long)i * levelStep * TICK, quantity);
        }

        EngineCommand cancelSell(final EngineCommand command, final int i)
        {
            final CharSequence cancelId = clOrdId(++lastId);
            final String orig = "c" + sellIds[i]; // setup only: the cancel keeps its own copy
            return command.cancel(MAKER, cancelId, orig, INSTRUMENT.id(), Side.SELL);
        }

        EngineCommand buyIoc(final EngineCommand command, final long limitTicks, final long quantity)
        {
            return command.newOrder(TAKER, clOrdId(++lastId), INSTRUMENT.id(), Side.BUY, OrderType.LIMIT,
                TimeInForce.IOC, BASE + limitTicks * TICK, quantity);
        }

        private CharSequence clOrdId(final long value)
        {
            id.setLength(0);
            return id.append('c').append(value);
        }

        long apply(final int commands)
        {
            final long nowNs = System.currentTimeMillis() * 1_000_000L;
            for (int i = 0; i < commands; i++)
            {
                core.apply(batch[i], nowNs);
            }
            return checksum;
        }

        @Override
        public void onExecution(final ExecutionEvent event)
        {
            checksum += event.execId + event.lastQty;
        }

        @Override
        public void onBookEvent(final BookEvent event)
        {
            checksum += event.sequence;
        }
    }

    /** Sells resting behind the best ask; the previous batch's are cancelled first (unmeasured). */
    public static class Inserts extends Book
    {
        private boolean previous;

        @Override
        public void prepareBatch()
        {
            if (previous)
            {
                for (int i = 0; i < RESTING; i++)
                {
                    core.apply(cancelSell(batch[i], i));
                }
            }
            requireNoSells();
            for (int i = 0; i < RESTING; i++)
            {
                sellOrder(batch[i], i, 0, 100);
            }
            previous = true;
        }
    }

    /** Cancels of sells rested just before. */
    public static class Cancels extends Book
    {
        @Override
        public void prepareBatch()
        {
            requireNoSells();
            restSells(0, 100);
            for (int i = 0; i < RESTING; i++)
            {
                cancelSell(batch[i], i);
            }
        }
    }

    /** Buys that each take one whole resting sell of one level. */
    public static class SingleFills extends Book
    {
        @Override
        public void prepareBatch()
        {
            requireNoSells();
            restSells(0, 10);
            for (int i = 0; i < RESTING; i++)
            {
                buyIoc(batch[i], 0, 10);
            }
        }
    }

    /** Buys that each take ten sells of one lot on ten consecutive levels (the next buy the next ten levels). */
    public static class Sweeps extends Book
    {
        @Override
        public void prepareBatch()
        {
            requireNoSells();
            restSells(1, 1);
            for (int i = 0; i < SWEEPS; i++)
            {
                buyIoc(batch[i], 10L * i + 9, 10);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(RESTING)
    public long insert(final Inserts book)
    {
        return book.apply(RESTING);
    }

    @Benchmark
    @OperationsPerInvocation(RESTING)
    public long cancel(final Cancels book)
    {
        return book.apply(RESTING);
    }

    @Benchmark
    @OperationsPerInvocation(RESTING)
    public long matchOne(final SingleFills book)
    {
        return book.apply(RESTING);
    }

    @Benchmark
    @OperationsPerInvocation(SWEEPS)
    public long sweepTen(final Sweeps book)
    {
        return book.apply(SWEEPS);
    }
}
