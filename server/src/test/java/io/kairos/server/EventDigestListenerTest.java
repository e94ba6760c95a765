package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
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

    @Test
    void shouldAllocateNothingPerEventAfterWarmUp()
    {
        final EventDigestListener digest = new EventDigestListener(config, EngineEventListener.NO_OP);
        digest.onRecoveryComplete(0, 0);
        digest.onRecoveryComplete(1, 0);
        final MatchingCore matcher = new MatchingCore(0, config, new SystemEpochNanoClock());
        matcher.listener(digest);
        final EngineCommand command = new EngineCommand();
        for (int i = 0; i < 200_000; i++)
        {
            trade(matcher, command, i);
        }
        final long events = eventsOf(digest);
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 200_000; i < 250_000; i++)
        {
            trade(matcher, command, i);
        }
        final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertEquals(events + 300_000, eventsOf(digest), "six events a trade were digested");
        assertEquals(0, allocated, "bytes allocated while digesting");
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

    /** A resting sell and a buy that takes it: an ack each, a fill each and two book events (AAPL, partition 0). */
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
