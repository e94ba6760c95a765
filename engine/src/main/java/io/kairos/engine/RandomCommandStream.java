package io.kairos.engine;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded, reproducible stream of realistic commands for the engine's tests: limit
 * orders with prices normally distributed around each instrument's reference price (so some
 * cross), some market/IOC/FOK orders, cancels and replaces of recently sent orders, and rare mass
 * cancels. Only valid prices and quantities are generated unless {@code invalidPercent} &gt; 0. With
 * {@link #withInstructions} some new orders also carry MinQty or MaxFloor (icebergs).
 * Not thread-safe; allocation-free per command after construction.
 */
public final class RandomCommandStream
{
    private static final int RECENT = 4096;

    private final SplittableRandom random;
    private final List<Instrument> instruments;
    private final int sessions;
    private final int invalidPercent;
    private final long[] recentIds = new long[RECENT];
    private final int[] recentSessions = new int[RECENT];
    private final int[] recentInstruments = new int[RECENT];
    private final Side[] recentSides = new Side[RECENT];
    private final StringBuilder id = new StringBuilder(24);
    private int recentCount;
    private long nextClOrdId;
    private int instructionPercent;

    public RandomCommandStream(final long seed, final List<Instrument> instruments, final int sessions,
        final int invalidPercent)
    {
        random = new SplittableRandom(seed);
        this.instruments = List.copyOf(instruments);
        this.sessions = sessions;
        this.invalidPercent = invalidPercent;
    }

    /**
     * From now on, about {@code percent} of new orders carry an order instruction: half of them a MinQty (110), half
     * a MaxFloor (111) where the order may rest. 0 (the default) draws nothing more, so streams without it are as
     * before.
     */
    public RandomCommandStream withInstructions(final int percent)
    {
        instructionPercent = percent;
        return this;
    }

    /** Fills {@code command} with the next command and returns it. */
    public EngineCommand next(final EngineCommand command)
    {
        final int roll = random.nextInt(100);
        if (recentCount > 0 && roll < 20)
        {
            cancel(command);
        }
        else if (recentCount > 0 && roll < 30)
        {
            replace(command);
        }
        else if (roll == 99 && random.nextInt(20) == 0)
        {
            command.massCancel(1 + random.nextInt(sessions), clOrdId(), EngineCommand.ALL_INSTRUMENTS);
        }
        else
        {
            newOrder(command);
        }
        return command;
    }

    private void newOrder(final EngineCommand command)
    {
        final Instrument instrument = instruments.get(random.nextInt(instruments.size()));
        final int session = 1 + random.nextInt(sessions);
        final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
        final int kind = random.nextInt(100);
        final OrderType type = kind < 5 ? OrderType.MARKET : OrderType.LIMIT;
        final TimeInForce tif = kind < 5 ? TimeInForce.IOC : kind < 10 ? TimeInForce.IOC : kind < 13 ? TimeInForce.FOK
            : kind < 30 ? TimeInForce.GTC : TimeInForce.DAY;
        long quantity = instrument.lotSize() * (1 + random.nextInt(10));
        long price = type == OrderType.LIMIT ? limitPrice(instrument, side) : 0;
        if (invalidPercent > 0 && random.nextInt(100) < invalidPercent)
        {
            if (random.nextBoolean())
            {
                quantity = -quantity;
            }
            else
            {
                price += instrument.tickSize() / 2 + 1;
            }
        }
        command.newOrder(session, clOrdId(), instrument.id(), side, type, tif, price, quantity);
        if (instructionPercent > 0 && quantity > 0 && random.nextInt(100) < instructionPercent)
        {
            final long part = instrument.lotSize() * (1 + random.nextInt((int)(quantity / instrument.lotSize())));
            if (type == OrderType.LIMIT && tif.restsOnBook() && random.nextBoolean())
            {
                command.maxFloor = part;
            }
            else
            {
                command.minQty = part;
            }
        }
        remember(session, instrument.id(), side);
    }

    /**
     * Buys centre a little below the reference price and sells a little above, with normal-ish noise, so some cross.
     */
    private long limitPrice(final Instrument instrument, final Side side)
    {
        final long tick = instrument.tickSize();
        final double offset = random.nextDouble() * 4 + 0.5;
        final long ticks = Math.round((side == Side.BUY ? -offset : offset) + gaussianish() * 3);
        final long lowest = Math.max(1, Math.ceilDiv(Math.max(tick, instrument.bandLow()), tick));
        final long highest = instrument.bandHigh() / tick;
        return Math.max(lowest, Math.min(highest, instrument.referencePrice() / tick + ticks)) * tick;
    }

    private double gaussianish()
    {
        return (random.nextDouble() + random.nextDouble() + random.nextDouble() - 1.5) / 1.5;
    }

    private void cancel(final EngineCommand command)
    {
        final int i = random.nextInt(recentCount);
        final long target = recentIds[i];
        command.cancel(recentSessions[i], clOrdId(), "", recentInstruments[i], recentSides[i]);
        setOrig(command, target);
    }

    private void replace(final EngineCommand command)
    {
        final int i = random.nextInt(recentCount);
        final Instrument instrument = instrumentById(recentInstruments[i]);
        final long target = recentIds[i];
        command.replace(recentSessions[i], clOrdId(), "", instrument.id(), recentSides[i],
            limitPrice(instrument, recentSides[i]), instrument.lotSize() * (1 + random.nextInt(10)));
        setOrig(command, target);
        recentIds[i] = nextClOrdId - 1;
    }

    private void setOrig(final EngineCommand command, final long clOrdIdNumber)
    {
        id.setLength(0);
        id.append(clOrdIdNumber);
        command.origClOrdId.set(id);
    }

    private Instrument instrumentById(final int instrumentId)
    {
        for (int i = 0; i < instruments.size(); i++)
        {
            if (instruments.get(i).id() == instrumentId)
            {
                return instruments.get(i);
            }
        }
        throw new IllegalStateException("instrument " + instrumentId);
    }

    private void remember(final int session, final int instrumentId, final Side side)
    {
        final int slot = recentCount < RECENT ? recentCount++ : random.nextInt(RECENT);
        recentIds[slot] = nextClOrdId - 1;
        recentSessions[slot] = session;
        recentInstruments[slot] = instrumentId;
        recentSides[slot] = side;
    }

    private CharSequence clOrdId()
    {
        id.setLength(0);
        id.append(nextClOrdId++);
        return id;
    }
}
