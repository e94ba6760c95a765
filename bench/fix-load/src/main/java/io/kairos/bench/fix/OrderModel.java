package io.kairos.bench.fix;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Chooses each request of the load from an {@link OrderModelConfig}: insert, cancel or replace by weight (a cancel
 * or replace falls back to an insert when the session has nothing resting), market or limit, limit prices from a
 * normal distribution in ticks around the mid, never below one tick. Owned by the sender thread; seeded, so a run
 * is reproducible.
 */
public final class OrderModel
{
    private final OrderModelConfig config;
    private final List<Instrument> instruments;
    private final SplittableRandom random;
    private final double totalWeight;

    public OrderModel(final OrderModelConfig config)
    {
        this.config = config;
        this.instruments = config.instruments();
        this.random = new SplittableRandom(config.seed());
        this.totalWeight = config.insertWeight() + config.cancelWeight() + config.replaceWeight();
    }

    public OrderModelConfig config()
    {
        return config;
    }

    /**
     * Fills {@code out} with the next request of a session whose resting orders are {@code resting}; a cancel or
     * replace takes its target out of {@code resting} (it is pending from now on) and keeps the target's instrument
     * and side, read from {@code log}.
     */
    public void next(final OrderRequest out, final RestingOrders resting, final RequestLog log)
    {
        final double choice = random.nextDouble() * totalWeight;
        if (choice >= config.insertWeight())
        {
            final int target = resting.takeRandom(random);
            if (target >= 0)
            {
                final boolean cancel = choice < config.insertWeight() + config.cancelWeight();
                out.action = cancel ? OrderRequest.CANCEL : OrderRequest.REPLACE;
                out.targetRequest = target;
                out.instrumentIndex = log.instrument(target);
                out.side = log.side(target);
                out.ordType = OrderRequest.LIMIT;
                out.priceMicros = cancel ? log.priceMicros(target) : limitPrice(instruments.get(out.instrumentIndex),
                    out.side, false);
                out.quantity = cancel ? log.quantity(target) : quantity(instruments.get(out.instrumentIndex));
                return;
            }
        }
        insert(out);
    }

    /** Fills {@code out} with a new order (an insert whatever the weights), e.g. for prefilling books. */
    public void insert(final OrderRequest out)
    {
        final Instrument instrument = newOrder(out);
        if (random.nextDouble() < config.marketRatio())
        {
            out.ordType = OrderRequest.MARKET;
            out.priceMicros = 0;
            return;
        }
        out.ordType = OrderRequest.LIMIT;
        final boolean executing = config.executingRatio() >= 0 && random.nextDouble() < config.executingRatio();
        out.priceMicros = limitPrice(instrument, out.side, executing);
    }

    /** Fills {@code out} with a passive limit order (it rests unless the book is crossed), for prefilling books. */
    public void passiveInsert(final OrderRequest out)
    {
        final Instrument instrument = newOrder(out);
        out.ordType = OrderRequest.LIMIT;
        out.priceMicros = sidedPrice(instrument, out.side, false);
    }

    /** Fills in what every insert draws first, in this order: instrument, side, quantity. @return the instrument */
    private Instrument newOrder(final OrderRequest out)
    {
        out.action = OrderRequest.INSERT;
        out.targetRequest = -1;
        out.instrumentIndex = instruments.size() == 1 ? 0 : random.nextInt(instruments.size());
        final Instrument instrument = instruments.get(out.instrumentIndex);
        out.side = random.nextBoolean() ? OrderRequest.BUY : OrderRequest.SELL;
        out.quantity = quantity(instrument);
        return instrument;
    }

    private long limitPrice(final Instrument instrument, final char side, final boolean executing)
    {
        if (config.executingRatio() < 0)
        {
            final long offsetTicks = Math.round(random.nextGaussian() * config.priceSigmaTicks());
            return clampToOneTick(instrument, instrument.midMicros() + offsetTicks * instrument.tickMicros());
        }
        return sidedPrice(instrument, side, executing);
    }

    /** Passive: one tick or more away from the mid on the order's own side; executing: as far through the mid. */
    private long sidedPrice(final Instrument instrument, final char side, final boolean executing)
    {
        final long distanceTicks = 1 + Math.abs(Math.round(random.nextGaussian() * config.priceSigmaTicks()));
        final boolean above = (side == OrderRequest.BUY) == executing;
        final long offsetMicros = distanceTicks * instrument.tickMicros();
        return clampToOneTick(instrument, instrument.midMicros() + (above ? offsetMicros : -offsetMicros));
    }

    private static long clampToOneTick(final Instrument instrument, final long priceMicros)
    {
        return Math.max(instrument.tickMicros(), priceMicros);
    }

    private long quantity(final Instrument instrument)
    {
        return instrument.lotSize() * (1 + random.nextInt(config.maxQuantityLots()));
    }
}
