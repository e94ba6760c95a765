package io.kairos.engine;

import com.lmax.disruptor.ExceptionHandler;

/**
 * The matcher thread's handler when it also runs the journal: a journal failure halts the partition
 * (as the journal thread's own handler does), any other failure is the matcher's and is reported by it.
 * Owned by the matcher thread.
 */
final class InlineJournalExceptionHandler implements ExceptionHandler<EngineCommand>
{
    private final ExceptionHandler<EngineCommand> matcherErrors;
    private final ExceptionHandler<EngineCommand> journalFailure;

    InlineJournalExceptionHandler(final ExceptionHandler<EngineCommand> matcherErrors,
        final ExceptionHandler<EngineCommand> journalFailure)
    {
        this.matcherErrors = matcherErrors;
        this.journalFailure = journalFailure;
    }

    @Override
    public void handleEventException(final Throwable ex, final long sequence, final EngineCommand command)
    {
        if (ex instanceof JournalFailedException)
        {
            journalFailure.handleEventException(ex.getCause(), sequence, command); // throws: the matcher thread stops
            return;
        }
        matcherErrors.handleEventException(ex, sequence, command);
    }

    @Override
    public void handleOnStartException(final Throwable ex)
    {
        matcherErrors.handleOnStartException(ex);
    }

    @Override
    public void handleOnShutdownException(final Throwable ex)
    {
        matcherErrors.handleOnShutdownException(ex);
    }
}
