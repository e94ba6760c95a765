package io.kairos.l3;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class L3BookSetTest
{
    private static final int INSTRUMENT = 7;

    private final L3BookSet books = new L3BookSet(100, 1_000, 8);

    @Test
    void shouldRefuseAnEventThatWouldOverflowALevelTotalAndLeaveTheBookUntouched()
    {
        final long big = Long.MAX_VALUE / 2 + 1;
        assertEquals(L3Result.OK, books.add(1, 1, Sides.ASK, 100, big));
        assertEquals(L3Result.LEVEL_QUANTITY_OVERFLOW, books.add(1, 2, Sides.ASK, 100, big));
        assertEquals(L3Result.OK, books.add(1, 3, Sides.ASK, 101, big));
        assertEquals(L3Result.LEVEL_QUANTITY_OVERFLOW, books.modifyLosePriority(3, 100, big));
        assertEquals(L3Result.OK, books.add(1, 4, Sides.ASK, 100, 5));
        assertEquals(L3Result.LEVEL_QUANTITY_OVERFLOW, books.modifyKeepPriority(4, big));
        final L3Book book = books.book(1);
        assertEquals(big + 5, book.quantity(Sides.ASK, 0), "no level ever negative");
        assertEquals(big, book.quantity(Sides.ASK, 1));
        assertEquals(3, books.orderCount());
        assertEquals(L3Result.OK, books.modifyKeepPriority(4, 1), "a reduction is always fine");
        assertEquals("LEVEL_QUANTITY_OVERFLOW", L3Result.name(L3Result.LEVEL_QUANTITY_OVERFLOW));
    }

    @Test
    void shouldAggregateOrdersIntoLevelsBestFirst()
    {
        books.add(INSTRUMENT, 1, Sides.BID, 100, 10);
        books.add(INSTRUMENT, 2, Sides.BID, 101, 5);
        books.add(INSTRUMENT, 3, Sides.BID, 100, 7);
        books.add(INSTRUMENT, 4, Sides.ASK, 103, 1);
        books.add(INSTRUMENT, 5, Sides.ASK, 102, 2);
        final L3Book book = books.book(INSTRUMENT);
        assertEquals(2, book.levelCount(Sides.BID));
        assertEquals(101, book.price(Sides.BID, 0));
        assertEquals(100, book.price(Sides.BID, 1));
        assertEquals(17, book.quantity(Sides.BID, 1));
        assertEquals(2, book.orderCount(Sides.BID, 1));
        assertEquals(102, book.price(Sides.ASK, 0));
        assertEquals(103, book.price(Sides.ASK, 1));
        assertEquals(L3Book.NO_PRICE, book.price(Sides.ASK, 2));
        assertEquals(5, book.orderCount());
    }

    @Test
    void shouldKeepPriorityWhenQuantityIsReduced()
    {
        books.add(INSTRUMENT, 1, Sides.BID, 100, 10);
        books.add(INSTRUMENT, 2, Sides.BID, 100, 10);
        assertEquals(L3Result.OK, books.modifyKeepPriority(1, 4));
        assertEquals(List.of(1L, 2L), orderIds(Sides.BID));
        assertEquals(14, books.book(INSTRUMENT).quantityAt(Sides.BID, 100));
    }

    @Test
    void shouldMoveOrderToBackOfLevelWhenItLosesPriority()
    {
        books.add(INSTRUMENT, 1, Sides.ASK, 100, 10);
        books.add(INSTRUMENT, 2, Sides.ASK, 100, 10);
        books.add(INSTRUMENT, 3, Sides.ASK, 101, 10);
        assertEquals(L3Result.OK, books.modifyLosePriority(1, 100, 12));
        assertEquals(List.of(2L, 1L, 3L), orderIds(Sides.ASK));
        assertEquals(L3Result.OK, books.modifyLosePriority(2, 101, 3));
        assertEquals(List.of(1L, 3L, 2L), orderIds(Sides.ASK));
        assertEquals(13, books.book(INSTRUMENT).quantityAt(Sides.ASK, 101));
        assertEquals(1, books.book(INSTRUMENT).levelCount(Sides.ASK) - 1);
    }

    @Test
    void shouldRemoveOrderAndEmptyLevelWhenExecutedInFull()
    {
        books.add(INSTRUMENT, 1, Sides.BID, 100, 10);
        assertEquals(L3Result.OK, books.execute(1, 4, 6));
        assertEquals(6, books.orderQuantity(1));
        assertEquals(L3Result.OK, books.execute(1, 6, 0));
        assertEquals(L3BookSet.UNKNOWN, books.orderQuantity(1));
        assertEquals(0, books.book(INSTRUMENT).levelCount(Sides.BID));
        assertEquals(0, books.orderCount());
    }

    @Test
    void shouldRejectBadEventsWithoutChangingTheBook()
    {
        books.add(INSTRUMENT, 1, Sides.BID, 100, 10);
        assertEquals(L3Result.DUPLICATE_ORDER, books.add(INSTRUMENT, 1, Sides.ASK, 100, 10));
        assertEquals(L3Result.INVALID_QUANTITY, books.add(INSTRUMENT, 2, Sides.ASK, 100, -1));
        assertEquals(L3Result.INVALID_SIDE, books.add(INSTRUMENT, 2, 9, 100, 1));
        assertEquals(L3Result.UNKNOWN_INSTRUMENT, books.add(101, 2, Sides.BID, 100, 1));
        assertEquals(L3Result.UNKNOWN_ORDER, books.delete(2));
        assertEquals(L3Result.UNKNOWN_ORDER, books.modifyKeepPriority(2, 5));
        assertEquals(L3Result.INVALID_QUANTITY, books.modifyKeepPriority(1, 0));
        assertEquals(L3Result.UNKNOWN_ORDER, books.modifyLosePriority(2, 100, 5));
        assertEquals(L3Result.QUANTITY_MISMATCH, books.execute(1, 5, 6));
        assertEquals(L3Result.INVALID_QUANTITY, books.execute(1, 0, 10));
        assertEquals(10, books.book(INSTRUMENT).quantity(Sides.BID, 0));
        assertEquals(1, books.orderCount());
        assertNull(books.book(101 - 1));
    }

    @Test
    void shouldVisitTopNLevelsAndTheirOrdersOnly()
    {
        for (int i = 0; i < 5; i++)
        {
            books.add(INSTRUMENT, 10 + i, Sides.ASK, 100 + i, 1 + i);
            books.add(INSTRUMENT, 20 + i, Sides.ASK, 100 + i, 1);
        }
        final List<Long> prices = new ArrayList<>();
        assertEquals(3, books.book(INSTRUMENT).forEachLevel(Sides.ASK, 3, (id, s, d, p, q, n) -> prices.add(p)));
        assertEquals(List.of(100L, 101L, 102L), prices);
        final List<Long> ids = new ArrayList<>();
        assertEquals(4, books.book(INSTRUMENT).forEachOrder(Sides.ASK, 2, (id, s, d, p, o, q) -> ids.add(o)));
        assertEquals(List.of(10L, 20L, 11L, 21L), ids);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 42, 20261122})
    void shouldMatchTheReferenceModelEventByEvent(final long seed)
    {
        final int instruments = 12;
        final L3EventStream stream = new L3EventStream(seed, 25_000, instruments, true);
        final L3BookSet set = new L3BookSet(instruments, 16, 2);
        final ReferenceBook reference = new ReferenceBook(instruments);
        for (int i = 0; i < stream.size; i++)
        {
            final ReferenceBook.Order before = reference.orders().get(stream.orderId[i]);
            final int expected = stream.apply(i, reference);
            final int actual = stream.apply(i, set);
            assertEquals(L3Result.name(expected), L3Result.name(actual), "result of event " + i + " (seed " + seed
                + ")");
            final int touched = stream.type[i] == L3EventStream.ADD ? stream.instrument[i] : before == null ? -1
                : before.instrumentId();
            if (touched >= 0 && set.book(touched) != null)
            {
                assertSameBook(reference, set, touched, "after event " + i + " (seed " + seed + ")");
            }
        }
        for (int instrument = 0; instrument < instruments; instrument++)
        {
            if (set.book(instrument) != null)
            {
                assertSameBook(reference, set, instrument, "at end (seed " + seed + ")");
            }
        }
        assertEquals(reference.orders().size(), set.orderCount());
    }

    @Test
    void shouldKeepEveryLevelEqualToTheSumOfItsOrders()
    {
        final L3EventStream stream = new L3EventStream(99, 30_000, 5, true);
        final L3BookSet set = new L3BookSet(5, 16, 2);
        for (int i = 0; i < stream.size; i++)
        {
            stream.apply(i, set);
            if (i % 97 == 0)
            {
                for (int instrument = 0; instrument < 5; instrument++)
                {
                    assertLevelsAreSumsOfOrders(set.book(instrument));
                }
            }
        }
    }

    private static void assertLevelsAreSumsOfOrders(final L3Book book)
    {
        if (book == null)
        {
            return;
        }
        for (int side = Sides.BID; side <= Sides.ASK; side++)
        {
            final long[] sums = new long[book.levelCount(side)];
            final int[] counts = new int[book.levelCount(side)];
            book.forEachOrder(side, Integer.MAX_VALUE, (id, s, depth, price, orderId, quantity) ->
            {
                sums[depth] += quantity;
                counts[depth]++;
            });
            for (int depth = 0; depth < sums.length; depth++)
            {
                assertEquals(sums[depth], book.quantity(side, depth), "level quantity at depth " + depth);
                assertEquals(counts[depth], book.orderCount(side, depth), "order count at depth " + depth);
            }
        }
    }

    private static void assertSameBook(final ReferenceBook reference, final L3BookSet set, final int instrument,
        final String when)
    {
        for (int side = Sides.BID; side <= Sides.ASK; side++)
        {
            final TreeMap<Long, LinkedHashMap<Long, Long>> expectedLevels = reference.side(instrument, side);
            final List<String> expected = new ArrayList<>();
            final List<String> expectedOrders = new ArrayList<>();
            for (final Map.Entry<Long, LinkedHashMap<Long, Long>> level : expectedLevels.entrySet())
            {
                final long sum = level.getValue().values().stream().mapToLong(Long::longValue).sum();
                expected.add(level.getKey() + "x" + sum + "/" + level.getValue().size());
                level.getValue().forEach((id, q) -> expectedOrders.add(level.getKey() + ":" + id + "x" + q));
            }
            final List<String> actual = new ArrayList<>();
            final List<String> actualOrders = new ArrayList<>();
            final L3Book book = set.book(instrument);
            book.forEachLevel(side, Integer.MAX_VALUE, (id, s, d, p, q, n) -> actual.add(p + "x" + q + "/" + n));
            book.forEachOrder(side, Integer.MAX_VALUE, (id, s, d, p, o, q) -> actualOrders.add(p + ":" + o + "x" + q));
            assertEquals(expected, actual, "levels of side " + side + " of instrument " + instrument + " " + when);
            assertEquals(expectedOrders, actualOrders, "orders of side " + side + " of instrument " + instrument + " "
                + when);
        }
    }

    private List<Long> orderIds(final int side)
    {
        final List<Long> ids = new ArrayList<>();
        books.book(INSTRUMENT).forEachOrder(side, Integer.MAX_VALUE, (id, s, d, p, o, q) -> ids.add(o));
        return ids;
    }
}
