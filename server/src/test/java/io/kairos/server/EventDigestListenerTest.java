package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.MatchingCore;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.Test;

/** The live digest ({@code engine.event-digest=true}) on the thread that delivers events. */
class EventDigestListenerTest
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final EngineConfig config = KairosConfigLoader.load(null, Map.of()).engine();
    /** Unique ClOrdIDs without allocating: the same builder, rewritten. */
    private final StringBuilder clOrdId = new StringBuilder(16);

    /**
     * The digest alone, fed events the matcher produced (copied, as a consumer on another thread would hold them):
     * the matcher's own allocation-freedom is the engine's {@code AllocationTest}.
     */
    @Test
    void shouldAllocateNothingPerEventAfterWarmUp()
    {
        final List<ExecutionEvent> executions = new ArrayList<>();
        final List<BookEvent> books = new ArrayList<>();
        final MatchingCore matcher = new MatchingCore(0, config, new SystemEpochNanoClock());
        matcher.listener(new EngineEventListener()
        {
            public void onExecution(final ExecutionEvent event)
            {
                final ExecutionEvent copy = new ExecutionEvent();
                copy.copyFrom(event);
                executions.add(copy);
            }

            public void onBookEvent(final BookEvent event)
            {
                final BookEvent copy = new BookEvent();
                copy.copyFrom(event);
                books.add(copy);
            }
        });
        final EngineCommand command = new EngineCommand();
        for (int i = 0; i < 100; i++)
        {
            trade(matcher, command, i);
        }
        final EventDigestListener digest = new EventDigestListener(config, EngineEventListener.NO_OP);
        digest.onRecoveryComplete(0, 0);
        for (int round = 0; round < 2_000; round++)
        {
            deliver(digest, executions, books);
        }
        final long events = eventsOf(digest);
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int round = 0; round < 500; round++)
        {
            deliver(digest, executions, books);
        }
        final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertEquals(events + 500L * (executions.size() + books.size()), eventsOf(digest), "every event digested");
        assertEquals(0, allocated, "bytes allocated while digesting " + 500 * (executions.size() + books.size()) +
            " events");
    }

    private static void deliver(
        final EventDigestListener digest, final List<ExecutionEvent> executions, final List<BookEvent> books)
    {
        for (int i = 0; i < executions.size(); i++)
        {
            digest.onExecution(executions.get(i));
        }
        for (int i = 0; i < books.size(); i++)
        {
            digest.onBookEvent(books.get(i));
        }
    }

    @Test
    void shouldDigestOnlyWhatFollowsRecoveryAndNothingMarkedRecovered()
    {
        final EventDigestListener digest = new EventDigestListener(config, EngineEventListener.NO_OP);
        final ExecutionEvent event = new ExecutionEvent();
        digest.onExecution(event);
        digest.onBookEvent(new BookEvent());
        digest.onRecoveryComplete(0, 41);
        event.recovered = true;
        digest.onExecution(event);
        event.recovered = false;
        digest.onExecution(event);
        assertTrue(digest.describe().get(0).contains(" events 1 records after 41 (replay: --from-index 42)"),
            digest.describe().get(0));
    }

    /** A resting sell and a buy that takes it (AAPL, partition 0): acks, fills and book events. */
    private void trade(final MatchingCore matcher, final EngineCommand command, final int i)
    {
        clOrdId.setLength(0);
        clOrdId.append(i);
        matcher.apply(command.newOrder(1, clOrdId, 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY, 190_000_000L, 1));
        matcher.apply(command.newOrder(2, clOrdId, 1, Side.BUY, OrderType.LIMIT, TimeInForce.IOC, 190_000_000L, 1));
    }

    private static long eventsOf(final EventDigestListener digest)
    {
        final String line = digest.describe().get(0);
        final int from = line.indexOf(" events ") + 8;
        return Long.parseLong(line.substring(from, line.indexOf(' ', from)));
    }
}
