package io.kairos.engine;

/**
 * Fills the matcher's two reusable events and hands them to the listener, stamping each with the
 * command's one time (TransactTime and engine-out: no clock read per event). Owned by the matcher
 * thread; allocation-free.
 */
final class EventEmitter
{
    private final ExecutionEvent exec = new ExecutionEvent();
    private final BookEvent book = new BookEvent();
    private final int partition;
    private EngineEventListener listener = EngineEventListener.NO_OP;
    private EngineCommand command;
    private long matchStartNs;
    private long journalIndex;

    EventEmitter(final int partition)
    {
        this.partition = partition;
    }

    void listener(final EngineEventListener listener)
    {
        this.listener = listener;
    }

    void beginCommand(final EngineCommand command, final long matchStartNs, final long journalIndex)
    {
        this.command = command;
        this.matchStartNs = matchStartNs;
        this.journalIndex = journalIndex;
    }

    void endCommand()
    {
        listener.onCommandComplete(partition);
        command = null;
    }

    /** An execution event answering the current command, for its sender. */
    ExecutionEvent reply(final ExecutionEvent.Kind kind)
    {
        final ExecutionEvent e = blank(kind, command.sessionId);
        e.correlationId = command.correlationId;
        e.cause = command.type;
        e.clOrdId.set(command.clOrdId);
        e.gatewayInNs = command.gatewayInNs;
        return e;
    }

    /** An execution event for an order's owner that did not send the current command (a passive fill or cancel). */
    ExecutionEvent unsolicited(final int sessionId)
    {
        return blank(ExecutionEvent.Kind.EXECUTION_REPORT, sessionId);
    }

    /** Copies the order's state into the event. */
    static void orderState(final ExecutionEvent e, final Order order)
    {
        e.orderId = order.orderId;
        e.instrumentId = order.instrumentId;
        e.side = order.side;
        e.orderType = order.orderType;
        e.timeInForce = order.timeInForce;
        e.price = order.price;
        e.orderQty = order.orderQty;
        e.cumQty = order.cumQty;
        e.leavesQty = order.leavesQty;
        e.avgPx = order.avgPx();
        e.ordStatus = order.ordStatus();
    }

    void send(final ExecutionEvent e)
    {
        e.transactTimeNs = matchStartNs;
        e.engineOutNs = matchStartNs;
        listener.onExecution(e);
    }

    BookEvent book(final BookEvent.Type type, final OrderBook orderBook, final Order order)
    {
        book.reset();
        book.type = type;
        book.instrumentId = orderBook.instrument.id();
        book.sequence = ++orderBook.bookSequence;
        book.orderId = order.orderId;
        book.side = order.side;
        book.price = order.price;
        book.quantity = order.shownQty;
        if (command != null)
        {
            book.engineInNs = command.engineInNs;
            book.matchStartNs = matchStartNs;
        }
        return book;
    }

    /** A {@link BookEvent.Type#STATUS} event: the book's status is now {@code orderBook.status()}. */
    BookEvent status(final OrderBook orderBook)
    {
        book.reset();
        book.type = BookEvent.Type.STATUS;
        book.instrumentId = orderBook.instrument.id();
        book.sequence = ++orderBook.bookSequence;
        book.tradingStatus = orderBook.status();
        if (command != null)
        {
            book.engineInNs = command.engineInNs;
            book.matchStartNs = matchStartNs;
        }
        return book;
    }

    void send(final BookEvent b)
    {
        b.engineOutNs = matchStartNs;
        listener.onBookEvent(b);
    }

    private ExecutionEvent blank(final ExecutionEvent.Kind kind, final int sessionId)
    {
        exec.reset();
        exec.kind = kind;
        exec.sessionId = sessionId;
        exec.partition = partition;
        exec.journalIndex = journalIndex;
        if (command != null)
        {
            exec.engineInNs = command.engineInNs;
            exec.matchStartNs = matchStartNs;
        }
        return exec;
    }
}
