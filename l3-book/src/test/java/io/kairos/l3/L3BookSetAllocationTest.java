package io.kairos.l3;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class L3BookSetAllocationTest
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private long sink;

    @Test
    void shouldNotAllocateWhenProcessingEventsOrIteratingSnapshotsAfterWarmUp()
    {
        final int instruments = 500;
        final L3EventStream stream = new L3EventStream(7, 200_000, instruments, true);
        final L3BookSet set = new L3BookSet(instruments, 16, 2);
        final LevelVisitor levelVisitor = (id, side, depth, price, quantity, orders) -> sink += quantity;
        final OrderVisitor orderVisitor = (id, side, depth, price, orderId, quantity) -> sink += orderId;
        for (int round = 0; round < 3; round++)
        {
            replay(stream, set, levelVisitor, orderVisitor);
            set.clear();
        }
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        final int events = replay(stream, set, levelVisitor, orderVisitor);
        final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertEquals(200_000, events);
        assertTrue(sink != 0);
        assertEquals(0, allocated, "bytes allocated for " + events + " events after warm-up");
    }

    private int replay(final L3EventStream stream, final L3BookSet set, final LevelVisitor levels,
        final OrderVisitor orders)
    {
        int events = 0;
        for (int i = 0; i < stream.size; i++)
        {
            stream.apply(i, set);
            events++;
            if ((i & 1023) == 0)
            {
                final L3Book book = set.book(stream.instrument[i]);
                if (book != null)
                {
                    book.forEachLevel(Sides.BID, 10, levels);
                    book.forEachOrder(Sides.ASK, 10, orders);
                }
            }
        }
        return events;
    }
}
