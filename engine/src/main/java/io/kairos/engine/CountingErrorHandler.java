package io.kairos.engine;

import java.util.concurrent.atomic.AtomicLong;

import org.agrona.ErrorHandler;

/**
 * Kairos's one handler for unexpected exceptions (bugs, environment failures) that reach a thread's top: counts each
 * in the given count (which a metric reads) and prints it with the component and thread name and its stack trace to
 * standard error. Thread-safe: any thread may report.
 */
public final class CountingErrorHandler implements ErrorHandler
{
    private final String component;
    private final AtomicLong count;

    /**
     * @param component named first on every line printed (e.g. {@code kairos-md-gateway})
     * @param count     incremented once per error
     */
    public CountingErrorHandler(final String component, final AtomicLong count)
    {
        this.component = component;
        this.count = count;
    }

    @Override
    public void onError(final Throwable error)
    {
        count.incrementAndGet();
        System.err.println(component + " error on " + Thread.currentThread().getName() + ": " + error);
        error.printStackTrace(System.err);
    }

    /** Errors reported so far. */
    public long count()
    {
        return count.get();
    }
}
