package io.kairos.fix;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * A session's reports that could not be sent yet: the session is disconnected, still logging on, or
 * Artio is back-pressured. FIFO of preallocated {@link QueuedExecution} slots that doubles (allocating)
 * only when more reports wait than ever before; nothing is dropped. Owned by the library thread.
 */
final class OutboundBacklog
{
    private QueuedExecution[] slots;
    private int head;
    private int size;

    OutboundBacklog(final int initialCapacity)
    {
        slots = new QueuedExecution[Integer.highestOneBit(Math.max(2, initialCapacity - 1)) << 1];
        for (int i = 0; i < slots.length; i++)
        {
            slots[i] = new QueuedExecution();
        }
    }

    boolean isEmpty()
    {
        return size == 0;
    }

    int size()
    {
        return size;
    }

    /** Copies {@code execution} to the back. */
    void add(final QueuedExecution execution)
    {
        if (size == slots.length)
        {
            grow();
        }
        slots[(head + size) & (slots.length - 1)].copyFrom(execution);
        size++;
    }

    /** @return the oldest waiting report (still queued), or null. */
    QueuedExecution peek()
    {
        return size == 0 ? null : slots[head];
    }

    void removeFirst()
    {
        head = (head + 1) & (slots.length - 1);
        size--;
    }

    /** Removes the waiting reports {@code drop} picks, keeping the others in order. @return how many it removed */
    int removeIf(final Predicate<QueuedExecution> drop)
    {
        final int mask = slots.length - 1;
        int kept = 0;
        for (int i = 0; i < size; i++)
        {
            final int from = (head + i) & mask;
            if (!drop.test(slots[from]))
            {
                final int to = (head + kept) & mask;
                final QueuedExecution keep = slots[from];
                slots[from] = slots[to];
                slots[to] = keep;
                kept++;
            }
        }
        final int removed = size - kept;
        size = kept;
        return removed;
    }

    private void grow()
    {
        final QueuedExecution[] bigger = new QueuedExecution[slots.length * 2];
        for (int i = 0; i < size; i++)
        {
            bigger[i] = slots[(head + i) & (slots.length - 1)];
        }
        for (int i = size; i < bigger.length; i++)
        {
            bigger[i] = new QueuedExecution();
        }
        Arrays.fill(slots, null);
        slots = bigger;
        head = 0;
    }
}
