package io.kairos.md;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FeedOverrunTest
{
    @Test
    void shouldNeverBlockTheEngineAndLogSubscribersOutWhenItsRingOverflows() throws Exception
    {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final TestVenue venue = new TestVenue();
        try (MarketDataGateway gateway = TestVenue.launch(registry);
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            client.subscribe("S", "AAPL", 0, "N");
            assertNotNull(client.readUntil("W", 5_000));
            final CountDownLatch release = new CountDownLatch(1);
            gateway.submitToEventLoop(() -> await(release));
            final int events = MarketDataGateway.RING_CAPACITY_BYTES / BookEventDescriptor.LENGTH + 1_000;
            final BookEvent event = venue.add(1, 1, Side.BUY, TestVenue.REFERENCE_PRICE, 1);
            final long start = System.nanoTime();
            for (int i = 0; i < events; i++)
            {
                event.orderId = i + 1;
                event.type = BookEvent.Type.ADD;
                gateway.onBookEvent(event);
            }
            final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            release.countDown();
            assertTrue(registry.get("kairos_md_events_dropped_total").functionCounter().count() > 0);
            final FixFrame logout = client.readUntil("5", 10_000);
            assertNotNull(logout, "subscriber logged out after " + elapsedMs + " ms of publishing");
            assertTrue(logout.get(58).contains("overrun"), logout.get(58));
            assertEquals(0, gateway.counters().errors.get());
        }
    }

    private static void await(final CountDownLatch latch)
    {
        try
        {
            latch.await(30, TimeUnit.SECONDS);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
    }
}
