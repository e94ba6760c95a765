package io.kairos.engine;

import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.IdleStrategy;

/**
 * An idle strategy for a thread that waits for one producer's work: it spins, then parks until the producer
 * {@link #signal signals} or {@link #MAX_PARK_NS} passes. The producer pays one volatile read while this thread is
 * busy and an unpark only when it is parked — the rule of {@link ParkingWaitStrategy}, for an Agrona agent instead
 * of a Disruptor stage. Agrona's own strategies cannot be woken: a backoff that had reached its longest park would
 * add that park to the latency of the next piece of work.
 *
 * <p>It never yields: a signal only unparks a parked thread, and a thread that yields is not parked, so work that
 * arrived while it yielded waited until the scheduler ran it again — which {@code sched_yield} puts behind every
 * other runnable thread: with yields between spinning and parking the force thread began its forces much later after
 * the append that asked for them (measured in bench/fix-load/README.md, "The force thread's wake-up and the disk's
 * write-back").
 *
 * <p>No lost wake-up: the waiting thread publishes itself in {@link #parked} (volatile) before it asks
 * {@code hasWork} again, and {@link #signal} fences the producer's earlier writes (even ordered ones) before it reads
 * {@link #parked}, so one of them sees the other. Threads: {@link #idle} on the waiting thread only; {@link #signal}
 * from any thread.
 */
final class SignalledIdleStrategy implements IdleStrategy
{
    static final int SPINS = 100;
    static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final BooleanSupplier hasWork;
    private volatile Thread parked;
    private int idleCycles;

    /** @param hasWork asked by the waiting thread just before it parks: whether work arrived meanwhile */
    SignalledIdleStrategy(final BooleanSupplier hasWork)
    {
        this.hasWork = hasWork;
    }

    /** Any thread, after writing its work: wakes the waiting thread if it is parked. */
    void signal()
    {
        VarHandle.fullFence(); // the work written before, then the read of parked: never the other way round
        final Thread waiter = parked;
        if (waiter != null)
        {
            LockSupport.unpark(waiter);
        }
    }

    @Override
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    @Override
    public void idle()
    {
        if (idleCycles < SPINS)
        {
            Thread.onSpinWait();
        }
        else
        {
            parked = Thread.currentThread();
            try
            {
                if (!hasWork.getAsBoolean())
                {
                    LockSupport.parkNanos(this, MAX_PARK_NS);
                }
            }
            finally
            {
                parked = null;
            }
        }
        idleCycles++;
    }

    @Override
    public void reset()
    {
        idleCycles = 0;
    }

    @Override
    public String alias()
    {
        return "signalled";
    }
}
