package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The redelivery rule both engines apply while a listener recovers, and what each does to TransactTime. */
class RedeliveryFilterTest
{
    private static final long ENGINE_IN = 1_000;
    private static final long TRANSACT_TIME = 5_000;

    @Test
    void shouldPassOnlyWhatTheListenerNeedsAfterItsPointMarkedRecovered()
    {
        final Lacking listener = new Lacking(10, 10);
        final RedeliveryFilter filter = RedeliveryFilter.ofReplay(listener, 1, 10);

        filter.onExecution(event(1, 10, 1));
        filter.onExecution(event(1, 11, 2)); // not needed
        filter.onExecution(event(1, 11, 1));
        filter.onBookEvent(new BookEvent());

        assertEquals(1, listener.received.size(), "the event after the point that the listener needs, only");
        assertEquals(11, listener.received.get(0).journalIndex);
        assertTrue(listener.received.get(0).recovered);
        assertEquals(1, filter.redelivered());
        assertEquals(0, listener.books);
    }

    @Test
    void shouldSetAReplayedEventsTransactTimeBackToItsEngineIn()
    {
        final Lacking listener = new Lacking(0, 0);
        final RedeliveryFilter filter = RedeliveryFilter.ofReplay(listener, 0, 0);

        filter.onExecution(event(0, 1, 1));
        final ExecutionEvent unstamped = event(0, 2, 1);
        unstamped.engineInNs = 0;
        filter.onExecution(unstamped);

        assertEquals(ENGINE_IN, listener.received.get(0).transactTimeNs, "re-created at replay time: engine-in");
        assertEquals(TRANSACT_TIME, listener.received.get(1).transactTimeNs, "no engine-in kept: left alone");
    }

    @Test
    void shouldLeaveAKeptOriginalsTransactTimeAsFirstReported()
    {
        final Lacking listener = new Lacking(0, 0);
        final RedeliveryFilter filter = RedeliveryFilter.ofOriginals(listener, new int[] {0}, 1);

        filter.onExecution(event(0, 1, 1));

        assertEquals(1, listener.received.size());
        assertTrue(listener.received.get(0).recovered);
        assertEquals(TRANSACT_TIME, listener.received.get(0).transactTimeNs, "the original's, not engine-in");
    }

    @Test
    void shouldAskEachHostedPartitionsPointAndDropPartitionsNotHosted()
    {
        final Lacking listener = new Lacking(5, 20);
        final RedeliveryFilter filter = RedeliveryFilter.ofOriginals(listener, new int[] {0, 2}, 3);

        assertEquals(5, filter.earliestRedeliverAfter());
        filter.onExecution(event(0, 6, 1));
        filter.onExecution(event(2, 6, 1)); // before partition 2's point
        filter.onExecution(event(2, 21, 1));
        filter.onExecution(event(1, 100, 1)); // not hosted: its point is none
        filter.onExecution(event(7, 100, 1)); // no such partition

        assertEquals(List.of(0, 2), listener.received.stream().map(e -> e.partition).toList());
        assertEquals(2, filter.redelivered());
    }

    @Test
    void shouldStartAfterNothingWhenNoPartitionLacksAnything()
    {
        final RedeliveryFilter filter = RedeliveryFilter.ofOriginals(EngineEventListener.NO_OP, new int[] {0, 1}, 2);

        assertEquals(Long.MAX_VALUE, filter.earliestRedeliverAfter());
        final ExecutionEvent event = event(0, Long.MAX_VALUE - 1, 1);
        filter.onExecution(event);
        assertFalse(event.recovered);
        assertEquals(0, filter.redelivered());
    }

    private static ExecutionEvent event(final int partition, final long journalIndex, final int sessionId)
    {
        final ExecutionEvent event = new ExecutionEvent();
        event.partition = partition;
        event.journalIndex = journalIndex;
        event.sessionId = sessionId;
        event.engineInNs = ENGINE_IN;
        event.transactTimeNs = TRANSACT_TIME;
        return event;
    }

    /** Lacks session 1's events after its point: {@code firstAfter} in partition 0, {@code otherAfter} elsewhere. */
    private static final class Lacking implements EngineEventListener
    {
        private final long firstAfter;
        private final long otherAfter;
        private final List<ExecutionEvent> received = new ArrayList<>();
        private int books;

        Lacking(final long firstAfter, final long otherAfter)
        {
            this.firstAfter = firstAfter;
            this.otherAfter = otherAfter;
        }

        @Override
        public long redeliverAfter(final int partition)
        {
            return partition == 0 ? firstAfter : otherAfter;
        }

        @Override
        public boolean needsRedelivery(final ExecutionEvent event)
        {
            return event.sessionId == 1;
        }

        @Override
        public void onExecution(final ExecutionEvent event)
        {
            received.add(event);
        }

        @Override
        public void onBookEvent(final BookEvent event)
        {
            books++;
        }
    }
}
