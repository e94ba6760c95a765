package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class OrderIdIndexTest
{
    private static final int CAPACITY = 16;
    private final OrderIdIndex index = new OrderIdIndex(CAPACITY);

    @Test
    void shouldKeepFindingAnOrderThatRestsLongerThanTheRing()
    {
        final Order old = order(1, 3);
        index.put(old);
        Order newest = null;
        for (long seq = 2; seq <= 3 * CAPACITY; seq++)
        {
            if (newest != null)
            {
                index.remove(newest);
            }
            newest = order(seq, 3);
            index.put(newest);
        }
        assertSame(old, index.get(old.orderId));
        assertSame(newest, index.get(newest.orderId));
        assertEquals(1, index.overflowSize(), "moved out of the ring once its slot was needed");

        index.remove(old);
        assertNull(index.get(old.orderId));
        assertEquals(0, index.overflowSize());
    }

    @Test
    void shouldRemoveOnlyTheOrderIndexedUnderTheId()
    {
        final Order live = order(5, 0);
        final Order retainedCopy = order(5, 0);
        index.put(live);
        index.put(retainedCopy);
        index.remove(live);
        assertSame(retainedCopy, index.get(live.orderId), "the copy replaced the live order");
        index.remove(retainedCopy);
        assertNull(index.get(live.orderId));
    }

    @Test
    void shouldReplaceAnOrderWhereverItIsIndexed()
    {
        final Order inRing = order(3, 0);
        final Order old = order(4, 0);
        index.put(inRing);
        index.put(old);
        index.put(order(4 + CAPACITY, 0)); // takes old's slot: old moves to the overflow
        final Order ringCopy = order(3, 0);
        final Order overflowCopy = order(4, 0);
        index.replace(inRing, ringCopy);
        index.replace(old, overflowCopy);
        assertSame(ringCopy, index.get(inRing.orderId));
        assertSame(overflowCopy, index.get(old.orderId));
        assertEquals(1, index.overflowSize());
    }

    @Test
    void shouldNotConfuseIdsOfAnotherPartitionOrSequence()
    {
        index.put(order(7, 1));
        assertNull(index.get(id(7, 2)), "same slot, other partition");
        assertNull(index.get(id(7 + CAPACITY, 1)), "same slot, one ring later");
        assertNull(index.get(0));
        assertNull(index.get(-1));
    }

    private static long id(final long seq, final int partition)
    {
        return seq << MatchingCore.ID_PARTITION_BITS | partition;
    }

    private static Order order(final long seq, final int partition)
    {
        final Order order = new Order();
        order.orderId = id(seq, partition);
        return order;
    }
}
