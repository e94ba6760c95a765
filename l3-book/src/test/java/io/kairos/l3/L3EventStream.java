package io.kairos.l3;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random L3 event streams stored in primitive arrays (so replaying them allocates nothing),
 * with a share of bad events: unknown ids, duplicate adds, non-positive and mismatched quantities.
 * Test-only, single-threaded.
 */
final class L3EventStream
{
    static final byte ADD = 0;
    static final byte MODIFY_KEEP = 1;
    static final byte MODIFY_LOSE = 2;
    static final byte DELETE = 3;
    static final byte EXECUTE = 4;

    final int size;
    final byte[] type;
    final int[] instrument;
    final long[] orderId;
    final int[] side;
    final long[] price;
    final long[] quantity;
    final long[] remaining;

    L3EventStream(final long seed, final int size, final int instruments, final boolean withBadEvents)
    {
        this.size = size;
        type = new byte[size];
        instrument = new int[size];
        orderId = new long[size];
        side = new int[size];
        price = new long[size];
        quantity = new long[size];
        remaining = new long[size];
        generate(new Random(seed), instruments, withBadEvents);
    }

    /** Applies event {@code i} to the book under test or to the reference. @return the result code */
    int apply(final int i, final L3EventSink books)
    {
        switch (type[i])
        {
            case ADD: return books.add(instrument[i], orderId[i], side[i], price[i], quantity[i]);
            case MODIFY_KEEP: return books.modifyKeepPriority(orderId[i], quantity[i]);
            case MODIFY_LOSE: return books.modifyLosePriority(orderId[i], price[i], quantity[i]);
            case DELETE: return books.delete(orderId[i]);
            default: return books.execute(orderId[i], quantity[i], remaining[i]);
        }
    }

    private void generate(final Random random, final int instruments, final boolean bad)
    {
        final List<long[]> live = new ArrayList<>();
        long nextId = 1_000;
        for (int i = 0; i < size; i++)
        {
            final int dice = random.nextInt(100);
            if (live.isEmpty() || dice < 40)
            {
                final long id = bad && random.nextInt(50) == 0 && !live.isEmpty()
                    ? live.get(random.nextInt(live.size()))[0] : nextId++;
                final int inst = random.nextInt(instruments);
                final int s = random.nextInt(2);
                final long p = randomPrice(random, s);
                final long q = bad && random.nextInt(100) == 0 ? -random.nextInt(3) : 1 + random.nextInt(100);
                set(i, ADD, inst, id, s, p, q, 0);
                if (q > 0 && id == nextId - 1)
                {
                    live.add(new long[] {id, q, s, inst});
                }
                continue;
            }
            final int pick = random.nextInt(live.size());
            final long[] order = live.get(pick);
            final long id = bad && random.nextInt(50) == 0 ? -order[0] : order[0];
            if (dice < 55)
            {
                final long q = Math.max(1, order[1] - 1 - random.nextInt(10));
                set(i, MODIFY_KEEP, 0, id, 0, 0, q, 0);
                order[1] = id == order[0] ? q : order[1];
            }
            else if (dice < 65)
            {
                final long q = 1 + random.nextInt(100);
                set(i, MODIFY_LOSE, 0, id, 0, randomPrice(random, (int)order[2]), q, 0);
                order[1] = id == order[0] ? q : order[1];
            }
            else if (dice < 85)
            {
                set(i, DELETE, 0, id, 0, 0, 0, 0);
                if (id == order[0])
                {
                    removeAt(live, pick);
                }
            }
            else
            {
                final long executed = 1 + random.nextInt((int)order[1]);
                final boolean mismatch = bad && random.nextInt(30) == 0;
                set(i, EXECUTE, 0, id, 0, 0, executed, order[1] - executed + (mismatch ? 1 : 0));
                if (id == order[0] && !mismatch)
                {
                    order[1] -= executed;
                    if (order[1] == 0)
                    {
                        removeAt(live, pick);
                    }
                }
            }
        }
    }

    private static long randomPrice(final Random random, final int s)
    {
        final long mid = 100_000_000L;
        final long ticks = (long)Math.abs(random.nextGaussian() * 8);
        return s == Sides.BID ? mid - 10_000L * (ticks + 1) : mid + 10_000L * ticks;
    }

    private static void removeAt(final List<long[]> live, final int index)
    {
        final int last = live.size() - 1;
        live.set(index, live.get(last));
        live.remove(last);
    }

    private void set(
        final int i, final byte t, final int inst, final long id, final int s, final long p, final long q, final long r)
    {
        type[i] = t;
        instrument[i] = inst;
        orderId[i] = id;
        side[i] = s;
        price[i] = p;
        quantity[i] = q;
        remaining[i] = r;
    }
}
