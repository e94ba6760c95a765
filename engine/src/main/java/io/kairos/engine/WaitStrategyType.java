package io.kairos.engine;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;

/**
 * How the journal and matcher threads wait for commands: parking (the default) and blocking suit small or
 * shared machines, yielding and busy-spin dedicated cores.
 */
public enum WaitStrategyType
{
    /** Spin, yield, then park until a publisher signals: no lock on publish; see {@link ParkingWaitStrategy}. */
    PARKING,
    BLOCKING,
    YIELDING,
    SLEEPING,
    BUSY_SPIN;

    /** A new strategy of this type, for one ring. */
    WaitStrategy newStrategy()
    {
        return switch (this)
        {
            case PARKING -> new ParkingWaitStrategy();
            case BLOCKING -> new BlockingWaitStrategy();
            case YIELDING -> new YieldingWaitStrategy();
            case SLEEPING -> new SleepingWaitStrategy();
            case BUSY_SPIN -> new BusySpinWaitStrategy();
        };
    }
}
