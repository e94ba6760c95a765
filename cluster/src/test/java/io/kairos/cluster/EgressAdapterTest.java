package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.EventCodec;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The cluster client's egress: order, gaps, recovery through the redelivery rule, and lost history. */
class EgressAdapterTest
{
    private static final long INSTANCE = 7;
    private static final long OTHER_INSTANCE = 8;
    private static final long ENGINE_IN = 1_000;
    private static final long TRANSACT_TIME = 5_000;

    private final UnsafeBuffer message = new UnsafeBuffer(new byte[4096]);
    private final PendingCommands pending = new PendingCommands(8);
    private final List<Throwable> errors = new ArrayList<>();
    private final List<Long> resumes = new ArrayList<>();
    private final Recorder listener = new Recorder();
    private final EgressAdapter adapter = new EgressAdapter(new int[] {0, 1}, 2, INSTANCE, pending, errors::add,
        resumes::add, (term, member) -> listener.lines.add("leader " + member));

    @Test
    void shouldDeliverEachCommandOnceInIndexOrderAndCompleteItsOwnCommands()
    {
        caughtUpAfterRecovery();
        append(3);

        receive(events(1, INSTANCE, 2, 0, execution(0, 1, 1)));
        receive(events(2, OTHER_INSTANCE, 9, 1, execution(1, 2, 2)));
        receive(events(2, OTHER_INSTANCE, 9, 1, execution(1, 2, 2))); // a replay overlapping what came live

        assertEquals(List.of("exec 1 recovered=false", "book", "complete 0", "exec 2 recovered=false", "book",
            "complete 1"), listener.lines);
        assertEquals(1, pending.unanswered(), "this instance's commands through sequence 2 answered");
        assertEquals(2, adapter.lastIndex());
        assertTrue(resumes.isEmpty());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void shouldAskToResumeOnceAfterAGapAndDeliverNothingPastIt()
    {
        caughtUpAfterRecovery();
        receive(events(1, OTHER_INSTANCE, 1, 0, execution(0, 1, 1)));

        receive(events(3, OTHER_INSTANCE, 3, 0, execution(0, 3, 1)));
        assertEquals(List.of(1L), resumes, "resume after the last index delivered");
        adapter.awaitResume(1);
        receive(events(4, OTHER_INSTANCE, 4, 0, execution(0, 4, 1)));
        assertEquals(List.of(1L), resumes, "a resume under way: no second request");

        assertEquals(List.of("exec 1 recovered=false", "book", "complete 0"), listener.lines);
        assertEquals(1, adapter.lastIndex());
    }

    @Test
    void shouldRedeliverOnlyWhatTheListenerLacksKeepingTheOriginalTransactTimeThenTheBooks()
    {
        listener.lacksAfter = 1;
        assertEquals(1, adapter.recover(listener));
        adapter.awaitResume(1);
        receive(resumed(3, 1));

        final UnsafeBuffer both = events(2, OTHER_INSTANCE, 2, 0, execution(0, 2, 1), execution(0, 2, 2));
        receive(both);
        receive(events(3, OTHER_INSTANCE, 3, 1, execution(1, 3, 1)));
        receive(books(3));
        assertTrue(adapter.recovering());
        receive(caughtUp(3));

        assertFalse(adapter.recovering());
        assertEquals(List.of("exec 2 recovered=true", "exec 3 recovered=true", "book", "recovered 0 after 3",
            "recovered 1 after 3"), listener.lines, "session 1's events only, no completions, the books after");
        assertEquals(TRANSACT_TIME, listener.transactTimes.get(0), "kept as first reported, not set to engine-in");
    }

    @Test
    void shouldCountAndReportTheCommandsTheClusterNoLongerKeeps()
    {
        adapter.recover(EngineEventListener.NO_OP);
        adapter.awaitResume(0);

        receive(resumed(10, 5));

        assertEquals(4, adapter.lostCommands());
        assertEquals(4, adapter.lastIndex());
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).getMessage().contains("1..4"), errors.get(0).getMessage());
    }

    private void caughtUpAfterRecovery()
    {
        adapter.recover(listener);
        adapter.awaitResume(Long.MAX_VALUE);
        receive(caughtUp(0));
        listener.lines.clear();
    }

    private void append(final int commands)
    {
        for (int i = 0; i < commands; i++)
        {
            pending.append(message, 0, 8, INSTANCE);
        }
    }

    private void receive(final UnsafeBuffer buffer)
    {
        adapter.onMessage(0, 0, buffer, 0, buffer.capacity(), null);
    }

    private static ExecutionEvent execution(final int partition, final long index, final int session)
    {
        final ExecutionEvent event = new ExecutionEvent();
        event.partition = partition;
        event.journalIndex = index;
        event.sessionId = session;
        event.execType = ExecType.NEW;
        event.engineInNs = ENGINE_IN;
        event.transactTimeNs = TRANSACT_TIME;
        return event;
    }

    private static UnsafeBuffer events(
        final long index, final long instance, final long sequence, final int partition,
        final ExecutionEvent... executions)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        buffer.putByte(TYPE_OFFSET, EVENTS);
        buffer.putInt(EVENTS_PARTITION_OFFSET, partition);
        buffer.putLong(EVENTS_INDEX_OFFSET, index);
        buffer.putLong(EVENTS_INSTANCE_OFFSET, instance);
        buffer.putLong(EVENTS_SEQUENCE_OFFSET, sequence);
        buffer.putInt(EVENTS_COUNT_OFFSET, executions.length + 1);
        int position = EVENTS_HEADER_LENGTH;
        for (final ExecutionEvent execution : executions)
        {
            buffer.putByte(position, EXECUTION_EVENT);
            position += 1 + EventCodec.encode(execution, buffer, position + 1);
        }
        buffer.putByte(position, BOOK_EVENT); // a live command's book event: not delivered while recovering
        final BookEvent book = new BookEvent();
        book.type = BookEvent.Type.ADD;
        position += 1 + EventCodec.encode(book, buffer, position + 1);
        return new UnsafeBuffer(buffer, 0, position);
    }

    private static UnsafeBuffer books(final long index)
    {
        final UnsafeBuffer buffer = events(index, 0, 0, ALL_PARTITIONS);
        buffer.putByte(TYPE_OFFSET, BOOKS);
        return buffer;
    }

    private static UnsafeBuffer resumed(final long last, final long firstKept)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[RESUMED_LENGTH]);
        buffer.putByte(TYPE_OFFSET, RESUMED);
        buffer.putLong(RESUMED_LAST_INDEX_OFFSET, last);
        buffer.putLong(RESUMED_FIRST_KEPT_OFFSET, firstKept);
        return buffer;
    }

    private static UnsafeBuffer caughtUp(final long last)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[RESUMED_LENGTH]);
        buffer.putByte(TYPE_OFFSET, CAUGHT_UP);
        buffer.putLong(RESUMED_LAST_INDEX_OFFSET, last);
        return buffer;
    }

    /** Lacks session 1's events after {@link #lacksAfter} in every partition. */
    private static final class Recorder implements EngineEventListener
    {
        private final List<String> lines = new ArrayList<>();
        private final List<Long> transactTimes = new ArrayList<>();
        private long lacksAfter = Long.MAX_VALUE;

        @Override
        public void onExecution(final ExecutionEvent event)
        {
            lines.add("exec " + event.journalIndex + " recovered=" + event.recovered);
            transactTimes.add(event.transactTimeNs);
        }

        @Override
        public void onBookEvent(final BookEvent event)
        {
            lines.add("book");
        }

        @Override
        public void onCommandComplete(final int partition)
        {
            lines.add("complete " + partition);
        }

        @Override
        public long redeliverAfter(final int partition)
        {
            return lacksAfter;
        }

        @Override
        public boolean needsRedelivery(final ExecutionEvent event)
        {
            return event.sessionId == 1;
        }

        @Override
        public void onRecoveryComplete(final int partition, final long lastJournalIndex)
        {
            lines.add("recovered " + partition + " after " + lastJournalIndex);
        }
    }
}
