package io.kairos.bench.engine;

import java.util.SplittableRandom;

import io.kairos.bench.harness.OrderFlow;

/**
 * Writes the matcher benchmark's {@link OrderFlow} for one {@link Regime} from a seed: one symbol,
 * a given number of new orders ({@value #IOC_PERCENT} % IOC, the rest GTC limit orders) mixed with
 * cancels and modifies, priced around a centre that moves as the regime says. Per message:
 * {@value #NEW_PERCENT} % new order, {@value #CANCEL_PERCENT} % cancel, the rest modify (cancel +
 * reinsert at a new price with a new full quantity under a new ref, losing priority: two commands,
 * marked {@link OrderFlow#FLAG_REINSERT}). A passive order rests 0–{@value #DEPTH_TICKS} ticks
 * behind the centre (or behind the opposite best, if the centre has run past it); an aggressive one
 * is priced 1–{@value #AGGRESSIVE_TICKS} ticks through the centre, sweeping whatever the moving centre
 * left behind, at the makers' prices: what the swings and the crash exercise. The share of
 * aggressive GTC orders follows how far the book is from {@value #TARGET_RESTING} resting orders,
 * so the book keeps its size while the price moves. A
 * {@link ReferenceBook} tracks what is live: every modify and all but {@value #LATE_CANCEL_PERCENT} %
 * of the cancels name a live order, the rest a recently finished one. Users are drawn at random
 * (no self-trade prevention anywhere). Order refs count inserts from 1; a cancel's own ClOrdID is
 * numbered from {@link #CANCEL_CL_ORD_BASE}. Single-threaded; allocates (runs before timing).
 */
public final class RegimeFlowGenerator
{
    /** Price centre at the start, in ticks (1,000.00 at a tick of 0.01). */
    public static final long START_TICKS = 100_000;
    /** Highest price any order can have; exchange-core's reserve price for bids. */
    public static final long MAX_PRICE_TICKS = 2 * START_TICKS;
    public static final long CANCEL_CL_ORD_BASE = 1_000_000_000_000L;
    static final int USERS = 50;
    static final int NEW_PERCENT = 60;
    static final int CANCEL_PERCENT = 25;
    static final int IOC_PERCENT = 15;
    static final int LATE_CANCEL_PERCENT = 5;
    static final int TARGET_RESTING = 2_000;
    static final int MAX_LOTS = 100;
    static final int DEPTH_TICKS = 50;
    static final int AGGRESSIVE_TICKS = 5;
    private static final double IOC_AGGRESSIVE = 0.8;
    private static final double WALK_STEP_PROBABILITY = 0.1;
    private static final double WALK_LIMIT = 0.05;

    private final Regime regime;
    private final SplittableRandom random;
    private final ReferenceBook book = new ReferenceBook();
    private final OrderFlow flow;
    private long nextRef = 1;
    private long nextCancelClOrd = CANCEL_CL_ORD_BASE;
    private long walkTicks;
    private long centre = START_TICKS;
    private long messages;
    private long newOrders;
    private long iocOrders;
    private long cancels;
    private long lateCancels;
    private long modifies;
    private long fills;
    private long minPrice = Long.MAX_VALUE;
    private long maxPrice;
    private int minResting = Integer.MAX_VALUE;
    private int maxResting;
    private long restingSum;

    private RegimeFlowGenerator(final Regime regime, final long seed, final int capacity)
    {
        this.regime = regime;
        random = new SplittableRandom(seed ^ regime.ordinal() * 0x9E3779B97F4A7C15L);
        flow = new OrderFlow(regime.key(), USERS, 1, MAX_PRICE_TICKS, capacity);
    }

    /** A generated flow and what it holds. */
    public record GeneratedFlow(Regime regime, OrderFlow flow, RegimeFlowStats stats)
    {
    }

    /** The flow of {@code regime} with {@code newOrders} new-order messages; the same seed gives the same flow. */
    public static GeneratedFlow generate(final Regime regime, final long seed, final int newOrders)
    {
        if (newOrders < 1)
        {
            throw new IllegalArgumentException("newOrders must be >= 1, was " + newOrders);
        }
        // commands per new order: 1 + 25/60 cancels + 2 × 15/60 modify commands ≈ 1.92, plus room for chance
        final int capacity = Math.toIntExact(newOrders * 22L / 10 + 10_000);
        final RegimeFlowGenerator generator = new RegimeFlowGenerator(regime, seed, capacity);
        generator.run(newOrders);
        return new GeneratedFlow(regime, generator.flow, generator.stats());
    }

    private void run(final int newOrderCount)
    {
        while (newOrders < newOrderCount)
        {
            moveCentre((double)newOrders / newOrderCount);
            final int roll = random.nextInt(100);
            if (roll < NEW_PERCENT || book.activeCount() == 0)
            {
                newOrder();
            }
            else if (roll < NEW_PERCENT + CANCEL_PERCENT)
            {
                cancel();
            }
            else
            {
                modify();
            }
            messages++;
            final int resting = book.activeCount();
            minResting = Math.min(minResting, resting);
            maxResting = Math.max(maxResting, resting);
            restingSum += resting;
        }
        flow.markPrefillEnd();
        flow.markWarmupEnd();
        flow.markThroughputEnd();
    }

    private void moveCentre(final double progress)
    {
        if (regime.randomWalk() && random.nextDouble() < WALK_STEP_PROBABILITY)
        {
            final long limit = (long)(START_TICKS * WALK_LIMIT);
            final long step = random.nextBoolean() ? 1 : -1;
            walkTicks = Math.abs(walkTicks + step) > limit ? walkTicks - step : walkTicks + step;
        }
        centre = Math.round(START_TICKS * (1 + regime.trend(progress))) + walkTicks;
    }

    private void newOrder()
    {
        newOrders++;
        final boolean ioc = random.nextInt(100) < IOC_PERCENT;
        final byte side = random.nextBoolean() ? OrderFlow.BUY : OrderFlow.SELL;
        final boolean aggressive = random.nextDouble() < (ioc ? IOC_AGGRESSIVE : aggressiveProbability());
        iocOrders += ioc ? 1 : 0;
        insert(side, 1 + random.nextInt(USERS), ioc, price(side, aggressive), (byte)0);
    }

    private void cancel()
    {
        cancels++;
        final ReferenceBook.SimOrder late =
            random.nextInt(100) < LATE_CANCEL_PERCENT ? book.randomRecentlyDone(random) : null;
        if (late != null)
        {
            lateCancels++;
            appendCancel(late);
            return;
        }
        final ReferenceBook.SimOrder order = book.randomActive(random);
        appendCancel(order);
        book.cancel(order);
    }

    private void modify()
    {
        modifies++;
        final ReferenceBook.SimOrder order = book.randomActive(random);
        appendCancel(order);
        book.cancel(order);
        final boolean aggressive = random.nextDouble() < aggressiveProbability();
        insert(order.side, order.user, false, price(order.side, aggressive), OrderFlow.FLAG_REINSERT);
    }

    private void insert(final byte side, final int user, final boolean ioc, final long price, final byte flags)
    {
        final ReferenceBook.SimOrder order = new ReferenceBook.SimOrder();
        order.ref = nextRef++;
        order.user = user;
        order.side = side;
        order.price = price;
        order.quantity = 1 + random.nextInt(MAX_LOTS);
        order.clOrdNum = order.ref;
        flow.append(OrderFlow.INSERT, side, ioc ? OrderFlow.IOC : OrderFlow.GTC, flags, user, 0, price, order.quantity,
            order.ref, order.clOrdNum, 0);
        fills += ioc ? book.insertIoc(order) : book.insert(order);
        minPrice = Math.min(minPrice, price);
        maxPrice = Math.max(maxPrice, price);
    }

    private void appendCancel(final ReferenceBook.SimOrder order)
    {
        flow.append(OrderFlow.CANCEL, order.side, OrderFlow.GTC, (byte)0, order.user, 0, order.price, order.quantity,
            order.ref, nextCancelClOrd++, order.clOrdNum);
    }

    /** Leans on the book size: more aggressive orders when it has grown past its target, fewer when it has shrunk. */
    private double aggressiveProbability()
    {
        final double drift = (book.activeCount() - TARGET_RESTING) / (double)TARGET_RESTING;
        return Math.max(0.02, Math.min(0.9, 0.25 + drift / 2));
    }

    /**
     * An aggressive order is priced 1..{@value #AGGRESSIVE_TICKS} ticks through the centre, so it takes every
     * opposite order up to there, at the makers' prices: when the centre has run away from the book (a swing, the
     * crash) it sweeps the levels left behind. A passive order never crosses: it rests behind the centre or behind
     * the opposite best, whichever is further back.
     */
    private long price(final byte side, final boolean aggressive)
    {
        final long price;
        if (aggressive)
        {
            final long through = 1 + random.nextInt(AGGRESSIVE_TICKS);
            price = side == OrderFlow.BUY ? centre + through : centre - through;
        }
        else if (side == OrderFlow.BUY)
        {
            final long ask = book.bestAsk();
            price = (ask > 0 ? Math.min(centre, ask) : centre) - 1 - depth();
        }
        else
        {
            final long bid = book.bestBid();
            price = (bid > 0 ? Math.max(centre, bid) : centre) + 1 + depth();
        }
        return Math.max(1, Math.min(MAX_PRICE_TICKS, price));
    }

    /** Ticks behind the centre, concentrated near it. */
    private long depth()
    {
        final double u = random.nextDouble();
        return (long)(u * u * DEPTH_TICKS);
    }

    private RegimeFlowStats stats()
    {
        return new RegimeFlowStats(messages, flow.size(), newOrders, iocOrders, cancels, lateCancels, modifies, fills,
            minPrice, maxPrice, minResting, messages == 0 ? 0 : restingSum / messages, maxResting);
    }
}
