package io.kairos.l3;

import java.util.Arrays;

/**
 * Pooled intrusive order nodes: each resting order is a node in its price level's doubly linked
 * FIFO list. Nodes are interleaved in one {@code long[]}, four longs (32 bytes) per node, so one
 * order touches one cache line:
 * <pre>
 *   0        8          16                    24                       32
 *   +--------+----------+----------+----------+------------+-----------+
 *   |orderId | quantity | prev(32) | next(32) | level(32)  | instr(32) |
 *   +--------+----------+----------+----------+------------+-----------+
 * </pre>
 * Freed nodes are chained through {@code next} and reused; the array grows (allocating) only when
 * every node is in use. Not thread-safe: owned by the thread that owns its {@link L3BookSet}.
 */
final class OrderNodes
{
    static final int NONE = -1;

    private static final int STRIDE = 4;
    private static final int ORDER_ID = 0;
    private static final int QUANTITY = 1;
    private static final int LINKS = 2;
    private static final int OWNER = 3;
    private static final long LOW = 0xFFFF_FFFFL;

    private long[] nodes;
    private int freeHead = NONE;
    private int used;

    OrderNodes(final int capacity)
    {
        nodes = new long[Math.max(16, capacity) * STRIDE];
    }

    int allocate()
    {
        if (freeHead != NONE)
        {
            final int node = freeHead;
            freeHead = next(node);
            return node;
        }
        if (used * STRIDE == nodes.length)
        {
            nodes = Arrays.copyOf(nodes, nodes.length << 1);
        }
        return used++;
    }

    void free(final int node)
    {
        links(node, NONE, freeHead);
        freeHead = node;
    }

    void clear()
    {
        freeHead = NONE;
        used = 0;
    }

    void init(final int node, final long orderId, final long quantity, final int instrument)
    {
        final int base = node * STRIDE;
        nodes[base + ORDER_ID] = orderId;
        nodes[base + QUANTITY] = quantity;
        nodes[base + OWNER] = instrument & LOW;
    }

    long orderId(final int node)
    {
        return nodes[node * STRIDE + ORDER_ID];
    }

    long quantity(final int node)
    {
        return nodes[node * STRIDE + QUANTITY];
    }

    void quantity(final int node, final long quantity)
    {
        nodes[node * STRIDE + QUANTITY] = quantity;
    }

    int prev(final int node)
    {
        return (int)(nodes[node * STRIDE + LINKS] >>> 32);
    }

    int next(final int node)
    {
        return (int)nodes[node * STRIDE + LINKS];
    }

    void links(final int node, final int prev, final int next)
    {
        nodes[node * STRIDE + LINKS] = ((long)prev << 32) | (next & LOW);
    }

    void prev(final int node, final int prev)
    {
        final int i = node * STRIDE + LINKS;
        nodes[i] = ((long)prev << 32) | (nodes[i] & LOW);
    }

    void next(final int node, final int next)
    {
        final int i = node * STRIDE + LINKS;
        nodes[i] = (nodes[i] & ~LOW) | (next & LOW);
    }

    int level(final int node)
    {
        return (int)(nodes[node * STRIDE + OWNER] >>> 32);
    }

    void level(final int node, final int level)
    {
        final int i = node * STRIDE + OWNER;
        nodes[i] = ((long)level << 32) | (nodes[i] & LOW);
    }

    int instrument(final int node)
    {
        return (int)nodes[node * STRIDE + OWNER];
    }
}
