package io.kairos.md;

/**
 * The gateway's one place for unexpected exceptions (bugs, environment failures): counts them and
 * prints them to standard error with the thread name. Thread-safe.
 */
final class ErrorHandler
{
    private final MdCounters counters;

    ErrorHandler(final MdCounters counters)
    {
        this.counters = counters;
    }

    void onError(final Throwable error)
    {
        counters.errors.incrementAndGet();
        System.err.println("kairos-md-gateway error on " + Thread.currentThread().getName() + ": " + error);
        error.printStackTrace(System.err);
    }
}
