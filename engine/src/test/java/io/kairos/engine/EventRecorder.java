package io.kairos.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Test listener: renders every event as one readable line (order and exec ids as their sequence numbers). */
final class EventRecorder implements EngineEventListener
{
    final List<String> lines = new ArrayList<>();
    final List<String> bookLines = new ArrayList<>();
    final List<ExecutionEvent> executions = new ArrayList<>();
    final List<BookEvent> bookEvents = new ArrayList<>();
    boolean recordBook = true;
    private long redeliverAfter = Long.MAX_VALUE;
    private Predicate<ExecutionEvent> lacks = e -> false;

    /**
     * A recorder that, at start-up recovery, lacks the events after {@code redeliverAfter} that {@code lacks} matches.
     */
    static EventRecorder lacking(final long redeliverAfter, final Predicate<ExecutionEvent> lacks)
    {
        final EventRecorder recorder = new EventRecorder();
        recorder.redeliverAfter = redeliverAfter;
        recorder.lacks = lacks;
        return recorder;
    }

    @Override
    public long redeliverAfter(final int partition)
    {
        return redeliverAfter;
    }

    @Override
    public boolean needsRedelivery(final ExecutionEvent event)
    {
        return lacks.test(event);
    }

    @Override
    public synchronized void onExecution(final ExecutionEvent e)
    {
        final ExecutionEvent copy = new ExecutionEvent();
        copy.copyFrom(e);
        executions.add(copy);
        lines.add(render(e));
    }

    @Override
    public synchronized void onBookEvent(final BookEvent b)
    {
        final BookEvent copy = new BookEvent();
        copy.copyFrom(b);
        bookEvents.add(copy);
        if (recordBook)
        {
            final String line = renderBook(b);
            lines.add(line);
            bookLines.add(line);
        }
    }

    /** A copy of the executions so far, taken under the lock the matcher threads write with (safe to stream). */
    synchronized List<ExecutionEvent> executionsSnapshot()
    {
        return new ArrayList<>(executions);
    }

    synchronized List<String> drain()
    {
        final List<String> result = new ArrayList<>(lines);
        lines.clear();
        bookLines.clear();
        return result;
    }

    static String render(final ExecutionEvent e)
    {
        final StringBuilder sb = new StringBuilder();
        switch (e.kind)
        {
            case CANCEL_REJECT -> sb.append("9 s").append(e.sessionId).append(' ').append(e.clOrdId)
                .append(" orig=").append(e.origClOrdId).append(' ').append(e.rejectReason);
            case MASS_CANCEL_REPORT -> sb.append("r s").append(e.sessionId).append(' ').append(e.clOrdId)
                .append(" affected=").append(e.affectedOrders);
            default ->
            {
                sb.append("8 s").append(e.sessionId).append(' ').append(e.clOrdId).append(' ')
                    .append(e.execType).append('/').append(e.ordStatus);
                if (e.orderId != 0)
                {
                    sb.append(" o").append(e.orderId >> MatchingCore.ID_PARTITION_BITS);
                }
                if (e.execType != ExecType.REJECTED)
                {
                    sb.append(' ').append(e.orderQty).append('@').append(Prices.toString(e.price))
                        .append(" cum=").append(e.cumQty).append(" leaves=").append(e.leavesQty);
                }
                if (e.lastQty != 0)
                {
                    sb.append(" last=").append(e.lastQty).append('@').append(Prices.toString(e.lastPx))
                        .append(" avg=").append(Prices.toString(e.avgPx));
                }
                if (!e.origClOrdId.isEmpty())
                {
                    sb.append(" orig=").append(e.origClOrdId);
                }
                if (e.rejectReason != RejectReason.NONE)
                {
                    sb.append(' ').append(e.rejectReason);
                }
            }
        }
        return sb.toString();
    }

    static String renderBook(final BookEvent b)
    {
        if (b.type == BookEvent.Type.STATUS)
        {
            final Instrument instrument = TestInstruments.config().instruments().byId(b.instrumentId);
            return "B STATUS " + (instrument == null ? "#" + b.instrumentId : instrument.symbol()) + " " +
                b.tradingStatus;
        }
        final StringBuilder sb =
            new StringBuilder("B ").append(b.type).append(" o").append(b.orderId >> MatchingCore.ID_PARTITION_BITS)
            .append(' ').append(b.side).append(' ').append(b.quantity).append('@').append(Prices.toString(b.price));
        if (b.type == BookEvent.Type.EXECUTE)
        {
            sb.append(" traded=").append(b.tradeQuantity)
                .append(" by=o").append(b.aggressorOrderId >> MatchingCore.ID_PARTITION_BITS);
        }
        return sb.toString();
    }
}
