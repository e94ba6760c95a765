package io.kairos.latency.correlate;

import java.nio.ByteBuffer;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * Finds pending orders by the 64-bit hash of an identifier in an Agrona primitive map, checking the identifier bytes
 * (and, for ClOrdID, the connection) so a hash collision can never pair the wrong messages; colliding orders chain.
 * Keyed either by (connection, ClOrdID 11) or by OrderID 37. Allocates nothing once the map has grown to the number
 * of open orders. Owned by the analysis thread.
 */
final class OrderIndex
{
    private static final float LOAD_FACTOR = 0.65f;

    private final Long2ObjectHashMap<PendingOrder> byHash;
    private final boolean byOrderId;

    OrderIndex(final boolean byOrderId, final int expectedOrders)
    {
        this.byOrderId = byOrderId;
        this.byHash = new Long2ObjectHashMap<>(Math.max(8, (int)(expectedOrders / LOAD_FACTOR) + 1), LOAD_FACTOR);
    }

    PendingOrder find(
        final long hash, final int connectionId, final ByteBuffer buffer, final int start, final int length)
    {
        PendingOrder order = byHash.get(hash);
        while (order != null)
        {
            if (byOrderId ? sameId(order.orderId, order.orderIdLength, buffer, start, length) :
                order.connectionId == connectionId && sameId(order.clOrdId, order.clOrdIdLength, buffer, start, length))
            {
                return order;
            }
            order = nextOf(order);
        }
        return null;
    }

    void add(final PendingOrder order)
    {
        final long hash = hashOf(order);
        link(order, byHash.get(hash), true);
        byHash.put(hash, order);
    }

    void remove(final PendingOrder order)
    {
        final long hash = hashOf(order);
        PendingOrder previous = null;
        PendingOrder current = byHash.get(hash);
        while (current != null && current != order)
        {
            previous = current;
            current = nextOf(current);
        }
        if (current == null)
        {
            return;
        }
        final PendingOrder following = nextOf(order);
        if (previous == null)
        {
            if (following == null)
            {
                byHash.remove(hash);
            }
            else
            {
                byHash.put(hash, following);
            }
        }
        else
        {
            link(previous, following, true);
        }
        link(order, null, false);
    }

    private long hashOf(final PendingOrder order)
    {
        return byOrderId ? order.orderIdHash : order.clOrdIdHash;
    }

    private PendingOrder nextOf(final PendingOrder order)
    {
        return byOrderId ? order.nextWithSameOrderIdHash : order.nextWithSameClOrdIdHash;
    }

    /** Sets {@code order}'s link to the next order of its chain in this index, and whether this index holds it. */
    private void link(final PendingOrder order, final PendingOrder next, final boolean indexed)
    {
        if (byOrderId)
        {
            order.nextWithSameOrderIdHash = next;
            order.inOrderIdIndex = indexed;
        }
        else
        {
            order.nextWithSameClOrdIdHash = next;
            order.inClOrdIdIndex = indexed;
        }
    }

    private static boolean sameId(
        final byte[] id, final int idLength, final ByteBuffer buffer, final int start, final int length)
    {
        if (idLength != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (id[i] != buffer.get(start + i))
            {
                return false;
            }
        }
        return true;
    }
}
