package io.kairos.md;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RingWrapTest
{
    private static final int RECORD_BYTES = (Integer.BYTES * 2 + BookEventDescriptor.LENGTH + 7) & ~7;

    @Test
    void shouldDeliverTheEventWrittenRightAfterTheRingWrapsWithoutWaitingForAnother()
    {
        final TestVenue venue = new TestVenue();
        final int wrapAt = MarketDataGateway.RING_CAPACITY_BYTES / RECORD_BYTES;
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry()))
        {
            final BookEvent event = venue.add(1, 1, Side.BUY, TestVenue.REFERENCE_PRICE, 1);
            int published = 0;
            while (published < wrapAt - 1_000)
            {
                for (int i = 0; i < 10_000 && published < wrapAt - 1_000; i++)
                {
                    publish(gateway, event, ++published);
                }
                awaitDrained(gateway, published);
            }
            while (published < wrapAt + 1_000)
            {
                publish(gateway, event, ++published);
                awaitDrained(gateway, published);
            }
            assertEquals(0, gateway.counters().bookInconsistencies.get());
            assertEquals(0, gateway.counters().eventsDropped.get());
        }
    }

    private static void publish(final MarketDataGateway gateway, final BookEvent event, final int orderId)
    {
        event.type = BookEvent.Type.ADD;
        event.orderId = orderId;
        gateway.onBookEvent(event);
    }

    /** Bounded wait (5 s) until the event loop has drained the ring. */
    private static void awaitDrained(final MarketDataGateway gateway, final int published)
    {
        final long deadline = System.nanoTime() + 5_000_000_000L;
        while (gateway.queuedEventBytes() > 0 && System.nanoTime() < deadline)
        {
            Thread.yield();
        }
        assertTrue(gateway.queuedEventBytes() == 0, "event " + published + " still queued 5 s after it was published");
    }
}
