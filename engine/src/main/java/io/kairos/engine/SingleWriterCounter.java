package io.kairos.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A count that one thread writes and any thread reads (metrics, statistics): the writer reads its own last value and
 * publishes the new one with an ordered write ({@code lazySet}) — no lock, no compare-and-set, nothing on the hot
 * path but a plain store. Only for a single writer: two would lose updates (use an {@link AtomicLong} and
 * {@code incrementAndGet} there). Agrona's {@code AtomicCounter} is the same idea over a buffer other processes can
 * map; nothing reads these counters from outside the JVM, so the venue keeps them on the heap.
 */
public final class SingleWriterCounter
{
    private final AtomicLong value = new AtomicLong();

    /** On the writer's thread only. */
    public void increment()
    {
        value.lazySet(value.get() + 1);
    }

    /** On the writer's thread only. */
    public void add(final long delta)
    {
        value.lazySet(value.get() + delta);
    }

    /** On the writer's thread only. */
    public void set(final long newValue)
    {
        value.lazySet(newValue);
    }

    /** Raises the value to {@code candidate} if that is higher (a high-water mark); on the writer's thread only. */
    public void raiseTo(final long candidate)
    {
        if (candidate > value.get())
        {
            value.lazySet(candidate);
        }
    }

    /** From any thread. */
    public long get()
    {
        return value.get();
    }
}
