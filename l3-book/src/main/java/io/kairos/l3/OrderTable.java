package io.kairos.l3;

import java.util.Arrays;

/**
 * The resting orders of an {@link L3BookSet}: an open-addressing hash table keyed by order id
 * whose slots ARE the order nodes, so finding an order and reading its quantity, level and FIFO
 * links is one probe into one 32-byte entry (one cache line, at most two) instead of an index
 * lookup followed by a dependent load of a pooled node. Four longs per slot:
 * <pre>
 *   0          8            16                    24          28          32
 *   +----------+------------+---------------------+-----------+-----------+
 *   | order id | quantity   | next (whole word)   | prev(32)  | level(32) |
 *   +----------+------------+---------------------+-----------+-----------+
 * </pre>
 * {@code next} has a word of its own so that appending behind a level's tail is a plain store
 * into the tail's slot, not a read-modify-write that would wait for a cache miss.
 * A slot is empty when its quantity is 0 (a resting order always has a positive quantity), so any
 * {@code long} is a valid order id. prev/next are the slots of the order's neighbours in its price
 * level's FIFO list ({@link #NONE} at the ends); the level's head and tail live in
 * {@link LevelNodes}. Linear probing with a power-of-two mask, load factor at most one half, and
 * backward-shift deletion (no tombstones, so probes stay short under add/cancel churn). When a
 * deletion shifts an entry into the hole, the entry's neighbours (or its level's head/tail) are
 * re-pointed at its new slot, so slot numbers held in links stay valid. Growing rehashes every
 * entry and rewrites every link (allocates; warm-up only).
 *
 * <p>Not thread-safe: owned by the thread that owns its {@link L3BookSet}.
 */
final class OrderTable
{
    static final int NONE = -1;

    private static final int ORDER_ID = 0;
    private static final int QUANTITY = 1;
    private static final int NEXT = 2;
    private static final int PREV_LEVEL = 3;
    private static final long LOW = 0xFFFF_FFFFL;
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;
    private static final int MAX_CAPACITY = 1 << 28;

    private final LevelNodes levels;
    private long[] slots;
    private int mask;
    private int shift;
    private int size;

    OrderTable(final int expectedOrders, final LevelNodes levels)
    {
        this.levels = levels;
        allocate(capacityFor(expectedOrders));
    }

    int size()
    {
        return size;
    }

    int capacity()
    {
        return mask + 1;
    }

    /** @return the slot of this order or {@link #NONE}. */
    int find(final long orderId)
    {
        final int slot = probe(orderId);
        return slot >= 0 ? slot : NONE;
    }

    /**
     * One probe for an add: grows first when one more order would pass the load limit.
     * @return the slot of this order when present, else {@code -(free slot + 1)} where it belongs.
     */
    int findOrFree(final long orderId)
    {
        if (size + 1 > (mask + 1) >>> 1)
        {
            rehash((mask + 1) << 1);
        }
        return probe(orderId);
    }

    /** Linear probing from the order's home slot: its slot when present, else {@code -(free slot + 1)}. */
    private int probe(final long orderId)
    {
        final long[] slots = this.slots;
        int slot = home(orderId);
        while (slots[(slot << 2) + QUANTITY] != 0)
        {
            if (slots[slot << 2] == orderId)
            {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -slot - 1;
    }

    /** Fills a free slot returned by {@link #findOrFree(long)}; level and links are set by the caller. */
    void insert(final int slot, final long orderId, final long quantity)
    {
        final int base = slot << 2;
        slots[base + ORDER_ID] = orderId;
        slots[base + QUANTITY] = quantity;
        size++;
    }

    /** Empties an (already unlinked) slot, shifting later entries of its cluster back and re-pointing their links. */
    void remove(final int slot)
    {
        final long[] slots = this.slots;
        int hole = slot;
        int next = (slot + 1) & mask;
        while (slots[(next << 2) + QUANTITY] != 0)
        {
            final int home = home(slots[next << 2]);
            final boolean movable = hole <= next ? (home <= hole || home > next) : (home <= hole && home > next);
            if (movable)
            {
                System.arraycopy(slots, next << 2, slots, hole << 2, 4);
                relink(hole);
                hole = next;
            }
            next = (next + 1) & mask;
        }
        slots[(hole << 2) + QUANTITY] = 0;
        size--;
    }

    void clear()
    {
        Arrays.fill(slots, 0);
        size = 0;
    }

    long orderId(final int slot)
    {
        return slots[(slot << 2) + ORDER_ID];
    }

    long quantity(final int slot)
    {
        return slots[(slot << 2) + QUANTITY];
    }

    void quantity(final int slot, final long quantity)
    {
        slots[(slot << 2) + QUANTITY] = quantity;
    }

    int prev(final int slot)
    {
        return (int)(slots[(slot << 2) + PREV_LEVEL] >>> 32);
    }

    int next(final int slot)
    {
        return (int)slots[(slot << 2) + NEXT];
    }

    /** Sets both links and the level of a slot: two plain stores. */
    void linksAndLevel(final int slot, final int prev, final int next, final int level)
    {
        final int base = slot << 2;
        slots[base + NEXT] = next;
        slots[base + PREV_LEVEL] = ((long)prev << 32) | (level & LOW);
    }

    void links(final int slot, final int prev, final int next)
    {
        linksAndLevel(slot, prev, next, level(slot));
    }

    void prev(final int slot, final int prev)
    {
        final int i = (slot << 2) + PREV_LEVEL;
        slots[i] = ((long)prev << 32) | (slots[i] & LOW);
    }

    void next(final int slot, final int next)
    {
        slots[(slot << 2) + NEXT] = next;
    }

    int level(final int slot)
    {
        return (int)slots[(slot << 2) + PREV_LEVEL];
    }

    void level(final int slot, final int level)
    {
        final int i = (slot << 2) + PREV_LEVEL;
        slots[i] = (slots[i] & ~LOW) | (level & LOW);
    }

    /** The entry now at {@code slot} moved there: its neighbours (or its level's ends) must point at it. */
    private void relink(final int slot)
    {
        final int prev = prev(slot);
        final int next = next(slot);
        final int level = level(slot);
        if (prev == NONE)
        {
            levels.head(level, slot);
        }
        else
        {
            next(prev, slot);
        }
        if (next == NONE)
        {
            levels.tail(level, slot);
        }
        else
        {
            prev(next, slot);
        }
    }

    /** Slots a lookup of this resting order reads (1 = found in its home slot); for tests of the hash's spread. */
    int probeLength(final long orderId)
    {
        return ((find(orderId) - home(orderId)) & mask) + 1;
    }

    private int home(final long orderId)
    {
        return (int)((orderId * GOLDEN) >>> shift);
    }

    private void rehash(final int capacity)
    {
        if (capacity > MAX_CAPACITY)
        {
            throw new IllegalStateException("order table full: " + size + " resting orders");
        }
        final long[] old = this.slots;
        final int oldCapacity = mask + 1;
        final int[] moved = new int[oldCapacity];
        allocate(capacity);
        for (int i = 0; i < oldCapacity; i++)
        {
            if (old[(i << 2) + QUANTITY] != 0)
            {
                int slot = home(old[i << 2]);
                while (slots[(slot << 2) + QUANTITY] != 0)
                {
                    slot = (slot + 1) & mask;
                }
                System.arraycopy(old, i << 2, slots, slot << 2, 4);
                moved[i] = slot;
            }
        }
        for (int i = 0; i < oldCapacity; i++)
        {
            if (old[(i << 2) + QUANTITY] != 0)
            {
                final int slot = moved[i];
                final int prev = prev(slot);
                final int next = next(slot);
                links(slot, prev == NONE ? NONE : moved[prev], next == NONE ? NONE : moved[next]);
                if (prev == NONE)
                {
                    levels.head(level(slot), slot);
                }
                if (next == NONE)
                {
                    levels.tail(level(slot), slot);
                }
            }
        }
    }

    private void allocate(final int capacity)
    {
        slots = new long[capacity << 2];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private static int capacityFor(final int expectedOrders)
    {
        final long wanted = Math.max(16L, (long)expectedOrders * 2);
        if (wanted > MAX_CAPACITY)
        {
            throw new IllegalArgumentException("expectedOrders too large: " + expectedOrders);
        }
        return Integer.highestOneBit((int)wanted - 1) << 1;
    }
}
