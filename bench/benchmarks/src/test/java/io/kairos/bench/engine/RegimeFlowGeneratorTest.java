package io.kairos.bench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.kairos.bench.harness.OrderFlow;

class RegimeFlowGeneratorTest
{
    private static final int ORDERS = 60_000;
    private static final long SEED = 42;
    private static final long START = RegimeFlowGenerator.START_TICKS;
    /** How far a price can sit from the centre: passive depth or aggressive reach, plus rounding. */
    private static final long REACH = RegimeFlowGenerator.DEPTH_TICKS + RegimeFlowGenerator.AGGRESSIVE_TICKS + 2;

    @ParameterizedTest
    @EnumSource(Regime.class)
    void shouldWriteTheSameFlowForTheSameSeed(final Regime regime)
    {
        final OrderFlow a = RegimeFlowGenerator.generate(regime, SEED, 5_000).flow();
        final OrderFlow b = RegimeFlowGenerator.generate(regime, SEED, 5_000).flow();
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++)
        {
            assertEquals(describe(a, i), describe(b, i), "command " + i);
        }
        final OrderFlow other = RegimeFlowGenerator.generate(regime, SEED + 1, 5_000).flow();
        assertFalse(other.size() == a.size() && sameCommands(a, other), "another seed gives another flow");
    }

    @ParameterizedTest
    @EnumSource(Regime.class)
    void shouldKeepTheMessageMixWithinBounds(final Regime regime)
    {
        final RegimeFlowGenerator.GeneratedFlow generated = RegimeFlowGenerator.generate(regime, SEED, ORDERS);
        final RegimeFlowStats stats = generated.stats();
        final OrderFlow flow = generated.flow();
        assertEquals(ORDERS, stats.newOrders());
        assertEquals(stats.messages(), flow.messages());
        assertEquals(stats.newOrders() + stats.cancels() + stats.modifies(), stats.messages());
        assertEquals(stats.messages() + stats.modifies(), flow.size(), "a modify is two commands");
        assertEquals(60, stats.percentOfMessages(stats.newOrders()), 1.5);
        assertEquals(25, stats.percentOfMessages(stats.cancels()), 1.5);
        assertEquals(15, stats.percentOfMessages(stats.modifies()), 1.5);
        assertEquals(15, 100.0 * stats.iocOrders() / stats.newOrders(), 1.0);
        assertEquals(5, 100.0 * stats.lateCancels() / stats.cancels(), 1.5);
        assertTrue(stats.fills() > stats.newOrders() / 4, "orders trade: " + stats.fills());
        final int target = RegimeFlowGenerator.TARGET_RESTING;
        assertTrue(stats.meanResting() > target / 2 && stats.maxResting() < 2 * target,
            "the book keeps about its target size: " + stats.describe());
    }

    @Test
    void shouldWriteAModifyAsACancelThenAReinsertOfTheSameUserAndSideUnderANewRef()
    {
        final OrderFlow flow = RegimeFlowGenerator.generate(Regime.NORMAL, SEED, 20_000).flow();
        int reinserts = 0;
        long lastInsertRef = 0;
        for (int i = 0; i < flow.size(); i++)
        {
            if (flow.kind(i) == OrderFlow.INSERT)
            {
                assertEquals(lastInsertRef + 1, flow.orderRef(i), "refs count inserts from 1");
                lastInsertRef = flow.orderRef(i);
            }
            if (flow.isReinsert(i))
            {
                reinserts++;
                assertEquals(OrderFlow.INSERT, flow.kind(i));
                assertEquals(OrderFlow.GTC, flow.timeInForce(i));
                assertEquals(OrderFlow.CANCEL, flow.kind(i - 1));
                assertEquals(flow.user(i - 1), flow.user(i));
                assertEquals(flow.side(i - 1), flow.side(i));
                assertTrue(flow.orderRef(i) > flow.orderRef(i - 1));
            }
        }
        assertTrue(reinserts > 0);
    }

    @Test
    void shouldKeepTheStaticBookAroundItsStartPrice()
    {
        final PriceRange all = prices(RegimeFlowGenerator.generate(Regime.STATIC, SEED, ORDERS).flow(), 0, 1);
        assertTrue(all.min >= START - REACH && all.max <= START + REACH, all.toString());
    }

    @Test
    void shouldDriftNormallyWithinFivePercent()
    {
        final OrderFlow flow = RegimeFlowGenerator.generate(Regime.NORMAL, SEED, ORDERS).flow();
        final PriceRange all = prices(flow, 0, 1);
        assertTrue(all.min >= START * 95 / 100 - REACH && all.max <= START * 105 / 100 + REACH, all.toString());
        assertTrue(all.max - all.min > 2 * REACH, "the centre moved: " + all);
    }

    @Test
    void shouldSwingTwentyFivePercentBothWays()
    {
        assertSwing(Regime.SWING_25, 0.25);
    }

    @Test
    void shouldSwingFortyPercentBothWays()
    {
        assertSwing(Regime.SWING_40, 0.40);
    }

    @Test
    void shouldCrashTensOfThousandsOfTicksThenReboundPartly()
    {
        final OrderFlow flow = RegimeFlowGenerator.generate(Regime.CRASH, SEED, ORDERS).flow();
        final PriceRange before = prices(flow, 0, Regime.CRASH_START - 0.01);
        assertTrue(before.min >= START - REACH && before.max <= START + REACH, "flat before the crash: " + before);
        final PriceRange bottom = prices(flow, Regime.CRASH_END, Regime.CRASH_END + 0.01);
        assertTrue(bottom.min <= START * (1 - Regime.CRASH_DEPTH) + REACH, "down 45 % at the bottom: " + bottom);
        final long crashTicks = before.min - bottom.min;
        assertTrue(crashTicks >= 40_000, "the crash spans tens of thousands of ticks: " + crashTicks);
        final PriceRange end = prices(flow, 0.99, 1);
        // aggressive buys reach the centre; passive bids rest behind asks the rising centre left behind, so they lag
        assertEquals(START * (1 - Regime.REBOUND_DEPTH), end.max, REACH, "rebound to -25 %: " + end);
        assertTrue(end.min > START * (1 - Regime.REBOUND_DEPTH - 0.05), "rebound to -25 %: " + end);
    }

    private static void assertSwing(final Regime regime, final double amplitude)
    {
        final PriceRange all = prices(RegimeFlowGenerator.generate(regime, SEED, ORDERS).flow(), 0, 1);
        final long swing = Math.round(START * amplitude);
        assertEquals(START + swing, all.max, REACH, "up " + amplitude + ": " + all);
        assertEquals(START - swing, all.min, REACH, "down " + amplitude + ": " + all);
    }

    /** Insert prices between two points of the flow's progress (share of its new orders). */
    private static PriceRange prices(final OrderFlow flow, final double fromProgress, final double toProgress)
    {
        int newOrders = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < flow.size(); i++)
        {
            if (flow.kind(i) != OrderFlow.INSERT || flow.isReinsert(i))
            {
                continue;
            }
            final double progress = (double)newOrders++ / ORDERS;
            if (progress >= fromProgress && progress <= toProgress)
            {
                min = Math.min(min, flow.priceTicks(i));
                max = Math.max(max, flow.priceTicks(i));
            }
        }
        return new PriceRange(min, max);
    }

    private record PriceRange(long min, long max)
    {
    }

    private static boolean sameCommands(final OrderFlow a, final OrderFlow b)
    {
        for (int i = 0; i < a.size(); i++)
        {
            if (!describe(a, i).equals(describe(b, i)))
            {
                return false;
            }
        }
        return true;
    }

    private static String describe(final OrderFlow f, final int i)
    {
        return f.kind(i) + " " + f.side(i) + " " + f.timeInForce(i) + " " + f.isReinsert(i) + " " + f.user(i) + " "
            + f.book(i) + " " + f.priceTicks(i) + " " + f.quantityLots(i) + " " + f.orderRef(i) + " " + f.clOrdNum(i)
            + " " + f.origClOrdNum(i);
    }
}
