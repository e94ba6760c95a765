package io.kairos.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;

/**
 * Spins, then yields, then parks until a producer (or an upstream stage) signals or {@link #MAX_PARK_NS}
 * passes. Written here because Disruptor's {@code BlockingWaitStrategy} takes a lock and notifies on every
 * publish (a third of the gateway thread's time at 10,000 orders/s), its lock-eliding variant is marked
 * experimental, and {@code SleepingWaitStrategy} wakes every ~60 µs whether there is work or not. Here a
 * publisher pays one volatile read while the consumers are busy, and an unpark only for a consumer
 * that is actually parked.
 *
 * <p>No lost wake-up: a consumer publishes itself in {@link #parked} and {@link #parkedCount} before it
 * re-checks the sequence, a publisher advances the sequence before it reads the count (all volatile), so
 * one of them sees the other. The timed park bounds the wait anyway, e.g. for a stage whose upstream
 * does not signal. Thread-safe; shared by the stages of one ring.
 */
final class ParkingWaitStrategy implements WaitStrategy
{
    static final int SPINS = 200;
    static final int YIELDS = 10;
    static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int SLOTS = 8;

    private final AtomicReferenceArray<Thread> parked = new AtomicReferenceArray<>(SLOTS);
    private final AtomicInteger parkedCount = new AtomicInteger();
    private final long maxParkNs;

    ParkingWaitStrategy()
    {
        this(MAX_PARK_NS);
    }

    /** @param maxParkNs longest single park; tests make it long to prove that signals, not timeouts, wake consumers */
    ParkingWaitStrategy(final long maxParkNs)
    {
        this.maxParkNs = maxParkNs;
    }

    @Override
    public long waitFor(final long sequence, final Sequence cursor, final Sequence dependentSequence,
        final SequenceBarrier barrier)
        throws AlertException
    {
        long available;
        int idle = 0;
        while ((available = dependentSequence.get()) < sequence)
        {
            barrier.checkAlert();
            if (idle < SPINS)
            {
                Thread.onSpinWait();
            }
            else if (idle < SPINS + YIELDS)
            {
                Thread.yield();
            }
            else
            {
                park(sequence, dependentSequence);
            }
            idle++;
        }
        return available;
    }

    private void park(final long sequence, final Sequence dependentSequence)
    {
        final Thread self = Thread.currentThread();
        final int slot = claimSlot(self);
        parkedCount.incrementAndGet();
        try
        {
            if (dependentSequence.get() < sequence)
            {
                LockSupport.parkNanos(this, maxParkNs);
            }
        }
        finally
        {
            parkedCount.decrementAndGet();
            if (slot >= 0)
            {
                parked.set(slot, null);
            }
        }
    }

    /** @return the slot now holding {@code self}, or -1 when all are taken (the timed park still ends the wait). */
    private int claimSlot(final Thread self)
    {
        for (int i = 0; i < SLOTS; i++)
        {
            if (parked.compareAndSet(i, null, self))
            {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void signalAllWhenBlocking()
    {
        if (parkedCount.get() == 0)
        {
            return;
        }
        for (int i = 0; i < SLOTS; i++)
        {
            final Thread waiter = parked.get(i);
            if (waiter != null)
            {
                LockSupport.unpark(waiter);
            }
        }
    }
}
