package io.kairos.engine;

import com.lmax.disruptor.ExceptionHandler;

/**
 * A journal write that fails must stop the partition: nothing may be acknowledged that is not
 * journalled. Prints the cause and rethrows, which halts the journal stage (and so the matcher,
 * which waits on it). Called on the journal thread.
 */
final class JournalFailureHandler implements ExceptionHandler<EngineCommand>
{
    private final int partition;

    JournalFailureHandler(final int partition)
    {
        this.partition = partition;
    }

    @Override
    public void handleEventException(final Throwable ex, final long sequence, final EngineCommand command)
    {
        report(partition, sequence, ex);
        throw new IllegalStateException("journal failure in partition " + partition, ex);
    }

    /** Says that the partition halted and why; the caller stops consuming its ring. */
    static void report(final int partition, final long sequence, final Throwable cause)
    {
        System.err.println("kairos: partition " + partition + " journal failed at sequence " + sequence
            + "; partition halted");
        cause.printStackTrace();
    }

    @Override
    public void handleOnStartException(final Throwable ex)
    {
        handleEventException(ex, -1, null);
    }

    @Override
    public void handleOnShutdownException(final Throwable ex)
    {
        System.err.println("kairos: partition " + partition + " journal shutdown failed: " + ex);
    }
}
