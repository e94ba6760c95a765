package io.kairos.bench.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandPublisher;
import io.kairos.engine.Engine;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.JournalMode;
import io.kairos.engine.JournalStage;
import io.kairos.engine.OrderType;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.SelfTradePrevention;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.engine.WaitStrategyType;
import io.kairos.bench.harness.CountingTarget;
import io.kairos.bench.harness.OrderFlow;

/**
 * Kairos's {@link Engine} fed through {@link CommandPublisher#publish}: one instrument per book
 * (tick 0.01, lot 1, no price band), users as sessions 1..N, every insert a GTC limit order,
 * every update a cancel/replace to a new price with the same total quantity (loses priority,
 * like exchange-core's move). A command is complete at {@link EngineEventListener#onCommandComplete},
 * after all its execution and book events, which is when latency is taken. The driver thread owns
 * {@link #send}; the listener runs on the matcher threads.
 */
final class KairosTarget extends CountingTarget implements EngineEventListener
{
    static final long TICK = 10_000;
    static final long LOT = 1;

    private final OrderFlow flow;
    private final JournalMode journalMode;
    private final Path journalDir;
    private final int partitions;
    private final WaitStrategyType waitStrategy;
    private final long[] plannedSendNs;
    private final long[] lastCorrelation;
    private final EngineCommand command = new EngineCommand();
    private final StringBuilder clOrdId = new StringBuilder(20);
    private final StringBuilder origClOrdId = new StringBuilder(20);
    private Engine engine;
    private CommandPublisher publisher;

    KairosTarget(final OrderFlow flow, final JournalMode journalMode, final Path journalDir, final int partitions,
        final WaitStrategyType waitStrategy)
    {
        this.flow = flow;
        this.journalMode = journalMode;
        this.journalDir = journalDir;
        this.partitions = partitions;
        this.waitStrategy = waitStrategy;
        plannedSendNs = new long[flow.size()];
        lastCorrelation = new long[partitions * 8];
        java.util.Arrays.fill(lastCorrelation, -1);
    }

    @Override
    public String label()
    {
        return "Kairos, journal " + journalMode;
    }

    @Override
    public void start()
    {
        final List<Instrument> instruments = new ArrayList<>();
        for (int book = 0; book < flow.books(); book++)
        {
            instruments.add(new Instrument("BK" + book, book, book % partitions, TICK, LOT,
                OrderFlowGenerator.REFERENCE_TICKS * TICK, 0));
        }
        final boolean journalled = journalMode != JournalMode.OFF;
        final EngineConfig config = new EngineConfig(new ReferenceData(instruments, partitions), partitions, List.of(),
            EngineConfig.DEFAULT_RING_SIZE, waitStrategy, SelfTradePrevention.OFF, journalMode, JournalStage.INLINE,
            journalled ? journalDir.resolve("journal") : null, EngineConfig.DEFAULT_JOURNAL_SEGMENT_BYTES,
            journalled ? journalDir.resolve("snapshots") : null, EngineConfig.DEFAULT_SNAPSHOT_EVERY_COMMANDS, 0);
        engine = new Engine(config);
        publisher = engine.publisher();
        engine.start(this);
    }

    @Override
    public void send(final int index, final long plannedNs)
    {
        final OrderFlow f = flow;
        plannedSendNs[index] = plannedNs;
        final Side side = f.side(index) == OrderFlow.BUY ? Side.BUY : Side.SELL;
        clOrdId.setLength(0);
        clOrdId.append(f.clOrdNum(index));
        switch (f.kind(index))
        {
            case OrderFlow.INSERT ->
                command.newOrder(f.user(index), clOrdId, f.book(index), side, OrderType.LIMIT, TimeInForce.GTC,
                f.priceTicks(index) * TICK, f.quantityLots(index) * LOT);
            case OrderFlow.CANCEL ->
                command.cancel(f.user(index), clOrdId, orig(f.origClOrdNum(index)), f.book(index), side);
            default -> command.replace(f.user(index), clOrdId, orig(f.origClOrdNum(index)), f.book(index), side,
                f.priceTicks(index) * TICK, f.quantityLots(index) * LOT);
        }
        command.correlationId = index;
        if (publisher.publish(command) != 1)
        {
            throw new IllegalStateException("Kairos publisher refused command " + index);
        }
    }

    private CharSequence orig(final long clOrdNum)
    {
        origClOrdId.setLength(0);
        origClOrdId.append(clOrdNum);
        return origClOrdId;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        if (event.cause != null)
        {
            lastCorrelation[event.partition * 8] = event.correlationId;
        }
        if (event.kind == ExecutionEvent.Kind.CANCEL_REJECT || event.execType == ExecType.REJECTED)
        {
            rejects.increment();
        }
        else if (event.execType == ExecType.TRADE && event.cause == null)
        {
            fills.increment();
        }
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
    }

    @Override
    public void onCommandComplete(final int partition)
    {
        final long index = lastCorrelation[partition * 8];
        if (index >= 0)
        {
            latency.record(plannedSendNs[(int)index], System.nanoTime());
            lastCorrelation[partition * 8] = -1;
        }
        completed.incrementAndGet();
    }

    @Override
    public void close()
    {
        if (engine != null)
        {
            engine.close();
        }
    }
}
