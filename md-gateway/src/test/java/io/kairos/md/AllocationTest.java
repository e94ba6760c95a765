package io.kairos.md;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Steady-state allocation of the market-data path, measured with ThreadMXBean: the gateway's event
 * loop (drain, book update, encode once per view, per-session header, gathered writes) and the
 * engine-side listener call.
 */
class AllocationTest
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private static final int AAPL = 1;
    private static final int RESTING = 200;
    private static final int BATCH_EVENTS = 12;

    private long bytesBeforeSinks;
    private final BookEvent event = new BookEvent();
    private long nextOrderId = 1;

    @ParameterizedTest
    @EnumSource(MdIdleMode.class)
    void shouldNotAllocateOnTheEventLoopPerUpdateInSteadyState(final MdIdleMode idle) throws Exception
    {
        try (MarketDataGateway gateway = TestVenue.launch(TestVenue.config().withIdleMode(idle),
            new SimpleMeterRegistry()))
        {
            final List<SinkClient> sinks = new ArrayList<>();
            try
            {
                sinks.add(new SinkClient(gateway.port(), "MD01", "AAPL", 0, "N"));
                sinks.add(new SinkClient(gateway.port(), "MD02", "AAPL", 0, "Y"));
                sinks.add(new SinkClient(gateway.port(), "MD03", "AAPL", 5, "Y"));
                sinks.add(new SinkClient(gateway.port(), "MD04", "AAPL", 0, "N"));
                bytesBeforeSinks = gateway.counters().bytesOut.get();
                final long loopThread = gateway.eventLoopThreadId();
                for (int i = 0; i < 5; i++)
                {
                    run(gateway, sinks, 20_000);
                }
                final long loopBefore = THREADS.getThreadAllocatedBytes(loopThread);
                final long listenerBefore = THREADS.getCurrentThreadAllocatedBytes();
                final long messagesBefore = gateway.counters().messagesOut.get();
                final long entriesBefore = gateway.counters().entriesOut.get();
                final int events = run(gateway, sinks, 50_000);
                final long listenerBytes = THREADS.getCurrentThreadAllocatedBytes() - listenerBefore;
                final long loopBytes = THREADS.getThreadAllocatedBytes(loopThread) - loopBefore;
                final long messages = gateway.counters().messagesOut.get() - messagesBefore;
                final long entries = gateway.counters().entriesOut.get() - entriesBefore;
                System.out.printf("md-gateway allocation (%s): event loop %d bytes for %d events / %d messages / "
                    + "%d entries; listener %d bytes%n", idle, loopBytes, events, messages, entries, listenerBytes);
                assertTrue(entries >= events * 3L, "entries out: " + entries);
                assertEquals(0, gateway.counters().errors.get());
                assertTrue(loopBytes < events / 10, "event loop allocated " + loopBytes + " bytes for " + events
                    + " events");
                assertTrue(listenerBytes < events / 10, "listener allocated " + listenerBytes + " bytes for " + events
                    + " events");
            }
            finally
            {
                for (final SinkClient sink : sinks)
                {
                    sink.close();
                }
            }
        }
    }

    /**
     * Batched fan-out: every drained batch holds {@value #BATCH_EVENTS} events of three instruments (handed over from a
     * task on the event loop, so one drain reads them all), each of four subscribers holds views of all three, so
     * every batch leaves in one message per subscriber with several instruments in it.
     */
    @ParameterizedTest
    @EnumSource(MdIdleMode.class)
    void shouldNotAllocateOnTheEventLoopPerEventWhenBatchesHoldSeveralEventsOfSeveralInstruments(final MdIdleMode idle)
        throws Exception
    {
        try (MarketDataGateway gateway = TestVenue.launch(TestVenue.config().withIdleMode(idle),
            new SimpleMeterRegistry()))
        {
            final List<String> symbols = List.of("AAPL", "MSFT", "TSLA");
            final List<SinkClient> sinks = new ArrayList<>();
            try
            {
                sinks.add(new SinkClient(gateway.port(), "MD01", symbols, 0, "N"));
                sinks.add(new SinkClient(gateway.port(), "MD02", symbols, 0, "Y"));
                sinks.add(new SinkClient(gateway.port(), "MD03", symbols, 5, "Y"));
                sinks.add(new SinkClient(gateway.port(), "MD04", symbols, 0, "N"));
                bytesBeforeSinks = gateway.counters().bytesOut.get();
                final long loopThread = gateway.eventLoopThreadId();
                final BatchTask batch = new BatchTask(gateway);
                for (int i = 0; i < 5; i++)
                {
                    runBatches(gateway, sinks, batch, 20_000);
                }
                final long loopBefore = THREADS.getThreadAllocatedBytes(loopThread);
                final long messagesBefore = gateway.counters().messagesOut.get();
                final long entriesBefore = gateway.counters().entriesOut.get();
                final long fanOutsBefore = gateway.fanOutsCompleted();
                final int events = runBatches(gateway, sinks, batch, 50_000);
                final long loopBytes = THREADS.getThreadAllocatedBytes(loopThread) - loopBefore;
                final long messages = gateway.counters().messagesOut.get() - messagesBefore;
                final long entries = gateway.counters().entriesOut.get() - entriesBefore;
                final long batches = gateway.fanOutsCompleted() - fanOutsBefore;
                System.out.printf("md-gateway batched allocation (%s): event loop %d bytes for %d events in %d "
                    + "batches / %d messages / %d entries%n", idle, loopBytes, events, batches, messages, entries);
                assertEquals(events / BATCH_EVENTS, batches, "one drained batch per task");
                assertEquals(batches * sinks.size(), messages, "one message per subscriber and batch");
                assertTrue(entries >= events * 3L, "entries out: " + entries);
                assertEquals(0, gateway.counters().errors.get());
                assertTrue(loopBytes < events / 10, "event loop allocated " + loopBytes + " bytes for " + events
                    + " events");
            }
            finally
            {
                for (final SinkClient sink : sinks)
                {
                    sink.close();
                }
            }
        }
    }

    /** Runs {@code batch} on the event loop until {@code events} events went out. @return events sent. */
    private int runBatches(final MarketDataGateway gateway, final List<SinkClient> sinks, final BatchTask batch,
        final int events) throws Exception
    {
        int sent = 0;
        while (sent < events)
        {
            gateway.submitToEventLoop(batch).get(10, TimeUnit.SECONDS);
            sent += BATCH_EVENTS;
            if (sent % 1_200 == 0)
            {
                awaitDelivered(gateway, sinks);
            }
        }
        awaitDelivered(gateway, sinks);
        return sent;
    }

    /**
     * One batch, run on the event loop: per instrument an add, a size-down and, once enough rest, a partial execution
     * and a delete of an older order (before that, an add and a delete). Preallocated; the event is reused.
     */
    private static final class BatchTask implements Runnable
    {
        private final MarketDataGateway gateway;
        private final BookEvent event = new BookEvent();
        private long nextOrderId = 1;

        BatchTask(final MarketDataGateway gateway)
        {
            this.gateway = gateway;
        }

        @Override
        public void run()
        {
            for (int instrument = 1; instrument <= 3; instrument++)
            {
                final long id = nextOrderId++;
                send(instrument, BookEvent.Type.ADD, id, 100, 0);
                send(instrument, BookEvent.Type.MODIFY_KEEP_PRIORITY, id, 60, 0);
                final long old = id - 3 * RESTING;
                if (old > 0)
                {
                    send(instrument, BookEvent.Type.EXECUTE, old, 50, 10);
                    send(instrument, BookEvent.Type.DELETE, old, 50, 0);
                }
                else
                {
                    send(instrument, BookEvent.Type.ADD, id + 10_000_000, 100, 0);
                    send(instrument, BookEvent.Type.DELETE, id + 10_000_000, 100, 0);
                }
            }
        }

        private void send(final int instrument, final BookEvent.Type type, final long orderId, final long quantity,
            final long traded)
        {
            final Side side = (orderId & 1) == 0 ? Side.BUY : Side.SELL;
            event.type = type;
            event.instrumentId = instrument;
            event.orderId = orderId;
            event.side = side;
            event.price = TestVenue.REFERENCE_PRICE + (side == Side.BUY ? -1 : 1) * TestVenue.TICK * (1 + orderId % 7);
            event.quantity = quantity;
            event.tradeQuantity = traded;
            event.aggressorOrderId = orderId + 1_000_000;
            event.engineInNs = System.currentTimeMillis() * 1_000_000L;
            event.engineOutNs = event.engineInNs + 1_000;
            gateway.onBookEvent(event);
        }
    }

    /**
     * Adds, size-downs, partial executions and deletes keeping about {@value #RESTING} orders resting. @return events
     * sent.
     */
    private int run(final MarketDataGateway gateway, final List<SinkClient> sinks, final int events)
        throws Exception
    {
        int sent = 0;
        while (sent < events)
        {
            final long id = nextOrderId++;
            final Side side = (id & 1) == 0 ? Side.BUY : Side.SELL;
            final long price = TestVenue.REFERENCE_PRICE + (side == Side.BUY ? -1 : 1) * TestVenue.TICK * (1 + id % 7);
            send(gateway, BookEvent.Type.ADD, id, side, price, 100, 0);
            send(gateway, BookEvent.Type.MODIFY_KEEP_PRIORITY, id, side, price, 60, 0);
            if (id > RESTING)
            {
                final long old = id - RESTING;
                final Side oldSide = (old & 1) == 0 ? Side.BUY : Side.SELL;
                final long oldPrice =
                    TestVenue.REFERENCE_PRICE + (oldSide == Side.BUY ? -1 : 1) * TestVenue.TICK * (1 + old % 7);
                send(gateway, BookEvent.Type.EXECUTE, old, oldSide, oldPrice, 50, 10);
                send(gateway, BookEvent.Type.DELETE, old, oldSide, oldPrice, 50, 0);
                sent += 2;
            }
            sent += 2;
            if (sent % 1_000 < 4)
            {
                awaitDelivered(gateway, sinks);
            }
        }
        awaitDelivered(gateway, sinks);
        return sent;
    }

    /**
     * Waits until the ring is drained and every byte queued to a session reached its sink, so backlogs stay bounded,
     * then until the event loop finished the drain that wrote them: a sink can hold the last bytes before that drain
     * counted its fan-out, and a count read in between would carry it into the next window.
     */
    private void awaitDelivered(final MarketDataGateway gateway, final List<SinkClient> sinks)
        throws Exception
    {
        final long deadline = System.currentTimeMillis() + 10_000;
        while (gateway.queuedEventBytes() > 0 || received(sinks) < gateway.counters().bytesOut.get() - bytesBeforeSinks)
        {
            if (System.currentTimeMillis() > deadline)
            {
                throw new AssertionError("subscribers did not receive everything within 10 s");
            }
            Thread.yield();
        }
        gateway.submitToEventLoop(() -> { }).get(10, TimeUnit.SECONDS);
    }

    private static long received(final List<SinkClient> sinks)
    {
        long total = 0;
        for (int i = 0; i < sinks.size(); i++)
        {
            total += sinks.get(i).bytes.get();
        }
        return total;
    }

    private void send(final MarketDataGateway gateway, final BookEvent.Type type, final long orderId, final Side side,
        final long price, final long quantity, final long traded)
    {
        event.type = type;
        event.instrumentId = AAPL;
        event.orderId = orderId;
        event.side = side;
        event.price = price;
        event.quantity = quantity;
        event.tradeQuantity = traded;
        event.aggressorOrderId = orderId + 1_000_000;
        event.engineInNs = System.currentTimeMillis() * 1_000_000L;
        event.engineOutNs = event.engineInNs + 1_000;
        gateway.onBookEvent(event);
    }
}
