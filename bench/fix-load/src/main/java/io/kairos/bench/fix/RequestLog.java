package io.kairos.bench.fix;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Everything the load generator remembers per request, indexed by request number (which is also the numeric part of
 * its ClOrdID), in preallocated arrays sized for the whole run: planned and actual send time, what was sent, and
 * whether the first response was seen. The sender thread writes a request's fields and then publishes them with a
 * release store of its actual send time; the response thread reads that time with an acquire load first.
 */
public final class RequestLog
{
    private final int capacity;
    private final AtomicLongArray intendedNs;
    private final AtomicLongArray sentNs;
    private final AtomicIntegerArray answered;
    private final byte[] action;
    private final byte[] side;
    private final int[] instrument;
    private final int[] session;
    private final int[] target;
    private final long[] priceMicros;
    private final long[] quantity;
    private final long[] restingSinceNs;
    private final int[] restingPosition;
    private final boolean[] measured;

    public RequestLog(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("request capacity must be positive, was " + capacity);
        }
        this.capacity = capacity;
        intendedNs = new AtomicLongArray(capacity);
        sentNs = new AtomicLongArray(capacity);
        answered = new AtomicIntegerArray(capacity);
        action = new byte[capacity];
        side = new byte[capacity];
        instrument = new int[capacity];
        session = new int[capacity];
        target = new int[capacity];
        priceMicros = new long[capacity];
        quantity = new long[capacity];
        restingSinceNs = new long[capacity];
        restingPosition = new int[capacity];
        Arrays.fill(restingPosition, -1);
        measured = new boolean[capacity];
    }

    public int capacity()
    {
        return capacity;
    }

    /** A resting-order set for one session, sharing this log's per-request arrays. */
    public RestingOrders newRestingOrders()
    {
        return new RestingOrders(restingSinceNs, restingPosition);
    }

    /** A resting-order set for one session with room for {@code initialCapacity} orders before it grows. */
    public RestingOrders newRestingOrders(final int initialCapacity)
    {
        return new RestingOrders(restingSinceNs, restingPosition, initialCapacity);
    }

    /** Sender thread: records what request {@code index} is, before it is sent. */
    public void describe(final int index, final OrderRequest request, final int sessionIndex, final boolean measure)
    {
        action[index] = (byte)request.action;
        side[index] = (byte)request.side;
        instrument[index] = request.instrumentIndex;
        session[index] = sessionIndex;
        target[index] = request.targetRequest;
        priceMicros[index] = request.priceMicros;
        quantity[index] = request.quantity;
        measured[index] = measure;
    }

    /** Sender thread: publishes the planned and actual send time of request {@code index} (release store). */
    public void sent(final int index, final long plannedNs, final long actualNs)
    {
        intendedNs.setPlain(index, plannedNs);
        sentNs.setRelease(index, actualNs);
    }

    /**
     * Response thread: claims the first response to request {@code index}; false when it was answered before or was
     * never sent by this run (an unknown index).
     */
    public boolean claimFirstResponse(final int index)
    {
        return index >= 0 && index < capacity && sentNs.getAcquire(index) != 0 && answered.compareAndSet(index, 0, 1);
    }

    public boolean isAnswered(final int index)
    {
        return answered.get(index) != 0;
    }

    public long intendedNs(final int index)
    {
        return intendedNs.getPlain(index);
    }

    public long sentNs(final int index)
    {
        return sentNs.getAcquire(index);
    }

    public int action(final int index)
    {
        return action[index];
    }

    public char side(final int index)
    {
        return (char)side[index];
    }

    public int instrument(final int index)
    {
        return instrument[index];
    }

    public int session(final int index)
    {
        return session[index];
    }

    public int target(final int index)
    {
        return target[index];
    }

    public long priceMicros(final int index)
    {
        return priceMicros[index];
    }

    public long quantity(final int index)
    {
        return quantity[index];
    }

    public boolean measured(final int index)
    {
        return measured[index];
    }
}
