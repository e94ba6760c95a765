package io.kairos.server;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * Renders {@code /metrics} on its own thread, so that a scrape (milliseconds with many meters) never sits in front
 * of a health probe on the event loop, and at most one at a time: requests that arrive while one is being rendered
 * share its text, so a flood of scrapes costs one thread, not one render per request. Thread-safe.
 */
final class ScrapeCoalescer implements AutoCloseable
{
    private final Supplier<String> render;
    private final Executor executor;
    private final Runnable shutdown;
    private CompletableFuture<String> inFlight;

    ScrapeCoalescer(final PrometheusMeterRegistry registry)
    {
        this(registry::scrape, Executors.newSingleThreadExecutor(r ->
        {
            final Thread thread = new Thread(r, "kairos-metrics-scrape");
            thread.setDaemon(true);
            return thread;
        }));
    }

    private ScrapeCoalescer(final Supplier<String> render, final ExecutorService executor)
    {
        this(render, executor, executor::shutdownNow);
    }

    /** For tests: renders with {@code render} on {@code executor}; {@link #close()} runs {@code shutdown}. */
    ScrapeCoalescer(final Supplier<String> render, final Executor executor, final Runnable shutdown)
    {
        this.render = render;
        this.executor = executor;
        this.shutdown = shutdown;
    }

    /** The text of the scrape in progress, or of one started now; never null. */
    synchronized CompletableFuture<String> scrape()
    {
        CompletableFuture<String> current = inFlight;
        if (current == null)
        {
            final CompletableFuture<String> started = CompletableFuture.supplyAsync(render, executor);
            current = started;
            inFlight = started;
            // Returns the local, not inFlight: a render that is already done (a fast scrape while this thread was
            // descheduled) runs done() right here, on this thread, and has already cleared inFlight. Reading the
            // field back returned null, and the handler closed the connection without an answer.
            started.whenComplete((text, failure) -> done(started));
        }
        return current;
    }

    private synchronized void done(final CompletableFuture<String> finished)
    {
        if (inFlight == finished)
        {
            inFlight = null;
        }
    }

    @Override
    public void close()
    {
        shutdown.run();
    }
}
