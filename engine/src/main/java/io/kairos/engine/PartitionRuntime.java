package io.kairos.engine;

import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.YieldingWaitStrategy;
import org.agrona.concurrent.EpochNanoClock;

/** Placeholder while the pipeline is written. */
final class PartitionRuntime
{
    private final RingBuffer<EngineCommand> ring;
    private final PartitionStats stats = new PartitionStats();

    PartitionRuntime(final int partition, final EngineConfig config, final EpochNanoClock clock)
    {
        ring = RingBuffer.createMultiProducer(EngineCommand::new, config.ringSize(), new YieldingWaitStrategy());
    }

    RingBuffer<EngineCommand> ring()
    {
        return ring;
    }

    void recover(final EngineEventListener listener)
    {
    }

    void start(final EngineEventListener listener)
    {
        throw new UnsupportedOperationException("pipeline not written yet");
    }

    RecoveryReport recoveryReport()
    {
        return null;
    }

    PartitionStats stats()
    {
        return stats;
    }

    void close()
    {
    }
}
