package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class OutboundBacklogTest
{
    @Test
    void shouldKeepInOrderTheReportsItDoesNotRemoveAlsoAcrossTheRingsEnd()
    {
        final OutboundBacklog backlog = new OutboundBacklog(8);
        final QueuedExecution execution = new QueuedExecution();
        for (long id = 1; id <= 6; id++)
        {
            execution.event.execId = id;
            backlog.add(execution);
        }
        backlog.removeFirst();
        backlog.removeFirst();
        for (long id = 7; id <= 10; id++) // the ring of 8 wraps
        {
            execution.event.execId = id;
            backlog.add(execution);
        }

        assertEquals(4, backlog.removeIf(queued -> queued.event.execId % 2 == 0));

        assertEquals(4, backlog.size());
        for (final long expected : new long[] {3, 5, 7, 9})
        {
            assertEquals(expected, backlog.peek().event.execId);
            backlog.removeFirst();
        }
        assertNull(backlog.peek());
        execution.event.execId = 11;
        backlog.add(execution);
        assertEquals(11, backlog.peek().event.execId, "the slots are still whole after the removal");
    }
}
