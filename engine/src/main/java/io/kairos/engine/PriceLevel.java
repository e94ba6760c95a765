package io.kairos.engine;

/** One price of one side of a book: a FIFO of orders plus totals. Pooled; owned by the matcher thread. */
final class PriceLevel
{
    long price;
    long totalQty;
    int orderCount;
    Order head;
    Order tail;

    void append(final Order order)
    {
        order.level = this;
        order.prev = tail;
        order.next = null;
        if (tail == null)
        {
            head = order;
        }
        else
        {
            tail.next = order;
        }
        tail = order;
        orderCount++;
        totalQty += order.leavesQty;
    }

    /** Unlinks the order; the caller has already taken its remaining quantity out of {@link #totalQty}. */
    void unlink(final Order order)
    {
        if (order.prev == null)
        {
            head = order.next;
        }
        else
        {
            order.prev.next = order.next;
        }
        if (order.next == null)
        {
            tail = order.prev;
        }
        else
        {
            order.next.prev = order.prev;
        }
        order.prev = null;
        order.next = null;
        order.level = null;
        orderCount--;
    }

    /** Moves the order to the back of this level (an iceberg's next part: new time priority); totals unchanged. */
    void moveToBack(final Order order)
    {
        if (order != tail)
        {
            final long totalBefore = totalQty;
            unlink(order);
            append(order);
            totalQty = totalBefore;
        }
    }

    boolean isEmpty()
    {
        return head == null;
    }

    void clear()
    {
        price = 0;
        totalQty = 0;
        orderCount = 0;
        head = null;
        tail = null;
    }
}
