package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ClOrdIdIndexTest
{
    private static final int PARTITION = 3;
    private static final int SLOTS = 16;
    private static final int SESSION = 7;

    private final OrderIdIndex ordersById = new OrderIdIndex(64);
    private final ClOrdIdIndex index = new ClOrdIdIndex(SLOTS, ordersById, PARTITION);

    @Test
    void shouldFindAnOrderByItsSessionAndClOrdIdOnly()
    {
        final Order order = indexed(1, SESSION, "abc");
        assertSame(order, find(SESSION, "abc"));
        assertNull(find(SESSION + 1, "abc"), "another session's ClOrdID");
        assertNull(find(SESSION, "abd"));
        assertNull(find(SESSION, ""));
    }

    @Test
    void shouldConfirmEveryFingerprintMatchAgainstTheOrderItself()
    {
        final Order first = indexed(1, SESSION, "first");
        final Order second = order(2, SESSION, "second");
        second.clOrdKey = first.clOrdKey; // the same key, hence the same fingerprint and home: as a hash collision
        ordersById.put(second);
        index.add(second);

        assertSame(first, index.find(SESSION, first.clOrdId, first.clOrdKey));
        assertSame(second, index.find(SESSION, second.clOrdId, first.clOrdKey));
        assertNull(index.find(SESSION + 1, second.clOrdId, first.clOrdKey), "same key, other session");
    }

    @Test
    void shouldFindNothingThroughAnEntryWhoseOrderIsNoLongerIndexedById()
    {
        final Order evicted = indexed(1, SESSION, "reused");
        ordersById.remove(evicted); // the entry stays (lazily dead): its handle resolves to nothing

        assertNull(find(SESSION, "reused"));
        final Order reuse = indexed(2, SESSION, "reused");
        assertSame(reuse, find(SESSION, "reused"), "the ClOrdID taken again by a newer order");
    }

    @Test
    void shouldMatchNothingThroughAnEntryAwaitingRemovalAndRemoveItWithItsBatch()
    {
        final List<Order> evicted = new ArrayList<>();
        for (int i = 1; i <= ClOrdIdIndex.REMOVAL_BATCH; i++)
        {
            evicted.add(indexed(i, SESSION, "evicted-" + i));
        }
        final Order first = evicted.get(0);
        ordersById.remove(first);
        index.removeUnresolvable(first);
        assertEquals(ClOrdIdIndex.REMOVAL_BATCH, index.size(), "still in the table, awaiting its batch");
        assertNull(find(SESSION, "evicted-1"));
        final Order reuse = indexed(100, SESSION, "evicted-1");
        assertSame(reuse, find(SESSION, "evicted-1"), "its ClOrdID taken again meanwhile");

        for (final Order order : evicted.subList(1, evicted.size()))
        {
            ordersById.remove(order);
            index.removeUnresolvable(order);
        }
        assertEquals(1, index.size(), "the batch ran: only the reuse is left");
        assertSame(reuse, find(SESSION, "evicted-1"));
        assertNull(find(SESSION, "evicted-2"));
    }

    @Test
    void shouldNotResolveAHandleToTheNewerOrderThatTookItsIdRingSlot()
    {
        final Order old = indexed(1, SESSION, "old");
        ordersById.remove(old);
        indexed(1 + 64, SESSION, "new"); // same ring slot in ordersById, other sequence

        assertNull(find(SESSION, "old"));
    }

    @Test
    void shouldKeepEveryOtherEntryOfARunFindableWhenOneIsRemoved()
    {
        final List<Order> run = new ArrayList<>();
        for (final String clOrdId : clOrdIdsWithHome(5, 4))
        {
            run.add(indexed(run.size() + 1, SESSION, clOrdId));
        }
        for (final String clOrdId : clOrdIdsWithHome(6, 2)) // homes inside the run: they sit behind it
        {
            run.add(indexed(run.size() + 1, SESSION, clOrdId));
        }

        for (int removed = 0; removed < run.size(); removed++)
        {
            index.remove(run.get(removed));
            ordersById.remove(run.get(removed));
            for (int i = 0; i < run.size(); i++)
            {
                final Order order = run.get(i);
                assertSame(i > removed ? order : null, index.find(SESSION, order.clOrdId, order.clOrdKey),
                    "order " + i + " after removing " + removed);
            }
            assertEquals(run.size() - removed - 1, index.size());
        }
    }

    @Test
    void shouldProbeAndShiftBackAcrossTheEndOfTheTable()
    {
        final List<Order> run = new ArrayList<>();
        for (final String clOrdId : clOrdIdsWithHome(SLOTS - 1, 3)) // the last slot, then slots 0 and 1
        {
            run.add(indexed(run.size() + 1, SESSION, clOrdId));
        }
        final Order atZero = indexed(10, SESSION, clOrdIdsWithHome(0, 1).get(0)); // pushed to slot 2
        for (final Order order : run)
        {
            assertSame(order, index.find(SESSION, order.clOrdId, order.clOrdKey));
        }
        assertSame(atZero, find(SESSION, atZero.clOrdId.toString()));

        index.remove(run.get(0));
        index.remove(run.get(1));
        assertSame(run.get(2), index.find(SESSION, run.get(2).clOrdId, run.get(2).clOrdKey));
        assertSame(atZero, find(SESSION, atZero.clOrdId.toString()), "shifted back over the wrap");
        assertNull(index.find(SESSION, run.get(0).clOrdId, run.get(0).clOrdKey));
    }

    @Test
    void shouldRemoveOnlyTheEntryOfTheGivenOrder()
    {
        final Order live = indexed(1, SESSION, "same");
        final Order other = order(2, SESSION + 1, "same");
        other.clOrdKey = live.clOrdKey; // same key and fingerprint: only the handle tells the entries apart
        ordersById.put(other);
        index.add(other);

        index.remove(other);
        assertSame(live, find(SESSION, "same"));
        assertEquals(1, index.size());
        index.remove(other);
        assertEquals(1, index.size(), "removing an order without an entry changes nothing");
    }

    @Test
    void shouldFindAnOrderThatRestedWhileMoreThanTwoToThe32NewerOrdersArrived()
    {
        final long wrap = 1L << 32;
        final Order ancient = indexed(5, SESSION, "ancient");
        final Order sameHandle = indexed(5 + wrap, SESSION, "same-handle"); // ordersById moves the ancient one out
        final Order newest = indexed(9 + 2 * wrap, SESSION, "newest");

        assertSame(ancient, find(SESSION, "ancient"));
        assertSame(sameHandle, find(SESSION, "same-handle"));
        assertSame(newest, find(SESSION, "newest"));
    }

    @Test
    void shouldGrowPastItsLoadAndKeepEveryOrderFindable()
    {
        final List<Order> orders = new ArrayList<>();
        for (int i = 1; i <= 5 * SLOTS; i++)
        {
            orders.add(indexed(i, SESSION, "grow-" + i));
        }
        assertTrue(index.capacity() * ClOrdIdIndex.MAX_LOAD >= orders.size(), "capacity " + index.capacity());
        for (final Order order : orders)
        {
            assertSame(order, index.find(SESSION, order.clOrdId, order.clOrdKey));
        }
        for (final Order order : orders)
        {
            index.remove(order);
        }
        assertEquals(0, index.size());
        assertNull(find(SESSION, "grow-1"));
    }

    private Order find(final int session, final String clOrdId)
    {
        final AsciiId id = new AsciiId();
        id.set(clOrdId);
        return index.find(session, id, id.hash64(session));
    }

    private Order indexed(final long sequence, final int session, final String clOrdId)
    {
        final Order order = order(sequence, session, clOrdId);
        ordersById.put(order);
        index.add(order);
        return order;
    }

    private static Order order(final long sequence, final int session, final String clOrdId)
    {
        final Order order = new Order();
        order.orderId = sequence << MatchingCore.ID_PARTITION_BITS | PARTITION;
        order.sessionId = session;
        order.clOrdId.set(clOrdId);
        order.clOrdKey = order.clOrdId.hash64(session);
        return order;
    }

    /** {@code count} ClOrdIDs of {@link #SESSION} whose home in this index is {@code home}. */
    private List<String> clOrdIdsWithHome(final int home, final int count)
    {
        final List<String> found = new ArrayList<>();
        final AsciiId id = new AsciiId();
        for (int i = 0; found.size() < count; i++)
        {
            id.set("h" + home + "-" + i);
            if (index.home(ClOrdIdIndex.fingerprint(id.hash64(SESSION))) == home)
            {
                found.add(id.toString());
            }
        }
        return found;
    }
}
