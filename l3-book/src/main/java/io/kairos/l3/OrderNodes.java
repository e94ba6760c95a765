package io.kairos.l3;

import java.util.Arrays;

/**
 * Pooled intrusive order nodes, stored as parallel arrays (struct of arrays) indexed by node:
 * each resting order is a node in its price level's doubly linked FIFO list. Freed nodes are
 * chained through {@code next} and reused; the arrays grow (allocating) only when every node is
 * in use. Not thread-safe: owned by the thread that owns its {@link L3BookSet}.
 */
final class OrderNodes
{
    static final int NONE = -1;

    long[] orderId;
    long[] quantity;
    int[] level;
    int[] prev;
    int[] next;
    int[] instrument;
    private int freeHead = NONE;
    private int used;

    OrderNodes(final int capacity)
    {
        final int n = Math.max(16, capacity);
        orderId = new long[n];
        quantity = new long[n];
        level = new int[n];
        prev = new int[n];
        next = new int[n];
        instrument = new int[n];
    }

    int allocate()
    {
        if (freeHead != NONE)
        {
            final int node = freeHead;
            freeHead = next[node];
            return node;
        }
        if (used == orderId.length)
        {
            grow();
        }
        return used++;
    }

    void free(final int node)
    {
        next[node] = freeHead;
        freeHead = node;
    }

    void clear()
    {
        freeHead = NONE;
        used = 0;
    }

    private void grow()
    {
        final int n = orderId.length << 1;
        orderId = Arrays.copyOf(orderId, n);
        quantity = Arrays.copyOf(quantity, n);
        level = Arrays.copyOf(level, n);
        prev = Arrays.copyOf(prev, n);
        next = Arrays.copyOf(next, n);
        instrument = Arrays.copyOf(instrument, n);
    }
}
