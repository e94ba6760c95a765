package io.kairos.engine;

import java.util.function.Supplier;

/**
 * A stack of reusable nodes. Preallocates {@code initialSize}; when empty it allocates a new node
 * (growth, not steady state). Not thread-safe: owned by the matcher thread.
 */
final class NodePool<T>
{
    private final Supplier<T> factory;
    private Object[] free;
    private int size;

    NodePool(final Supplier<T> factory, final int initialSize)
    {
        this.factory = factory;
        free = new Object[Math.max(16, initialSize)];
        for (int i = 0; i < initialSize; i++)
        {
            free[size++] = factory.get();
        }
    }

    @SuppressWarnings("unchecked")
    T acquire()
    {
        return size == 0 ? factory.get() : (T)free[--size];
    }

    void release(final T node)
    {
        if (size == free.length)
        {
            free = java.util.Arrays.copyOf(free, size * 2);
        }
        free[size++] = node;
    }
}
