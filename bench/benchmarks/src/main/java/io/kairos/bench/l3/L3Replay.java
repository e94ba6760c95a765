package io.kairos.bench.l3;

import java.util.Random;

import io.kairos.l3.L3BookSet;
import io.kairos.l3.Sides;

/**
 * A realistic, replayable L3 event stream in primitive arrays: the books fill to a steady depth,
 * churn for a while (adds, cancels, partial and full executions near the top, size-downs and price
 * amends), then drain back to empty, so the stream can be replayed in a loop on the same
 * {@link L3BookSet}. Order flow per instrument follows a Zipf law (s = 1) over the instruments.
 * Prices cluster around the touch (geometric distance in ticks); four in five
 * cancels, executions and modifies hit recently added orders, as on real feeds where most orders
 * live briefly. Order ids are numbered as {@link OrderIds} says. Generation
 * allocates; replay does not. Owned by one benchmark thread.
 */
public final class L3Replay
{
    static final byte ADD = 0;
    static final byte MODIFY_KEEP = 1;
    static final byte MODIFY_LOSE = 2;
    static final byte DELETE = 3;
    static final byte EXECUTE = 4;

    /** How the replayed venue numbers its orders (what the order table's hash sees). */
    public enum OrderIds
    {
        /** One counter for the whole feed, as ITCH order reference numbers. */
        SEQUENTIAL,
        /**
         * Kairos engine ids, {@code (sequence << 8) | partition} with a counter per partition; the
         * instruments are spread over {@value #KAIROS_PARTITIONS} partitions.
         */
        KAIROS,
        /** Ids with no pattern (a bijective scramble of a counter): nothing for the hash to exploit or suffer from. */
        SCRAMBLED
    }

    private static final int KAIROS_PARTITIONS = 4;

    private final byte[] type;
    private final int[] instrument;
    private final long[] orderId;
    private final byte[] side;
    private final long[] price;
    private final long[] quantity;
    private final long[] remaining;
    private final int maxInstrumentId;
    private final int restingOrders;
    private int size;
    private int churnStart;
    private int churnEnd;

    /**
     * @param instruments       books in the set
     * @param ordersPerBook     average resting orders per book at steady state
     * @param churnEvents       events in the steady-state phase
     * @param ids               how order ids are numbered
     */
    public L3Replay(
        final long seed, final int instruments, final int ordersPerBook, final int churnEvents, final OrderIds ids)
    {
        final int fill = instruments * ordersPerBook;
        maxInstrumentId = instruments;
        restingOrders = fill;
        final int capacity = fill * 2 + churnEvents * 2;
        type = new byte[capacity];
        instrument = new int[capacity];
        orderId = new long[capacity];
        side = new byte[capacity];
        price = new long[capacity];
        quantity = new long[capacity];
        remaining = new long[capacity];
        new Generator(new Random(seed), instruments, fill, ids).run(churnEvents);
    }

    /** A book set sized for this replay's steady depth, as a feed handler sizes it for its venue. */
    public L3BookSet newBooks()
    {
        return new L3BookSet(maxInstrumentId, restingOrders, 64);
    }

    public int size()
    {
        return size;
    }

    /** Index of the first steady-state event (after the books have filled). */
    public int churnStart()
    {
        return churnStart;
    }

    /** Index one past the last steady-state event (where the drain to empty begins). */
    public int churnEnd()
    {
        return churnEnd;
    }

    public int instruments()
    {
        int max = 0;
        for (int i = 0; i < size; i++)
        {
            max = Math.max(max, instrument[i]);
        }
        return max + 1;
    }

    /** Applies event {@code i}; @return the result code. */
    public int apply(final int i, final L3BookSet books)
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

    private void append(final byte t, final int inst, final long id, final int s, final long p, final long q,
        final long r)
    {
        type[size] = t;
        instrument[size] = inst;
        orderId[size] = id;
        side[size] = (byte)s;
        price[size] = p;
        quantity[size] = q;
        remaining[size] = r;
        size++;
    }

    /** Tracks live orders while generating; allocation happens here only. */
    private final class Generator
    {
        private static final long TICK = 10_000L;
        private static final long MID = 100_000_000L;

        private final Random random;
        private final int instruments;
        /** Cumulative Zipf (s = 1) weights: instrument i is 1/(i+1) as busy as instrument 0. */
        private final double[] popularity;
        private final long[] liveId;
        private final int[] liveInstrument;
        private final int[] liveSide;
        private final long[] livePrice;
        private final long[] liveQuantity;
        private final OrderIds ids;
        private final long[] sequence = new long[KAIROS_PARTITIONS];
        private int live;

        Generator(final Random random, final int instruments, final int fill, final OrderIds ids)
        {
            this.random = random;
            this.ids = ids;
            this.instruments = instruments;
            popularity = new double[instruments];
            double total = 0;
            for (int i = 0; i < instruments; i++)
            {
                total += 1.0 / (i + 1);
                popularity[i] = total;
            }
            for (int i = 0; i < instruments; i++)
            {
                popularity[i] /= total;
            }
            final int capacity = fill * 2 + 1024;
            liveId = new long[capacity];
            liveInstrument = new int[capacity];
            liveSide = new int[capacity];
            livePrice = new long[capacity];
            liveQuantity = new long[capacity];
            while (live < fill)
            {
                add();
            }
        }

        void run(final int churnEvents)
        {
            final int target = live;
            churnStart = size;
            for (int i = 0; i < churnEvents; i++)
            {
                final int dice = random.nextInt(100);
                final boolean grow = live < target;
                if (dice < (grow ? 45 : 30))
                {
                    add();
                }
                else if (dice < 55)
                {
                    cancel(pick());
                }
                else if (dice < 75)
                {
                    execute(pick());
                }
                else if (dice < 90)
                {
                    sizeDown(pick());
                }
                else
                {
                    amend(pick());
                }
                if (live == 0)
                {
                    add();
                }
            }
            churnEnd = size;
            while (live > 0)
            {
                cancel(live - 1);
            }
        }

        /** Draws an instrument from the Zipf distribution (a few busy names, a long quiet tail, as on real feeds). */
        private int instrument()
        {
            final int index = java.util.Arrays.binarySearch(popularity, random.nextDouble());
            return Math.min(instruments - 1, index >= 0 ? index : -index - 1);
        }

        /**
         * Most activity hits recent orders (exponential distance from the newest, mean 2000); a fifth hits any order.
         */
        private int pick()
        {
            if (random.nextInt(5) == 0)
            {
                return random.nextInt(live);
            }
            final int distance = (int)Math.min(live - 1, -Math.log(1 - random.nextDouble()) * 2000);
            return live - 1 - distance;
        }

        private void add()
        {
            final int inst = instrument();
            final int s = random.nextInt(2);
            final long p = priceNearTouch(s);
            final long q = 100 * (1 + random.nextInt(20));
            final long id = nextId(inst);
            append(ADD, inst, id, s, p, q, 0);
            liveId[live] = id;
            liveInstrument[live] = inst;
            liveSide[live] = s;
            livePrice[live] = p;
            liveQuantity[live] = q;
            live++;
        }

        private long nextId(final int inst)
        {
            switch (ids)
            {
                case SEQUENTIAL:
                    return ++sequence[0];
                case KAIROS:
                    final int partition = inst % KAIROS_PARTITIONS;
                    return ++sequence[partition] << 8 | partition;
                default:
                    return scramble(++sequence[0]);
            }
        }

        /** MurmurHash3's 64-bit finaliser: a bijection, so the ids stay unique. */
        private long scramble(final long counter)
        {
            long z = (counter ^ (counter >>> 33)) * 0xFF51_AFD7_ED55_8CCDL;
            z = (z ^ (z >>> 33)) * 0xC4CE_B9FE_1A85_EC53L;
            return z ^ (z >>> 33);
        }

        private void cancel(final int i)
        {
            append(DELETE, liveInstrument[i], liveId[i], liveSide[i], 0, 0, 0);
            remove(i);
        }

        private void execute(final int i)
        {
            final long q = liveQuantity[i];
            final long executed = random.nextBoolean() ? q : 100 * (1 + random.nextInt((int)Math.max(1, q / 100)));
            final long done = Math.min(q, executed);
            append(EXECUTE, liveInstrument[i], liveId[i], liveSide[i], livePrice[i], done, q - done);
            if (q == done)
            {
                remove(i);
            }
            else
            {
                liveQuantity[i] = q - done;
            }
        }

        private void sizeDown(final int i)
        {
            final long q = Math.max(1, liveQuantity[i] / 2);
            append(MODIFY_KEEP, liveInstrument[i], liveId[i], liveSide[i], livePrice[i], q, 0);
            liveQuantity[i] = q;
        }

        private void amend(final int i)
        {
            final long p = priceNearTouch(liveSide[i]);
            final long q = 100 * (1 + random.nextInt(20));
            append(MODIFY_LOSE, liveInstrument[i], liveId[i], liveSide[i], p, q, 0);
            livePrice[i] = p;
            liveQuantity[i] = q;
        }

        private long priceNearTouch(final int s)
        {
            int ticks = 0;
            while (ticks < 50 && random.nextInt(10) < 7)
            {
                ticks++;
            }
            return s == Sides.BID ? MID - TICK * (ticks + 1) : MID + TICK * ticks;
        }

        private void remove(final int i)
        {
            final int last = --live;
            liveId[i] = liveId[last];
            liveInstrument[i] = liveInstrument[last];
            liveSide[i] = liveSide[last];
            livePrice[i] = livePrice[last];
            liveQuantity[i] = liveQuantity[last];
        }
    }
}
