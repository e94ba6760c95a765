package io.kairos.l3;

import java.util.Arrays;

/**
 * Pooled price-level nodes as parallel arrays indexed by node: price, aggregated quantity, order
 * count, side, and the head/tail of the level's FIFO order list ({@link OrderNodes}). Freed nodes
 * are chained through {@code head} and reused; the arrays grow (allocating) only when all are in
 * use. Not thread-safe: owned by the thread that owns its {@link L3BookSet}.
 */
final class LevelNodes
{
    static final int NONE = -1;

    long[] price;
    long[] quantity;
    int[] orderCount;
    int[] head;
    int[] tail;
    byte[] side;
    private int freeHead = NONE;
    private int used;

    LevelNodes(final int capacity)
    {
        final int n = Math.max(16, capacity);
        price = new long[n];
        quantity = new long[n];
        orderCount = new int[n];
        head = new int[n];
        tail = new int[n];
        side = new byte[n];
    }

    int allocate(final int levelSide, final long levelPrice)
    {
        final int node;
        if (freeHead != NONE)
        {
            node = freeHead;
            freeHead = head[node];
        }
        else
        {
            if (used == price.length)
            {
                grow();
            }
            node = used++;
        }
        price[node] = levelPrice;
        quantity[node] = 0;
        orderCount[node] = 0;
        head[node] = OrderNodes.NONE;
        tail[node] = OrderNodes.NONE;
        side[node] = (byte)levelSide;
        return node;
    }

    void free(final int node)
    {
        head[node] = freeHead;
        freeHead = node;
    }

    void clear()
    {
        freeHead = NONE;
        used = 0;
    }

    private void grow()
    {
        final int n = price.length << 1;
        price = Arrays.copyOf(price, n);
        quantity = Arrays.copyOf(quantity, n);
        orderCount = Arrays.copyOf(orderCount, n);
        head = Arrays.copyOf(head, n);
        tail = Arrays.copyOf(tail, n);
        side = Arrays.copyOf(side, n);
    }
}
