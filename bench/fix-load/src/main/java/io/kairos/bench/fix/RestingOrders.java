package io.kairos.bench.fix;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The orders of one session that the venue acknowledged as resting and that no cancel or replace targets yet, by
 * request index: a dense set for O(1) random picks and a FIFO in resting order for lifetime cancels (entries left
 * behind by removals are skipped lazily). Shared by the sender thread (picks) and the response thread (adds and
 * removes), hence synchronized; the lock is uncontended most of the time.
 */
public final class RestingOrders
{
    private final long[] restingSinceNs;
    private final int[] positionOf;
    private static final int DEFAULT_CAPACITY = 1024;

    private int[] members;
    private int size;
    private int[] fifo;
    private int fifoHead;
    private int fifoTail;

    /**
     * @param restingSinceNs shared per-request array where this set stores when each order started resting
     * @param positionOf     shared per-request array (filled with -1) where this set stores each member's slot
     */
    public RestingOrders(final long[] restingSinceNs, final int[] positionOf)
    {
        this(restingSinceNs, positionOf, DEFAULT_CAPACITY);
    }

    /**
     * @param initialCapacity members before the set grows; sized for the run, the set never allocates while it runs
     */
    public RestingOrders(final long[] restingSinceNs, final int[] positionOf, final int initialCapacity)
    {
        this.restingSinceNs = restingSinceNs;
        this.positionOf = positionOf;
        members = new int[Math.max(16, initialCapacity)];
        fifo = new int[Math.max(16, initialCapacity)];
    }

    public synchronized int size()
    {
        return size;
    }

    /** Records that {@code request} rests since {@code nowNs}; adding a member again is a no-op. */
    public synchronized void add(final int request, final long nowNs)
    {
        if (positionOf[request] >= 0)
        {
            return;
        }
        if (size == members.length)
        {
            members = Arrays.copyOf(members, size * 2);
        }
        members[size] = request;
        positionOf[request] = size++;
        restingSinceNs[request] = nowNs;
        if (fifoTail - fifoHead == fifo.length)
        {
            compactFifo(fifo.length * 2);
        }
        else if (fifoTail == fifo.length)
        {
            compactFifo(fifo.length);
        }
        fifo[fifoTail++] = request;
    }

    /** Removes {@code request} (it traded away, was cancelled or is now targeted); returns whether it was there. */
    public synchronized boolean remove(final int request)
    {
        final int position = positionOf[request];
        if (position < 0)
        {
            return false;
        }
        final int last = members[--size];
        members[position] = last;
        positionOf[last] = position;
        positionOf[request] = -1;
        return true;
    }

    /** Removes and returns a uniformly chosen member, or -1 when empty. */
    public synchronized int takeRandom(final SplittableRandom random)
    {
        if (size == 0)
        {
            return -1;
        }
        final int request = members[random.nextInt(size)];
        remove(request);
        return request;
    }

    /** Removes and returns the longest-resting member if it has rested at least {@code lifetimeNs}, else -1. */
    public synchronized int takeExpired(final long nowNs, final long lifetimeNs)
    {
        while (fifoHead < fifoTail)
        {
            final int request = fifo[fifoHead];
            if (positionOf[request] < 0)
            {
                fifoHead++;
                continue;
            }
            if (nowNs - restingSinceNs[request] < lifetimeNs)
            {
                return -1;
            }
            fifoHead++;
            remove(request);
            return request;
        }
        return -1;
    }

    /** Drops the FIFO's stale entries; allocates only to grow (in place otherwise, so a steady state is free). */
    private void compactFifo(final int capacity)
    {
        final int[] compacted = capacity == fifo.length ? fifo : new int[capacity];
        int count = 0;
        for (int i = fifoHead; i < fifoTail; i++)
        {
            if (positionOf[fifo[i]] >= 0)
            {
                compacted[count++] = fifo[i];
            }
        }
        fifo = compacted;
        fifoHead = 0;
        fifoTail = count;
    }
}
