package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * The coalescer with its render thread replaced by executors the test drives, so that each interleaving is
 * reproduced exactly rather than hoped for.
 */
class ScrapeCoalescerTest
{
    private final AtomicInteger renders = new AtomicInteger();

    private String render()
    {
        return "scrape " + renders.incrementAndGet() + "\n";
    }

    @Test
    void shouldReturnTheScrapeEvenWhenItIsRenderedBeforeTheCallerGetsItBack()
    {
        // Runs the render on the calling thread: the same order as a fast render on the scrape thread while the
        // event loop was descheduled (a loaded machine), which made scrape() return null and the connection close
        // without an answer.
        try (ScrapeCoalescer scrapes = new ScrapeCoalescer(this::render, Runnable::run, () -> { }))
        {
            final CompletableFuture<String> first = scrapes.scrape();
            assertNotNull(first);
            assertEquals("scrape 1\n", first.getNow(null));

            final CompletableFuture<String> second = scrapes.scrape();
            assertNotNull(second);
            assertEquals("scrape 2\n", second.getNow(null), "a finished scrape is not served again");
        }
    }

    @Test
    void shouldShareOneRenderAmongTheScrapesThatArriveWhileItRuns()
    {
        final Queue<Runnable> pending = new ArrayDeque<>();
        try (ScrapeCoalescer scrapes = new ScrapeCoalescer(this::render, pending::add, () -> { }))
        {
            final CompletableFuture<String> first = scrapes.scrape();
            final CompletableFuture<String> second = scrapes.scrape();
            assertSame(first, second);
            assertEquals(1, pending.size());

            pending.remove().run();
            assertEquals("scrape 1\n", first.getNow(null));
            assertEquals(1, renders.get());

            final CompletableFuture<String> third = scrapes.scrape();
            assertNotSame(first, third);
            assertEquals(1, pending.size());
            pending.remove().run();
            assertEquals("scrape 2\n", third.getNow(null));
        }
    }
}
