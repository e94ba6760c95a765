package io.kairos.l3;

import java.util.Arrays;

/**
 * Open-addressing hash index from order id ({@code long}) to order node ({@code int}): linear
 * probing, load factor at most one half, backward-shift deletion (no tombstones), so lookups stay
 * short under heavy add/delete churn. Any {@code long} is a valid key. Allocates only when it
 * grows. Not thread-safe: owned by the thread that owns its {@link L3BookSet}.
 */
final class OrderIndex
{
    static final int MISSING = -1;

    private long[] keys;
    /** Node + 1; 0 marks an empty slot. */
    private int[] values;
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
        final long[] keys = this.keys;
        final int[] values = this.values;
        int slot = slot(key);
        int value;
        while ((value = values[slot]) != 0)
        {
            if (keys[slot] == key)
            {
                return value - 1;
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
        while (values[slot] != 0)
        {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        values[slot] = node + 1;
        size++;
    }

    /** Removes the key; @return its node or {@link #MISSING}. */
    int remove(final long key)
    {
        final long[] keys = this.keys;
        final int[] values = this.values;
        int slot = slot(key);
        int value;
        while ((value = values[slot]) != 0)
        {
            if (keys[slot] == key)
            {
                shiftBack(slot);
                size--;
                return value - 1;
            }
            slot = (slot + 1) & mask;
        }
        return MISSING;
    }

    void clear()
    {
        Arrays.fill(values, 0);
        size = 0;
    }

    private void shiftBack(final int removed)
    {
        final long[] keys = this.keys;
        final int[] values = this.values;
        int hole = removed;
        int slot = (removed + 1) & mask;
        while (values[slot] != 0)
        {
            final int home = slot(keys[slot]);
            final boolean movable = hole <= slot ? (home <= hole || home > slot) : (home <= hole && home > slot);
            if (movable)
            {
                keys[hole] = keys[slot];
                values[hole] = values[slot];
                hole = slot;
            }
            slot = (slot + 1) & mask;
        }
        values[hole] = 0;
    }

    private int slot(final long key)
    {
        return (int)((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    private void rehash(final int capacity)
    {
        final long[] oldKeys = keys;
        final int[] oldValues = values;
        allocate(capacity);
        for (int i = 0; i < oldValues.length; i++)
        {
            if (oldValues[i] != 0)
            {
                int slot = slot(oldKeys[i]);
                while (values[slot] != 0)
                {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
            }
        }
    }

    private void allocate(final int capacity)
    {
        keys = new long[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private static int capacityFor(final int expectedOrders)
    {
        final long wanted = Math.max(16L, (long)expectedOrders * 2);
        if (wanted > 1 << 30)
        {
            throw new IllegalArgumentException("expectedOrders too large: " + expectedOrders);
        }
        return Integer.highestOneBit((int)wanted - 1) << 1;
    }
}
