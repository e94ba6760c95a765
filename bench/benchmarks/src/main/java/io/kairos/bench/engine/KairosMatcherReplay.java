package io.kairos.bench.engine;

import java.util.List;
import java.util.function.LongUnaryOperator;

import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.SystemEpochNanoClock;

import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.OutcomeLog;
import io.kairos.bench.harness.ReplayTarget;
import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.MatchingCore;
import io.kairos.engine.OrderType;
import io.kairos.engine.SelfTradePrevention;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;

/**
 * Kairos's matcher alone, through its public synchronous API {@link MatchingCore}: one instrument
 * (tick 0.01, lot 1, no price band), self-trade prevention OFF, users as sessions, inserts as LIMIT
 * GTC or IOC orders with the ref as ClOrdID, cancels by the order id Kairos gave the order (taken
 * from its NEW report). {@link Mode#PER_MESSAGE} calls {@link MatchingCore#apply(EngineCommand)}
 * (one clock read per command); {@link Mode#BATCHED} calls {@link MatchingCore#apply(EngineCommand, long)}
 * with one clock read per {@value #BATCH_COMMANDS} commands. Events arrive synchronously inside
 * {@code apply} and become {@link OutcomeLog} records: the aggressor's TRADE report (maker = its
 * contra order), EXPIRED (the IOC remainder), CANCELED, a cancel reject, and the book's ADD (rests).
 * One reused {@link EngineCommand}; nothing allocated per command. Owned by the replaying thread.
 */
final class KairosMatcherReplay implements ReplayTarget, EngineEventListener
{
    /** Kairos price units per tick of the flow: a tick is 0.01. */
    static final long TICK = KairosTarget.TICK;
    static final int BATCH_COMMANDS = 256;

    enum Mode
    {
        PER_MESSAGE("Kairos per message"),
        BATCHED("Kairos batched");

        private final String label;

        Mode(final String label)
        {
            this.label = label;
        }
    }

    private final Mode mode;
    private final EngineConfig config;
    private final EpochNanoClock clock = new SystemEpochNanoClock();
    private final EngineCommand command = new EngineCommand();
    private final byte[] digits = new byte[20];
    private final long[] refToId;
    private MatchingCore core;
    private OutcomeLog log;
    private int current;
    private long currentRef;
    private Long2LongHashMap idToRef;

    KairosMatcherReplay(final Mode mode, final OrderFlow flow)
    {
        this.mode = mode;
        final Instrument instrument =
            new Instrument("BENCH", 0, 0, TICK, KairosTarget.LOT, RegimeFlowGenerator.START_TICKS * TICK, 0);
        config = EngineConfig.defaults(List.of(instrument)).withSelfTradePrevention(SelfTradePrevention.OFF);
        long maxRef = 0;
        for (int i = 0; i < flow.size(); i++)
        {
            maxRef = Math.max(maxRef, flow.orderRef(i));
        }
        refToId = new long[Math.toIntExact(maxRef + 1)];
    }

    @Override
    public String label()
    {
        return mode.label;
    }

    @Override
    public void prepare()
    {
        core = new MatchingCore(0, config, clock);
        core.listener(this);
        idToRef = null;
        java.util.Arrays.fill(refToId, 0);
    }

    @Override
    public void replay(final OrderFlow flow, final OutcomeLog outcomes)
    {
        log = outcomes;
        final MatchingCore matcher = core;
        final boolean batched = mode == Mode.BATCHED;
        long nowNs = 0;
        for (int i = 0, n = flow.size(); i < n; i++)
        {
            fill(flow, i);
            if (batched)
            {
                if ((i & (BATCH_COMMANDS - 1)) == 0)
                {
                    nowNs = clock.nanoTime();
                }
                matcher.apply(command, nowNs);
            }
            else
            {
                matcher.apply(command);
            }
        }
    }

    private void fill(final OrderFlow flow, final int i)
    {
        final EngineCommand c = command;
        final Side side = flow.side(i) == OrderFlow.BUY ? Side.BUY : Side.SELL;
        current = i;
        currentRef = flow.orderRef(i);
        if (flow.kind(i) == OrderFlow.INSERT)
        {
            final TimeInForce tif = flow.timeInForce(i) == OrderFlow.IOC ? TimeInForce.IOC : TimeInForce.GTC;
            c.newOrder(flow.user(i), "", 0, side, OrderType.LIMIT, tif, flow.priceTicks(i) * TICK,
                flow.quantityLots(i) * KairosTarget.LOT);
        }
        else if (flow.kind(i) == OrderFlow.CANCEL)
        {
            c.cancel(flow.user(i), "", "", 0, side);
            c.orderId = refToId[(int)currentRef];
        }
        else
        {
            throw new IllegalStateException("command " + i + ": a matcher flow has inserts and cancels only");
        }
        c.clOrdId.set(digits, 0, asciiDigits(flow.clOrdNum(i)));
        c.correlationId = i;
    }

    /** Writes {@code value} (>= 0) as ASCII digits into {@link #digits}; returns their count. No allocation. */
    private int asciiDigits(final long value)
    {
        int length = 1;
        for (long v = value / 10; v != 0; v /= 10)
        {
            length++;
        }
        long v = value;
        for (int p = length - 1; p >= 0; p--)
        {
            digits[p] = (byte)('0' + v % 10);
            v /= 10;
        }
        return length;
    }

    @Override
    public void onExecution(final ExecutionEvent e)
    {
        if (e.kind == ExecutionEvent.Kind.CANCEL_REJECT)
        {
            log.cancelRejected(current, currentRef);
            return;
        }
        final ExecType type = e.execType;
        if (type == ExecType.NEW)
        {
            refToId[(int)currentRef] = e.orderId;
        }
        else if (type == ExecType.TRADE)
        {
            if (e.cause != null)
            {
                log.trade(current, e.contraOrderId, e.orderId, e.lastPx, e.lastQty);
            }
        }
        else if (type == ExecType.EXPIRED)
        {
            log.expired(current, e.orderId, e.orderQty - e.cumQty);
        }
        else if (type == ExecType.CANCELED)
        {
            log.cancelled(current, e.orderId, e.orderQty - e.cumQty);
        }
        else if (type == ExecType.REJECTED)
        {
            log.rejected(current, currentRef);
        }
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
        if (event.type == BookEvent.Type.ADD)
        {
            log.rested(current, event.orderId, event.quantity);
        }
    }

    /** Kairos order id to flow ref, from the NEW reports of the last replay (allocates a map once per replay). */
    @Override
    public LongUnaryOperator idToRef()
    {
        if (idToRef == null)
        {
            final Long2LongHashMap map = new Long2LongHashMap(refToId.length * 2, 0.65f, -1);
            for (int ref = 1; ref < refToId.length; ref++)
            {
                if (refToId[ref] != 0)
                {
                    map.put(refToId[ref], ref);
                }
            }
            idToRef = map;
        }
        final Long2LongHashMap map = idToRef;
        return map::get;
    }

    @Override
    public long priceUnit()
    {
        return TICK;
    }

    /** Nothing to release: the engine is plain objects on this thread. */
    @Override
    public void close()
    {
    }
}
