package io.kairos.l3;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OrderTableTest
{
    private static final int LEVELS = 5;

    private final LevelNodes levels = new LevelNodes(16);
    private final OrderTable table = new OrderTable(4, levels);
    private final int[] level = new int[LEVELS];
    private final List<List<Long>> reference = new ArrayList<>();

    OrderTableTest()
    {
        for (int i = 0; i < LEVELS; i++)
        {
            level[i] = levels.allocate(Sides.BID, 0, 100 + i);
            reference.add(new ArrayList<>());
        }
    }

    @Test
    void shouldKeepEveryFifoIntactWhileDeletionsShiftEntriesAndGrowthRehashesThem()
    {
        final Random random = new Random(20261122);
        long nextId = 0;
        for (int step = 0; step < 40_000; step++)
        {
            final int l = random.nextInt(LEVELS);
            final List<Long> fifo = reference.get(l);
            if (fifo.isEmpty() || random.nextInt(100) < (step < 20_000 ? 60 : 40))
            {
                final long id = random.nextInt(4) == 0 ? nextId++ << 32 : nextId++;
                append(l, id);
                fifo.add(id);
            }
            else
            {
                final long id = fifo.remove(random.nextInt(fifo.size()));
                delete(id);
            }
            if (step % 97 == 0)
            {
                assertSameLists(step);
            }
        }
        assertSameLists(-1);
        assertTrue(table.capacity() > 16, "grew");
    }

    @Test
    void shouldTellAFreeSlotFromAPresentOrder()
    {
        final int free = table.findOrFree(Long.MIN_VALUE);
        assertTrue(free < 0);
        table.insert(-free - 1, Long.MIN_VALUE, 5);
        assertEquals(-free - 1, table.findOrFree(Long.MIN_VALUE));
        assertEquals(-free - 1, table.find(Long.MIN_VALUE));
        assertEquals(5, table.quantity(-free - 1));
        assertEquals(OrderTable.NONE, table.find(0));
    }

    private void append(final int l, final long id)
    {
        append(table, l, id);
    }

    private void append(final OrderTable table, final int l, final long id)
    {
        final int free = table.findOrFree(id);
        assertTrue(free < 0, "new id " + id);
        final int slot = -free - 1;
        table.insert(slot, id, 1 + (id & 7));
        final int tail = levels.tail(level[l]);
        table.level(slot, level[l]);
        table.links(slot, tail, OrderTable.NONE);
        if (tail == OrderTable.NONE)
        {
            levels.head(level[l], slot);
        }
        else
        {
            table.next(tail, slot);
        }
        levels.tail(level[l], slot);
    }

    private void delete(final long id)
    {
        delete(table, id);
    }

    private void delete(final OrderTable table, final long id)
    {
        final int slot = table.find(id);
        assertTrue(slot >= 0, "present " + id);
        final int lvl = table.level(slot);
        final int prev = table.prev(slot);
        final int next = table.next(slot);
        if (prev == OrderTable.NONE)
        {
            levels.head(lvl, next);
        }
        else
        {
            table.next(prev, next);
        }
        if (next == OrderTable.NONE)
        {
            levels.tail(lvl, prev);
        }
        else
        {
            table.prev(next, prev);
        }
        table.remove(slot);
        assertEquals(OrderTable.NONE, table.find(id));
    }

    /** How venues number orders: each source yields distinct ids in issue order. */
    enum IdPattern
    {
        /** One counter for the feed (ITCH order reference numbers). */
        SEQUENTIAL
        {
            LongSupplier source(final Random random)
            {
                final long[] n = {0};
                return () -> ++n[0];
            }
        },
        /** Kairos engine ids, {@code (sequence << 8) | partition}, two partitions taking turns at random. */
        KAIROS
        {
            LongSupplier source(final Random random)
            {
                final long[] sequence = new long[2];
                return () ->
                {
                    final int partition = random.nextInt(2);
                    return ++sequence[partition] << 8 | partition;
                };
            }
        },
        /** A counter with gaps, as when a feed numbers messages other than resting orders too. */
        SEQUENTIAL_WITH_GAPS
        {
            LongSupplier source(final Random random)
            {
                final long[] n = {0};
                return () -> n[0] += 1 + random.nextInt(3);
            }
        },
        /** Ids with no pattern at all (a random-looking bijection of a counter). */
        SCRAMBLED
        {
            LongSupplier source(final Random random)
            {
                final long[] n = {0};
                return () ->
                {
                    final long z = (++n[0] ^ (n[0] >>> 33)) * 0xFF51_AFD7_ED55_8CCDL;
                    return z ^ (z >>> 29);
                };
            }
        };

        abstract LongSupplier source(Random random);
    }

    @ParameterizedTest
    @EnumSource(IdPattern.class)
    void shouldFindOrdersInAboutAsFewProbesAsAUniformHashWouldWhateverTheVenuesIdPattern(final IdPattern pattern)
    {
        final int orders = 50_000;
        final OrderTable spread = new OrderTable(orders, levels);
        final Random random = new Random(11);
        final LongSupplier ids = pattern.source(random);
        final long[] live = new long[orders * 2];
        int count = 0;
        for (int step = 0; step < orders * 5; step++)
        {
            if (count < orders || (step & 1) == 0)
            {
                final long id = ids.getAsLong();
                append(spread, random.nextInt(LEVELS), id);
                live[count++] = id;
            }
            else
            {
                // most cancels hit recent orders, a fifth any resting order (as on real feeds)
                final int pick = random.nextInt(5) == 0 ? random.nextInt(count) : count - 1
                    - random.nextInt(Math.min(count, 2_000));
                delete(spread, live[pick]);
                live[pick] = live[--count];
            }
        }
        long probes = 0;
        for (int i = 0; i < count; i++)
        {
            probes += spread.probeLength(live[i]);
        }
        final double load = (double)spread.size() / spread.capacity();
        final double uniform = 0.5 * (1 + 1 / (1 - load));
        final double mean = (double)probes / count;
        System.out.printf("%s: load %.2f, mean probes %.3f (uniform hashing %.3f)%n", pattern, load, mean, uniform);
        assertTrue(mean <= uniform * 1.1, pattern + ": mean probes " + mean + " at load " + load + ", uniform hashing "
            + uniform);
    }

    private void assertSameLists(final int step)
    {
        int total = 0;
        for (int l = 0; l < LEVELS; l++)
        {
            final List<Long> actual = new ArrayList<>();
            int last = OrderTable.NONE;
            for (int slot = levels.head(level[l]); slot != OrderTable.NONE; slot = table.next(slot))
            {
                assertEquals(last, table.prev(slot), "back link at step " + step);
                assertEquals(level[l], table.level(slot));
                assertEquals(slot, table.find(table.orderId(slot)));
                assertEquals(1 + (table.orderId(slot) & 7), table.quantity(slot));
                actual.add(table.orderId(slot));
                last = slot;
            }
            assertEquals(last, levels.tail(level[l]), "tail at step " + step);
            assertEquals(reference.get(l), actual, "level " + l + " at step " + step);
            total += actual.size();
        }
        assertEquals(total, table.size());
    }
}
