package io.kairos.server;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * Renders {@code /metrics} on its own thread, so that a scrape (milliseconds with many meters) never sits in front
 * of a health probe on the event loop, and at most one at a time: requests that arrive while one is being rendered
 * share its text, so a flood of scrapes costs one thread, not one render per request. Thread-safe.
 */
final class ScrapeCoalescer implements AutoCloseable
{
    private final PrometheusMeterRegistry registry;
    private final ExecutorService executor;
    private CompletableFuture<String> inFlight;

    ScrapeCoalescer(final PrometheusMeterRegistry registry)
    {
        this.registry = registry;
        this.executor = Executors.newSingleThreadExecutor(r ->
        {
            final Thread thread = new Thread(r, "kairos-metrics-scrape");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The text of the scrape in progress, or of one started now. */
    synchronized CompletableFuture<String> scrape()
    {
        if (inFlight == null)
        {
            final CompletableFuture<String> started = CompletableFuture.supplyAsync(registry::scrape, executor);
            inFlight = started;
            started.whenComplete((text, failure) -> done(started));
        }
        return inFlight;
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
        executor.shutdownNow();
    }
}
