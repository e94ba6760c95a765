package io.kairos.engine;

import com.lmax.disruptor.ExceptionHandler;

/**
 * The one place matcher-stage bugs go: printed with the partition and sequence, counted, and the
 * command skipped so the partition keeps serving. Called on the matcher thread.
 */
final class PartitionExceptionHandler implements ExceptionHandler<EngineCommand>
{
    private final int partition;
    private long errors;

    PartitionExceptionHandler(final int partition)
    {
        this.partition = partition;
    }

    @Override
    public void handleEventException(final Throwable ex, final long sequence, final EngineCommand command)
    {
        errors++;
        System.err.println("kairos: partition " + partition + " failed on command sequence " + sequence +
            " (" + command.type + ", error #" + errors + ")");
        ex.printStackTrace();
    }

    @Override
    public void handleOnStartException(final Throwable ex)
    {
        handleEventException(ex, -1, new EngineCommand());
    }

    @Override
    public void handleOnShutdownException(final Throwable ex)
    {
        handleEventException(ex, -1, new EngineCommand());
    }
}
