package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.math.RoundingMode;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Quantities and prices anywhere up to the instrument's max-order-qty and max-notional never produce a negative or
 * wrong level total, a wrong AvgPx, or a fill-or-kill decision that disagrees with the book: every figure is checked
 * against the same sum computed with {@link BigInteger}.
 */
class OverflowPropertyTest
{
    private static final long TICK = Prices.parse("0.01");
    private static final long REFERENCE = Prices.parse("190");
    private static final long MAX_QTY = Instrument.MAX_ORDER_QTY_LIMIT;
    private static final long MAX_NOTIONAL = Instrument.MAX_NOTIONAL_LIMIT;
    /** No price band, so that prices up to max-notional / quantity are all accepted. */
    private static final Instrument BIG = new Instrument("BIG", 1, 0, TICK, 1, REFERENCE, 0, MAX_QTY, MAX_NOTIONAL);
    private static final int COMMANDS = 4_000;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void shouldKeepLevelsAvgPxAndFillOrKillExactUpToTheLimits(final long seed)
    {
        final Harness harness = new Harness();
        final SplittableRandom random = new SplittableRandom(seed);
        final EngineCommand command = new EngineCommand();
        for (int i = 0; i < COMMANDS; i++)
        {
            final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            final long quantity = random.nextInt(4) == 0 ? MAX_QTY : 1 + random.nextLong(MAX_QTY);
            final long price = price(random, quantity);
            final int kind = random.nextInt(10);
            final TimeInForce tif = kind < 6 ? TimeInForce.DAY : kind < 8 ? TimeInForce.IOC : TimeInForce.FOK;
            final OrderType type = random.nextInt(20) == 0 ? OrderType.MARKET : OrderType.LIMIT;
            final boolean fokShouldFill = tif == TimeInForce.FOK
                && harness.crossing(side, type, price).compareTo(BigInteger.valueOf(quantity)) >= 0;
            command.newOrder(1 + random.nextInt(3), "o" + i, BIG.id(), side, type, tif, type == OrderType.LIMIT ? price
                : 0, quantity);
            harness.matcher.apply(command);
            final String context = "seed " + seed + " command " + i + " " + side + " " + quantity + " @ " + price + " "
                + type + " " + tif;
            harness.checkLevels(context);
            if (tif == TimeInForce.FOK)
            {
                final ExecutionEvent last = harness.lastFor("o" + i);
                assertEquals(fokShouldFill ? quantity : 0, last.cumQty, context + ": FOK decision against the book");
            }
        }
        assertTrue(harness.fills > 100, "the stream traded: " + harness.fills);
    }

    @Test
    void shouldReportTheExactAvgPxOfASellWhoseValuePassesTwoToThe63()
    {
        final Harness harness = new Harness();
        final EngineCommand command = new EngineCommand();
        final long bidQty = 100_000_000L;
        final long bidPrice = Prices.parse("10000");
        for (int i = 0; i < 10; i++)
        {
            harness.matcher.apply(command.newOrder(1, "b" + i, BIG.id(), Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                bidPrice, bidQty));
        }
        harness.matcher.apply(command.newOrder(2, "sell", BIG.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY,
            TICK, MAX_QTY));
        final ExecutionEvent last = harness.lastFor("sell");
        assertEquals(MAX_QTY, last.cumQty);
        assertEquals(OrdStatus.FILLED, last.ordStatus);
        assertEquals(bidPrice, last.avgPx, "10^9 × 10,000.00 = 10^19 in fixed point, past 2^63");
    }

    @Test
    void shouldRejectAQuantityAboveMaxOrderQtyNamingTheLimit()
    {
        final Harness harness = new Harness();
        harness.matcher.apply(new EngineCommand().newOrder(1, "huge", BIG.id(), Side.SELL, OrderType.LIMIT,
            TimeInForce.DAY, REFERENCE, 999_999_999_999_999_999L));
        final ExecutionEvent reject = harness.lastFor("huge");
        assertEquals(OrdStatus.REJECTED, reject.ordStatus);
        assertEquals(RejectReason.QUANTITY_ABOVE_MAX, reject.rejectReason);
        assertTrue(reject.rejectReason.text().contains("max-order-qty"));
        assertEquals(0, harness.matcher.restingOrders());
    }

    @Test
    void shouldRejectAnOrderValueAboveMaxNotionalNamingTheLimit()
    {
        final Instrument capped = new Instrument("CAP", 1, 0, TICK, 1, REFERENCE, 0, MAX_QTY, Prices.parse("1000000"));
        final MatchingCore matcher = new MatchingCore(0, EngineConfig.defaults(List.of(capped)), () -> 1L);
        final EventRecorder events = new EventRecorder();
        matcher.listener(events);
        final EngineCommand command = new EngineCommand();
        matcher.apply(command.newOrder(1, "big", capped.id(), Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
            Prices.parse("190"), 10_000));
        matcher.apply(command.newOrder(1, "ok", capped.id(), Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
            Prices.parse("100"), 10_000));
        matcher.apply(command.newOrder(1, "market", capped.id(), Side.SELL, OrderType.MARKET, TimeInForce.IOC, 0,
            10_000));
        assertEquals(RejectReason.NOTIONAL_ABOVE_MAX, events.executions.get(0).rejectReason, "1,900,000 > 1,000,000");
        assertTrue(events.executions.get(0).rejectReason.text().contains("max-notional"));
        assertEquals(OrdStatus.NEW, events.executions.get(1).ordStatus, "exactly 1,000,000 is allowed");
        assertEquals(RejectReason.NOTIONAL_ABOVE_MAX, events.executions.get(2).rejectReason,
            "a market order is valued at the reference price: 10,000 × 190");
    }

    @Test
    void shouldRefuseLimitsOutsideTheirRangeNamingTheKey()
    {
        final IllegalArgumentException qty =
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> new Instrument("X", 1, 0, TICK, 1, REFERENCE, 0, MAX_QTY + 1, MAX_NOTIONAL));
        assertTrue(qty.getMessage().startsWith("instrument max-order-qty"), qty.getMessage());
        final IllegalArgumentException notional = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> new Instrument("X", 1, 0, TICK, 1, REFERENCE, 0, MAX_QTY, 0));
        assertTrue(notional.getMessage().startsWith("instrument max-notional"), notional.getMessage());
    }

    /** Mostly near the reference price, so orders cross; sometimes as high as max-notional allows. */
    private static long price(final SplittableRandom random, final long quantity)
    {
        final long highestTicks = MAX_NOTIONAL / quantity / TICK;
        if (random.nextInt(8) == 0)
        {
            return Math.max(1, highestTicks - random.nextLong(Math.min(5, highestTicks))) * TICK;
        }
        final long ticks = REFERENCE / TICK + random.nextInt(41) - 20;
        return Math.min(ticks, highestTicks) * TICK;
    }

    /** The matcher plus the reference arithmetic, in BigInteger. */
    private static final class Harness implements EngineEventListener
    {
        final MatchingCore matcher = new MatchingCore(0, EngineConfig.defaults(List.of(BIG)), () -> 1L);
        final Map<Long, BigInteger[]> fillsByOrder = new HashMap<>();
        final Map<String, ExecutionEvent> lastByClOrdId = new HashMap<>();
        long fills;

        Harness()
        {
            matcher.listener(this);
        }

        @Override
        public void onExecution(final ExecutionEvent e)
        {
            final ExecutionEvent copy = new ExecutionEvent();
            copy.copyFrom(e);
            lastByClOrdId.put(e.clOrdId.toString(), copy);
            if (e.execType == ExecType.TRADE)
            {
                fills++;
                final BigInteger[] sum =
                    fillsByOrder.computeIfAbsent(e.orderId, id -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO});
                sum[0] = sum[0].add(BigInteger.valueOf(e.lastQty).multiply(BigInteger.valueOf(e.lastPx)));
                sum[1] = sum[1].add(BigInteger.valueOf(e.lastQty));
                assertEquals(sum[1].longValueExact(), e.cumQty, "CumQty of order " + e.orderId);
                final long expected =
                    new BigDecimal(sum[0]).divide(new BigDecimal(sum[1]), 0, RoundingMode.HALF_UP).longValueExact();
                assertEquals(expected, e.avgPx, "AvgPx of order " + e.orderId + " after " + sum[1] + " filled");
            }
        }

        @Override
        public void onBookEvent(final BookEvent b)
        {
        }

        ExecutionEvent lastFor(final String clOrdId)
        {
            return lastByClOrdId.get(clOrdId);
        }

        /** Quantity resting on the other side at prices an order of this side, type and limit would trade with. */
        BigInteger crossing(final Side side, final OrderType type, final long limit)
        {
            final BookSide opposite = matcher.books[BIG.id()].side(side.opposite());
            BigInteger total = BigInteger.ZERO;
            for (int i = 0; i < opposite.size(); i++)
            {
                final PriceLevel level = opposite.level(i);
                if (MatchingRules.crosses(side, type, limit, level.price))
                {
                    for (Order o = level.head; o != null; o = o.next)
                    {
                        total = total.add(BigInteger.valueOf(o.leavesQty));
                    }
                }
            }
            return total;
        }

        void checkLevels(final String context)
        {
            final OrderBook book = matcher.books[BIG.id()];
            for (final BookSide side : new BookSide[] {book.bids, book.asks})
            {
                for (int i = 0; i < side.size(); i++)
                {
                    final PriceLevel level = side.level(i);
                    BigInteger total = BigInteger.ZERO;
                    for (Order o = level.head; o != null; o = o.next)
                    {
                        total = total.add(BigInteger.valueOf(o.leavesQty));
                    }
                    assertTrue(level.totalQty > 0, context + ": level total " + level.totalQty);
                    assertEquals(total, BigInteger.valueOf(level.totalQty), context + ": level total at "
                        + level.price);
                }
            }
        }
    }
}
