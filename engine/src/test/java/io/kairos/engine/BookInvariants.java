package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

/** Checks a matcher's books for the invariants that must hold between commands. */
final class BookInvariants
{
    private BookInvariants()
    {
    }

    /** @param entrySequence order id → when it last joined the back of a level (from ADD / MODIFY_LOSE_PRIORITY) */
    static void check(final MatchingCore matcher, final Map<Long, Long> entrySequence, final String context)
    {
        long resting = 0;
        for (final OrderBook book : matcher.books)
        {
            if (book == null)
            {
                continue;
            }
            final PriceLevel bid = book.bids.best();
            final PriceLevel ask = book.asks.best();
            if (bid != null && ask != null)
            {
                assertTrue(bid.price < ask.price, context + ": book " + book.instrument.symbol() + " crossed at rest "
                    + bid.price + " >= " + ask.price);
            }
            resting += checkSide(book.bids, entrySequence, context);
            resting += checkSide(book.asks, entrySequence, context);
        }
        assertEquals(resting, matcher.restingOrders(), context + ": resting order count");
    }

    /**
     * The public (L3) view built from the book events alone shows each resting order at what the book shows of it
     * (an iceberg's current part), and nothing else.
     */
    static void checkPublished(final MatchingCore matcher, final Map<Long, Long> published, final String context)
    {
        long resting = 0;
        for (final OrderBook book : matcher.books)
        {
            if (book == null)
            {
                continue;
            }
            for (final BookSide side : new BookSide[] {book.bids, book.asks})
            {
                for (int i = 0; i < side.size(); i++)
                {
                    for (Order o = side.level(i).head; o != null; o = o.next)
                    {
                        assertEquals(Long.valueOf(o.shownQty), published.get(o.orderId),
                            context + ": the feed's quantity of order " + o.orderId);
                        resting++;
                    }
                }
            }
        }
        assertEquals(resting, published.size(), context + ": orders on the feed that are not on the book");
    }

    private static long checkSide(final BookSide side, final Map<Long, Long> entrySequence, final String context)
    {
        long orders = 0;
        for (int i = 0; i < side.size(); i++)
        {
            final PriceLevel level = side.level(i);
            if (i > 0)
            {
                assertTrue(side.isBetter(side.level(i - 1).price, level.price), context + ": levels out of order");
            }
            long total = 0;
            int count = 0;
            long lastEntry = Long.MIN_VALUE;
            for (Order o = level.head; o != null; o = o.next)
            {
                assertTrue(o.leavesQty > 0, context + ": empty order resting");
                assertEquals(o.price, level.price, context + ": order at the wrong level");
                assertEquals(o.orderQty, o.cumQty + o.leavesQty, context + ": order quantity not conserved");
                if (o.isIceberg())
                {
                    assertTrue(o.shownQty > 0 && o.shownQty <= Math.min(o.maxFloor, o.leavesQty),
                        context + ": iceberg " + o.orderId + " shows " + o.shownQty + " of " + o.leavesQty);
                }
                else
                {
                    assertEquals(o.leavesQty, o.shownQty, context + ": order " + o.orderId + " shows all of itself");
                }
                final long entry = entrySequence.getOrDefault(o.orderId, Long.MIN_VALUE);
                assertTrue(entry > lastEntry, context + ": FIFO broken at " + level.price + " for order " + o.orderId);
                lastEntry = entry;
                total += o.leavesQty;
                count++;
            }
            assertTrue(count > 0, context + ": empty level kept");
            assertEquals(total, level.totalQty, context + ": level total is not the sum of its orders");
            assertEquals(count, level.orderCount, context + ": level count");
            orders += count;
        }
        return orders;
    }
}
