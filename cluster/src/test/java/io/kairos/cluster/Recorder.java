package io.kairos.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;

/** Copies what a cluster client delivers, for assertions; its calls come from the client's agent thread. */
final class Recorder implements EngineEventListener
{
    private final List<ExecutionEvent> executions = new ArrayList<>();
    private final List<BookEvent> books = new ArrayList<>();

    @Override
    public synchronized void onExecution(final ExecutionEvent event)
    {
        final ExecutionEvent copy = new ExecutionEvent();
        copy.copyFrom(event);
        executions.add(copy);
    }

    @Override
    public synchronized void onBookEvent(final BookEvent event)
    {
        final BookEvent copy = new BookEvent();
        copy.copyFrom(event);
        books.add(copy);
    }

    synchronized long newOrders()
    {
        return executions.stream().filter(e -> e.execType == ExecType.NEW).count();
    }

    /** Whether every book event delivered so far was marked recovered. */
    synchronized boolean allBookEventsRecovered()
    {
        return books.stream().allMatch(b -> b.recovered);
    }

    synchronized long fills()
    {
        return executions.stream().filter(e -> e.execType == ExecType.TRADE).count();
    }

    synchronized long bookEvents(final BookEvent.Type type)
    {
        return books.stream().filter(e -> e.type == type).count();
    }

    synchronized boolean eachClOrdIdOnce()
    {
        return duplicates().isEmpty();
    }

    synchronized Map<String, Integer> duplicates()
    {
        final Map<String, Integer> counts = new HashMap<>();
        executions.stream().filter(e -> e.execType == ExecType.NEW)
            .forEach(e -> counts.merge(e.clOrdId.toString(), 1, Integer::sum));
        counts.values().removeIf(c -> c == 1);
        return counts;
    }
}
