package io.kairos.latency.correlate;

/** Intrusive FIFO of {@link PendingOrder}s in arrival order, for eviction by age. Owned by the analysis thread. */
final class OrderList
{
    private PendingOrder head;
    private PendingOrder tail;
    private int size;

    PendingOrder head()
    {
        return head;
    }

    int size()
    {
        return size;
    }

    void append(final PendingOrder order)
    {
        order.list = this;
        order.previous = tail;
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
        size++;
    }

    void remove(final PendingOrder order)
    {
        if (order.previous == null)
        {
            head = order.next;
        }
        else
        {
            order.previous.next = order.next;
        }
        if (order.next == null)
        {
            tail = order.previous;
        }
        else
        {
            order.next.previous = order.previous;
        }
        order.previous = null;
        order.next = null;
        order.list = null;
        size--;
    }
}
