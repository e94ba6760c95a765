package io.kairos.md;

import java.util.Arrays;

/**
 * One market-data view of one instrument — L2 top-N, L2 full or L3, with a set of entry types —
 * and the subscriptions that receive it. Each update's entries are encoded once per view, into its pending entries,
 * and shared by every subscriber. {@code rptSeq} numbers the view's incremental entries (83) without gaps; a
 * snapshot carries the last number sent. Owned by the gateway's event loop.
 */
final class MdView
{
    final boolean orderByOrder;
    final int depth;
    final int entryTypeMask;
    final ViewEncoder encoder;
    long rptSeq;
    /** Entries of the current drained batch not yet sent ({@link IncrementalFanOut}). */
    final PendingEntries pending = new PendingEntries();
    private Subscription[] subscriptions = new Subscription[4];
    private int count;

    MdView(final boolean orderByOrder, final int depth, final int entryTypeMask, final ViewEncoder encoder)
    {
        this.orderByOrder = orderByOrder;
        this.depth = depth;
        this.entryTypeMask = entryTypeMask;
        this.encoder = encoder;
    }

    boolean matches(final boolean l3, final int viewDepth, final int mask)
    {
        return orderByOrder == l3 && depth == viewDepth && entryTypeMask == mask;
    }

    int subscriptionCount()
    {
        return count;
    }

    Subscription subscription(final int index)
    {
        return subscriptions[index];
    }

    void add(final Subscription subscription)
    {
        if (count == subscriptions.length)
        {
            subscriptions = Arrays.copyOf(subscriptions, count << 1);
        }
        subscriptions[count++] = subscription;
    }

    boolean remove(final Subscription subscription)
    {
        for (int i = 0; i < count; i++)
        {
            if (subscriptions[i] == subscription)
            {
                System.arraycopy(subscriptions, i + 1, subscriptions, i, count - i - 1);
                subscriptions[--count] = null;
                return true;
            }
        }
        return false;
    }
}
