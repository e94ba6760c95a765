package io.kairos.l3;

import java.util.Arrays;

/**
 * Pooled price-level nodes interleaved in one {@code long[]}, four longs (32 bytes) per node:
 * <pre>
 *   0       8          16        20        24             28                          32
 *   +-------+----------+---------+---------+--------------+----------------------------+
 *   | price | quantity | head(32)| tail(32)| orderCount(32)| instrument(31) : side(1)   |
 *   +-------+----------+---------+---------+--------------+----------------------------+
 * </pre>
 * head/tail are the level's FIFO order list ({@link OrderTable}; head/tail are order-table slots). Freed nodes are
 * chained through {@code head} and reused; the array grows (allocating) only when all are in use. Not thread-safe:
 * owned by the thread that owns its {@link L3BookSet}.
 */
final class LevelNodes
{
    static final int NONE = -1;

    private static final int STRIDE = 4;
    private static final int PRICE = 0;
    private static final int QUANTITY = 1;
    private static final int ENDS = 2;
    private static final int COUNT_SIDE = 3;
    private static final long LOW = 0xFFFF_FFFFL;

    private long[] nodes;
    private int freeHead = NONE;
    private int used;

    LevelNodes(final int capacity)
    {
        nodes = new long[Math.max(16, capacity) * STRIDE];
    }

    int allocate(final int levelSide, final int instrument, final long levelPrice)
    {
        final int node;
        if (freeHead != NONE)
        {
            node = freeHead;
            freeHead = head(node);
        }
        else
        {
            if (used * STRIDE == nodes.length)
            {
                nodes = Arrays.copyOf(nodes, nodes.length << 1);
            }
            node = used++;
        }
        final int base = node * STRIDE;
        nodes[base + PRICE] = levelPrice;
        nodes[base + QUANTITY] = 0;
        nodes[base + ENDS] = -1L;
        nodes[base + COUNT_SIDE] = ((long)instrument << 1 | levelSide) & LOW;
        return node;
    }

    void free(final int node)
    {
        head(node, freeHead);
        freeHead = node;
    }

    void clear()
    {
        freeHead = NONE;
        used = 0;
    }

    long price(final int node)
    {
        return nodes[node * STRIDE + PRICE];
    }

    long quantity(final int node)
    {
        return nodes[node * STRIDE + QUANTITY];
    }

    void addQuantity(final int node, final long delta)
    {
        nodes[node * STRIDE + QUANTITY] += delta;
    }

    int head(final int node)
    {
        return (int)(nodes[node * STRIDE + ENDS] >>> 32);
    }

    void head(final int node, final int head)
    {
        final int i = node * STRIDE + ENDS;
        nodes[i] = ((long)head << 32) | (nodes[i] & LOW);
    }

    int tail(final int node)
    {
        return (int)nodes[node * STRIDE + ENDS];
    }

    void tail(final int node, final int tail)
    {
        final int i = node * STRIDE + ENDS;
        nodes[i] = (nodes[i] & ~LOW) | (tail & LOW);
    }

    int orderCount(final int node)
    {
        return (int)(nodes[node * STRIDE + COUNT_SIDE] >>> 32);
    }

    /** Adds {@code delta} to the order count; @return the new count. */
    int addOrderCount(final int node, final int delta)
    {
        final int i = node * STRIDE + COUNT_SIDE;
        final long value = nodes[i] + ((long)delta << 32);
        nodes[i] = value;
        return (int)(value >>> 32);
    }

    int side(final int node)
    {
        return (int)nodes[node * STRIDE + COUNT_SIDE] & 1;
    }

    int instrument(final int node)
    {
        return (int)(nodes[node * STRIDE + COUNT_SIDE] & LOW) >>> 1;
    }
}
