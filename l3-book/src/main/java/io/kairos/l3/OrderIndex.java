package io.kairos.l3;

import java.util.Arrays;

/**
 * Open-addressing hash index from order id ({@code long}) to order node ({@code int}): linear
 * probing, load factor at most one half, backward-shift deletion (no tombstones), so lookups stay
 * short under heavy add/delete churn. Key and value share one array so a lookup usually touches
 * one cache line:
 * <pre>
 *   slot i:  +----------------------+----------------------+
 *            | order id (8 bytes)   | node + 1 (0 = empty) |
 *            +----------------------+----------------------+
 * </pre>
 * Any {@code long} is a valid key. Allocates only when it grows. Not thread-safe: owned by the
 * thread that owns its {@link L3BookSet}.
 */
final class OrderIndex
{
    static final int MISSING = -1;

    private long[] slots;
    private int mask;
    private int shift;
    private int size;

    OrderIndex(final int expectedOrders)
    {
        allocate(capacityFor(expectedOrders));
    }

    int size()
    {
        return size;
    }

    int get(final long key)
    {
        final long[] slots = this.slots;
        int slot = slot(key);
        long value;
        while ((value = slots[(slot << 1) + 1]) != 0)
        {
            if (slots[slot << 1] == key)
            {
                return (int)value - 1;
            }
            slot = (slot + 1) & mask;
        }
        return MISSING;
    }

    /** Inserts a key known to be absent. */
    void putNew(final long key, final int node)
    {
        if (size + 1 > (mask + 1) >>> 1)
        {
            rehash((mask + 1) << 1);
        }
        int slot = slot(key);
        while (slots[(slot << 1) + 1] != 0)
        {
            slot = (slot + 1) & mask;
        }
        slots[slot << 1] = key;
        slots[(slot << 1) + 1] = node + 1L;
        size++;
    }

    /** Removes the key; @return its node or {@link #MISSING}. */
    int remove(final long key)
    {
        final long[] slots = this.slots;
        int slot = slot(key);
        long value;
        while ((value = slots[(slot << 1) + 1]) != 0)
        {
            if (slots[slot << 1] == key)
            {
                shiftBack(slot);
                size--;
                return (int)value - 1;
            }
            slot = (slot + 1) & mask;
        }
        return MISSING;
    }

    void clear()
    {
        Arrays.fill(slots, 0);
        size = 0;
    }

    private void shiftBack(final int removed)
    {
        final long[] slots = this.slots;
        int hole = removed;
        int slot = (removed + 1) & mask;
        while (slots[(slot << 1) + 1] != 0)
        {
            final int home = slot(slots[slot << 1]);
            final boolean movable = hole <= slot ? (home <= hole || home > slot) : (home <= hole && home > slot);
            if (movable)
            {
                slots[hole << 1] = slots[slot << 1];
                slots[(hole << 1) + 1] = slots[(slot << 1) + 1];
                hole = slot;
            }
            slot = (slot + 1) & mask;
        }
        slots[(hole << 1) + 1] = 0;
    }

    private int slot(final long key)
    {
        return (int)((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    private void rehash(final int capacity)
    {
        final long[] old = slots;
        allocate(capacity);
        for (int i = 0; i < old.length; i += 2)
        {
            if (old[i + 1] != 0)
            {
                int slot = slot(old[i]);
                while (slots[(slot << 1) + 1] != 0)
                {
                    slot = (slot + 1) & mask;
                }
                slots[slot << 1] = old[i];
                slots[(slot << 1) + 1] = old[i + 1];
            }
        }
    }

    private void allocate(final int capacity)
    {
        slots = new long[capacity << 1];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private static int capacityFor(final int expectedOrders)
    {
        final long wanted = Math.max(16L, (long)expectedOrders * 2);
        if (wanted > 1 << 29)
        {
            throw new IllegalArgumentException("expectedOrders too large: " + expectedOrders);
        }
        return Integer.highestOneBit((int)wanted - 1) << 1;
    }
}
