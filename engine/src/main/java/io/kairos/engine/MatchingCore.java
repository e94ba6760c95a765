package io.kairos.engine;

import org.agrona.concurrent.EpochNanoClock;

/**
 * Price-time priority matching for the instruments of one partition, as a synchronous API: {@link #apply}
 * validates one command, updates the books and hands every execution and L3 book event to the listener
 * before it returns (then {@link EngineEventListener#onCommandComplete}). The Disruptor pipeline
 * ({@link Engine}), journal replay and the tests all drive it through this one entry; so can a user who
 * embeds the matcher or sequences commands some other way (a replicated log).
 *
 * <p>Deterministic: the same commands in the same order produce the same state and the same events (time
 * stamps aside), which is what journal replay relies on. Time is read once per command (or given by the
 * caller, once per batch): every event of a command carries that one stamp as TransactTime and engine-out.
 *
 * <p>Single-threaded: owned by the thread that calls {@link #apply} (the partition's matcher thread in the
 * pipeline); not thread-safe. Allocation-free in steady state (pools and maps only grow past their
 * preallocated sizes). Events are reused: a listener copies what it keeps.
 *
 * <p>Why one large class: it is the hot path. New order, match, cancel,
 * replace, retire and the snapshot restore all work on the same private books, order pool, id and ClOrdID indices
 * and session lists; split by command, each part would need those exposed to the others (or reached through one
 * more indirection per order on the matcher thread). What is a job of its own already lives elsewhere: the rules
 * ({@link MatchingRules}), event building ({@link EventEmitter}), the indices ({@link OrderIdIndex},
 * {@link FinishedOrders}) and the snapshot format ({@link SnapshotStore}, which hands each restored order in as an
 * {@link Order}).
 */
public final class MatchingCore
{
    static final int ID_PARTITION_BITS = 8;

    private final int partition;
    private final ReferenceData referenceData;
    private final SelfTradePrevention selfTradePrevention;
    private final EpochNanoClock clock;
    private final EventEmitter emit;
    final OrderBook[] books;
    private final OrderIdIndex ordersById = new OrderIdIndex(256 * 1024);
    /**
     * Live and retained orders by (session, ClOrdID), each entry naming the order by its sequence number: a finished
     * order's retained copy takes over its id in {@link #ordersById}, so retiring an order leaves this index alone.
     * Sized for the retention window plus ~57,000 live orders before it first grows (2 MB).
     */
    private final ClOrdIdIndex clOrdIds;
    private final NodePool<Order> orderPool = new NodePool<>(Order::new, 16 * 1024);
    private final NodePool<PriceLevel> levelPool = new NodePool<>(PriceLevel::new, 1024);
    final FinishedOrders finished = new FinishedOrders(EngineConfig.FINISHED_ORDERS_RETAINED);
    Order[] sessionHeads = new Order[64];
    long orderSequence;
    long execSequence;
    private long restingOrders;
    private long trades;
    private long rejects;

    /**
     * @param partition this matcher's partition: it hosts the instruments of {@code config} with that partition
     *                  and stamps the partition into the ids it assigns.
     * @param clock     read once per {@link #apply(EngineCommand)}; not read by {@link #apply(EngineCommand, long)}.
     */
    public MatchingCore(final int partition, final EngineConfig config, final EpochNanoClock clock)
    {
        this.partition = partition;
        referenceData = config.instruments();
        selfTradePrevention = config.selfTradePrevention();
        this.clock = clock;
        emit = new EventEmitter(partition);
        clOrdIds = new ClOrdIdIndex(256 * 1024, ordersById, partition);
        books = new OrderBook[referenceData.maxId() + 1];
        for (final Instrument instrument : referenceData.instruments())
        {
            if (instrument.partition() == partition)
            {
                books[instrument.id()] = new OrderBook(instrument, levelPool);
            }
        }
    }

    /** Where events go from now on ({@link EngineEventListener#NO_OP} until set). */
    public void listener(final EngineEventListener listener)
    {
        emit.listener(listener);
    }

    public long restingOrders()
    {
        return restingOrders;
    }

    public long trades()
    {
        return trades;
    }

    /** New orders rejected plus cancel/replace requests refused. */
    public long rejects()
    {
        return rejects;
    }

    /** Matches one command at the clock's current time. */
    public void apply(final EngineCommand command)
    {
        apply(command, clock.nanoTime(), 0);
    }

    /** Matches one command at the caller's time {@code nowNs} (epoch ns): one clock read can serve a batch. */
    public void apply(final EngineCommand command, final long nowNs)
    {
        apply(command, nowNs, 0);
    }

    /** The instrument's live book, for queries between commands; null when this partition does not host it. */
    public OrderBookView book(final int instrumentId)
    {
        return bookOf(instrumentId);
    }

    /** Matches one command at {@code nowNs}; its events carry {@code journalIndex} (its journal record, 0 if none). */
    public void apply(final EngineCommand command, final long nowNs, final long journalIndex)
    {
        emit.beginCommand(command, nowNs, journalIndex);
        switch (command.type)
        {
            case NEW_ORDER -> onNewOrder(command);
            case CANCEL -> onCancel(command);
            case REPLACE -> onReplace(command);
            case ORDER_STATUS -> onOrderStatus(command);
            case MASS_CANCEL -> onMassCancel(command);
            case TRADING_STATUS -> onTradingAction(command);
            case DISCONNECT ->
            {
                // only the journal's record of an operator's action: the books are not touched
            }
            default -> throw new IllegalStateException("unknown command type " + command.type);
        }
        emit.endCommand();
    }

    // ---------------------------------------------------------------- new order

    private void onNewOrder(final EngineCommand c)
    {
        final long clOrdKey = c.clOrdId.hash64(c.sessionId);
        final Order known = c.possDup ? findByClOrdId(c.sessionId, c.clOrdId, clOrdKey) : null;
        if (known != null)
        {
            // a re-sent copy of an order already taken: tell the client where it stands instead of rejecting it
            sendStatus(known);
            return;
        }
        final OrderBook book = bookOf(c.instrumentId);
        final RejectReason reason = validateNewOrder(c, book, clOrdKey);
        if (reason != RejectReason.NONE)
        {
            rejectNewOrder(c, reason);
            return;
        }
        final Order order = orderPool.acquire();
        order.orderId = nextOrderId();
        order.sessionId = c.sessionId;
        order.clOrdId.set(c.clOrdId);
        order.clOrdKey = clOrdKey;
        order.instrumentId = c.instrumentId;
        order.side = c.side;
        order.orderType = c.orderType;
        order.timeInForce = c.timeInForce;
        order.price = c.orderType == OrderType.LIMIT ? c.price : 0;
        order.orderQty = c.quantity;
        order.leavesQty = c.quantity;
        order.maxFloor = c.maxFloor;
        order.showNextPart();
        ordersById.put(order);
        clOrdIds.add(order);
        linkToSession(order);

        final ExecutionEvent ack = emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT);
        EventEmitter.orderState(ack, order);
        ack.execType = ExecType.NEW;
        ack.execId = nextExecId();
        emit.send(ack);

        final long mustFill = c.timeInForce == TimeInForce.FOK ? order.leavesQty : c.minQty;
        if (mustFill > 0 && !MatchingRules.canFillAtLeast(book, order, mustFill, selfTradePrevention))
        {
            finish(order, ExecType.EXPIRED, true);
            return;
        }
        matchAndRest(book, order);
    }

    private RejectReason validateNewOrder(final EngineCommand c, final OrderBook book, final long clOrdKey)
    {
        if (c.preReject != RejectReason.NONE)
        {
            return c.preReject;
        }
        if (book == null)
        {
            return referenceData.byId(c.instrumentId) == null ? RejectReason.UNKNOWN_INSTRUMENT
                : RejectReason.NOT_HOSTED;
        }
        if (c.side == null || c.orderType == null || c.timeInForce == null)
        {
            return RejectReason.INVALID_ORDER;
        }
        final RejectReason closed = tradingFailure(book);
        if (closed != RejectReason.NONE)
        {
            return closed;
        }
        final RejectReason quantity = MatchingRules.validateQuantity(book.instrument, c.quantity);
        if (quantity != RejectReason.NONE)
        {
            return quantity;
        }
        if (c.orderType == OrderType.LIMIT)
        {
            final RejectReason price = MatchingRules.validatePrice(book.instrument, c.price);
            if (price != RejectReason.NONE)
            {
                return price;
            }
        }
        final RejectReason notional =
            MatchingRules.validateNotional(book.instrument, c.quantity, c.orderType == OrderType.LIMIT, c.price);
        if (notional != RejectReason.NONE)
        {
            return notional;
        }
        final RejectReason instructions = MatchingRules.validateInstructions(book.instrument, c);
        if (instructions != RejectReason.NONE)
        {
            return instructions;
        }
        return findByClOrdId(c.sessionId, c.clOrdId, clOrdKey) != null ? RejectReason.DUPLICATE_CL_ORD_ID
            : RejectReason.NONE;
    }

    private void rejectNewOrder(final EngineCommand c, final RejectReason reason)
    {
        rejects++;
        final ExecutionEvent e = emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT);
        e.execType = ExecType.REJECTED;
        e.ordStatus = OrdStatus.REJECTED;
        e.rejectReason = reason;
        e.execId = nextExecId();
        e.instrumentId = c.instrumentId;
        e.side = c.side;
        e.orderType = c.orderType;
        e.timeInForce = c.timeInForce;
        e.price = c.price;
        e.orderQty = c.quantity;
        emit.send(e);
    }

    // ---------------------------------------------------------------- matching

    /** Matches the order against the book, then rests it or ends it according to its type and TIF. */
    private void matchAndRest(final OrderBook book, final Order order)
    {
        final boolean aggressorCancelled = match(book, order);
        if (order.leavesQty == 0)
        {
            retire(order, OrdStatus.FILLED);
        }
        else if (aggressorCancelled || order.orderType == OrderType.MARKET || !order.timeInForce.restsOnBook())
        {
            finish(order, aggressorCancelled ? ExecType.CANCELED : ExecType.EXPIRED, true);
        }
        else
        {
            order.showNextPart(); // an iceberg that traded as the aggressor rests with a whole part shown
            rest(book, order);
            emit.send(emit.book(BookEvent.Type.ADD, book, order));
        }
    }

    /** @return true when self-trade prevention cancelled the aggressor. */
    private boolean match(final OrderBook book, final Order aggressor)
    {
        final BookSide opposite = book.side(aggressor.side.opposite());
        PriceLevel level;
        while (aggressor.leavesQty > 0 && (level = opposite.best()) != null
            && MatchingRules.crosses(aggressor, level.price))
        {
            Order resting = level.head;
            while (resting != null && aggressor.leavesQty > 0)
            {
                final Order nextResting = resting.next;
                if (resting.sessionId == aggressor.sessionId && selfTradePrevention != SelfTradePrevention.OFF)
                {
                    if (selfTradePrevention == SelfTradePrevention.CANCEL_AGGRESSOR)
                    {
                        return true;
                    }
                    removeFromBook(book, resting, false);
                    emit.send(emit.book(BookEvent.Type.DELETE, book, resting));
                    finish(resting, ExecType.CANCELED, false);
                }
                else
                {
                    trade(book, aggressor, resting);
                }
                resting = nextResting;
            }
            opposite.removeIfEmpty(level);
        }
        return false;
    }

    private void trade(final OrderBook book, final Order aggressor, final Order resting)
    {
        final long quantity = Math.min(aggressor.leavesQty, resting.tradableQty());
        final long price = resting.price;
        final long execId = nextExecId();
        final long aggressorExecId = nextExecId();
        trades++;
        resting.fill(quantity, price);
        aggressor.fill(quantity, price);
        resting.level.totalQty -= quantity;

        final BookEvent b = emit.book(BookEvent.Type.EXECUTE, book, resting);
        b.tradeQuantity = quantity;
        b.aggressorOrderId = aggressor.orderId;
        b.aggressorSide = aggressor.side;
        b.execId = execId;
        emit.send(b);

        sendTrade(emit.unsolicited(resting.sessionId), resting, aggressor, quantity, price, execId);
        sendTrade(emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT), aggressor, resting, quantity, price,
            aggressorExecId);
        if (resting.leavesQty == 0)
        {
            removeFromBook(book, resting, false);
            retire(resting, OrdStatus.FILLED);
        }
        else if (resting.shownQty == 0)
        {
            // the EXECUTE above showed the part gone (0 rests); the next part joins the back of the level, as new
            resting.level.moveToBack(resting);
            resting.showNextPart();
            emit.send(emit.book(BookEvent.Type.ADD, book, resting));
        }
    }

    private void sendTrade(
        final ExecutionEvent e, final Order order, final Order contra, final long quantity, final long price,
        final long execId)
    {
        EventEmitter.orderState(e, order);
        e.clOrdId.set(order.clOrdId);
        e.execType = ExecType.TRADE;
        e.execId = execId;
        e.lastPx = price;
        e.lastQty = quantity;
        e.contraOrderId = contra.orderId;
        emit.send(e);
    }

    // ---------------------------------------------------------------- trading status

    /** Why a book takes no new order or replace now, or NONE. */
    private static RejectReason tradingFailure(final OrderBook book)
    {
        return switch (book.status())
        {
            case OPEN -> RejectReason.NONE;
            case HALTED -> RejectReason.INSTRUMENT_HALTED;
            case CLOSED -> RejectReason.MARKET_CLOSED;
        };
    }

    /**
     * Applies the command's trading action to its instrument's book (or every hosted one): each book whose status
     * changes says so on the feed (STATUS); a CLOSE expires every DAY order of the book first (a DELETE each, and an
     * unsolicited ExecutionReport 150=C to its session), GTC orders rest. A command naming an instrument this
     * partition does not host, or no action, changes nothing. Answers no session: it comes from the venue.
     */
    private void onTradingAction(final EngineCommand c)
    {
        if (c.tradingAction == null)
        {
            return;
        }
        if (c.instrumentId != EngineCommand.ALL_INSTRUMENTS)
        {
            final OrderBook book = bookOf(c.instrumentId);
            if (book != null)
            {
                apply(book, c.tradingAction, c.tradingDate);
            }
            return;
        }
        for (final OrderBook book : books)
        {
            if (book != null)
            {
                apply(book, c.tradingAction, c.tradingDate);
            }
        }
    }

    private void apply(final OrderBook book, final TradingAction action, final int tradingDate)
    {
        final TradingStatus before = book.status();
        switch (action)
        {
            case OPEN ->
            {
                if (!book.closed && tradingDate > book.tradingDate && book.tradingDate != 0)
                {
                    expireDayOrders(book); // the close of the day it last opened never came
                }
                book.closed = false;
                book.tradingDate = Math.max(book.tradingDate, tradingDate);
            }
            case CLOSE ->
            {
                if (!book.closed)
                {
                    expireDayOrders(book);
                    book.closed = true;
                }
            }
            case HALT -> book.halted = true;
            case RESUME -> book.halted = false;
        }
        if (book.status() != before)
        {
            emit.send(emit.status(book));
        }
    }

    private void expireDayOrders(final OrderBook book)
    {
        expireDayOrders(book, book.bids);
        expireDayOrders(book, book.asks);
    }

    private void expireDayOrders(final OrderBook book, final BookSide side)
    {
        for (int i = side.size() - 1; i >= 0; i--)
        {
            final PriceLevel level = side.level(i);
            Order order = level.head;
            while (order != null)
            {
                final Order next = order.next;
                if (order.timeInForce == TimeInForce.DAY)
                {
                    removeFromBook(book, order, false);
                    emit.send(emit.book(BookEvent.Type.DELETE, book, order));
                    finish(order, ExecType.EXPIRED, false);
                }
                order = next;
            }
            side.removeIfEmpty(level);
        }
    }

    // ---------------------------------------------------------------- cancel, replace, status, mass cancel

    private void onCancel(final EngineCommand c)
    {
        final Order order = locate(c);
        final RejectReason reason = liveFailure(c, order);
        if (reason != RejectReason.NONE)
        {
            cancelReject(c, order, reason);
            return;
        }
        cancelResting(order, false);
    }

    /**
     * Takes a resting order off the book at its owner's request and reports it CANCELED. A cancel's
     * report carries the request's ClOrdID and the order's as OrigClOrdID; a mass cancel's, the order's.
     */
    private void cancelResting(final Order order, final boolean massCancel)
    {
        final OrderBook book = bookOf(order.instrumentId);
        removeFromBook(book, order, true);
        emit.send(emit.book(BookEvent.Type.DELETE, book, order));
        final ExecutionEvent e = emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT);
        order.leavesQty = 0;
        EventEmitter.orderState(e, order);
        if (massCancel)
        {
            e.clOrdId.set(order.clOrdId);
        }
        else
        {
            e.origClOrdId.set(order.clOrdId);
        }
        e.execType = ExecType.CANCELED;
        e.ordStatus = OrdStatus.CANCELED;
        e.execId = nextExecId();
        emit.send(e);
        retire(order, OrdStatus.CANCELED);
    }

    private void onReplace(final EngineCommand c)
    {
        final Order order = locate(c);
        RejectReason reason = liveFailure(c, order);
        if (reason == RejectReason.NONE)
        {
            reason = validateReplace(c, order);
        }
        if (reason != RejectReason.NONE)
        {
            cancelReject(c, order, reason);
            return;
        }
        final OrderBook book = bookOf(order.instrumentId);
        final long newLeaves = c.quantity - order.cumQty;
        final long newPrice = order.orderType == OrderType.LIMIT ? c.price : order.price;
        final boolean keepsPriority = newPrice == order.price && newLeaves <= order.leavesQty;

        clOrdIds.remove(order);
        final ExecutionEvent e = emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT);
        e.origClOrdId.set(order.clOrdId);
        order.clOrdId.set(c.clOrdId);
        order.clOrdKey = c.clOrdId.hash64(c.sessionId);
        clOrdIds.add(order);

        if (keepsPriority)
        {
            final long shownBefore = order.shownQty;
            order.level.totalQty -= order.leavesQty - newLeaves;
            order.orderQty = c.quantity;
            order.leavesQty = newLeaves;
            order.shownQty = Math.min(shownBefore, newLeaves); // an iceberg's hidden rest shrinks first
            sendReplaced(e, order);
            if (order.shownQty != shownBefore)
            {
                emit.send(emit.book(BookEvent.Type.MODIFY_KEEP_PRIORITY, book, order));
            }
            return;
        }
        removeFromBook(book, order, true);
        final PriceLevel best = book.side(order.side.opposite()).best();
        final boolean crossesNow = best != null
            && MatchingRules.crosses(order.side, order.orderType, newPrice, best.price);
        if (crossesNow)
        {
            emit.send(emit.book(BookEvent.Type.DELETE, book, order));
        }
        order.orderQty = c.quantity;
        order.leavesQty = newLeaves;
        order.showNextPart();
        order.price = newPrice;
        sendReplaced(e, order);
        if (crossesNow)
        {
            matchAndRest(book, order);
        }
        else
        {
            rest(book, order);
            emit.send(emit.book(BookEvent.Type.MODIFY_LOSE_PRIORITY, book, order));
        }
    }

    private void sendReplaced(final ExecutionEvent e, final Order order)
    {
        EventEmitter.orderState(e, order);
        e.execType = ExecType.REPLACED;
        e.execId = nextExecId();
        emit.send(e);
    }

    private RejectReason validateReplace(final EngineCommand c, final Order order)
    {
        final Instrument instrument = bookOf(order.instrumentId).instrument;
        if (c.instrumentId != order.instrumentId || (c.side != null && c.side != order.side))
        {
            return RejectReason.INSTRUMENT_MISMATCH;
        }
        final RejectReason closed = tradingFailure(bookOf(order.instrumentId));
        if (closed != RejectReason.NONE)
        {
            return closed;
        }
        if ((c.orderType != null && c.orderType != order.orderType) ||
            (c.timeInForce != null && c.timeInForce != order.timeInForce))
        {
            return RejectReason.ORDER_TERMS_CHANGED;
        }
        final RejectReason quantity = MatchingRules.validateQuantity(instrument, c.quantity);
        if (quantity != RejectReason.NONE)
        {
            return quantity;
        }
        if (c.quantity <= order.cumQty)
        {
            return RejectReason.QUANTITY_NOT_ABOVE_FILLED;
        }
        if (order.orderType == OrderType.LIMIT)
        {
            final RejectReason price = MatchingRules.validatePrice(instrument, c.price);
            if (price != RejectReason.NONE)
            {
                return price;
            }
        }
        final RejectReason notional =
            MatchingRules.validateNotional(instrument, c.quantity, order.orderType == OrderType.LIMIT, c.price);
        if (notional != RejectReason.NONE)
        {
            return notional;
        }
        final Order sameId = findByClOrdId(c.sessionId, c.clOrdId);
        return sameId != null && sameId != order ? RejectReason.DUPLICATE_CL_ORD_ID : RejectReason.NONE;
    }

    private void cancelReject(final EngineCommand c, final Order order, final RejectReason reason)
    {
        rejects++;
        final ExecutionEvent e = emit.reply(ExecutionEvent.Kind.CANCEL_REJECT);
        e.cxlRejResponseTo = c.type;
        e.rejectReason = reason;
        e.origClOrdId.set(c.origClOrdId);
        e.instrumentId = c.instrumentId;
        e.side = c.side;
        if (order != null && order.sessionId == c.sessionId)
        {
            EventEmitter.orderState(e, order);
        }
        else
        {
            e.orderId = c.orderId;
            e.ordStatus = OrdStatus.REJECTED;
        }
        emit.send(e);
    }

    private void onOrderStatus(final EngineCommand c)
    {
        final Order order = locate(c);
        final RejectReason reason = locateFailure(c, order);
        if (reason == RejectReason.NONE)
        {
            sendStatus(order);
            return;
        }
        final ExecutionEvent e = emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT);
        e.execType = ExecType.ORDER_STATUS;
        e.execId = nextExecId();
        e.ordStatus = OrdStatus.REJECTED;
        e.rejectReason = reason;
        e.orderId = c.orderId;
        e.instrumentId = c.instrumentId;
        e.side = c.side;
        e.origClOrdId.set(c.origClOrdId);
        emit.send(e);
    }

    /** An order-status report (ExecType I) of {@code order} answering the current command. */
    private void sendStatus(final Order order)
    {
        final ExecutionEvent e = emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT);
        e.execType = ExecType.ORDER_STATUS;
        e.execId = nextExecId();
        EventEmitter.orderState(e, order);
        if (e.clOrdId.isEmpty())
        {
            e.clOrdId.set(order.clOrdId);
        }
        emit.send(e);
    }

    private void onMassCancel(final EngineCommand c)
    {
        int affected = 0;
        Order order = c.sessionId >= 0 && c.sessionId < sessionHeads.length ? sessionHeads[c.sessionId] : null;
        while (order != null)
        {
            final Order next = order.sessionNext;
            if (c.instrumentId == EngineCommand.ALL_INSTRUMENTS || c.instrumentId == order.instrumentId)
            {
                cancelResting(order, true);
                affected++;
            }
            order = next;
        }
        final ExecutionEvent report = emit.reply(ExecutionEvent.Kind.MASS_CANCEL_REPORT);
        report.instrumentId = c.instrumentId;
        report.affectedOrders = affected;
        emit.send(report);
    }

    private Order locate(final EngineCommand c)
    {
        if (c.orderId != 0)
        {
            return ordersById.get(c.orderId);
        }
        return findByClOrdId(c.sessionId, c.origClOrdId);
    }

    private static RejectReason liveFailure(final EngineCommand c, final Order order)
    {
        final RejectReason reason = locateFailure(c, order);
        return reason == RejectReason.NONE && order.finalStatus != null ? RejectReason.ORDER_NOT_ACTIVE : reason;
    }

    private static RejectReason locateFailure(final EngineCommand c, final Order order)
    {
        if (order == null)
        {
            return RejectReason.UNKNOWN_ORDER;
        }
        if (order.sessionId != c.sessionId)
        {
            return RejectReason.NOT_OWNER;
        }
        return c.preReject;
    }

    // ---------------------------------------------------------------- book and index upkeep

    private Order findByClOrdId(final int sessionId, final AsciiId clOrdId)
    {
        return findByClOrdId(sessionId, clOrdId, clOrdId.hash64(sessionId));
    }

    /** @param clOrdKey {@code clOrdId.hash64(sessionId)}, when the caller has it already. */
    private Order findByClOrdId(final int sessionId, final AsciiId clOrdId, final long clOrdKey)
    {
        if (clOrdId.isEmpty())
        {
            return null;
        }
        return clOrdIds.find(sessionId, clOrdId, clOrdKey);
    }

    private void rest(final OrderBook book, final Order order)
    {
        book.side(order.side).findOrCreate(order.price).append(order);
        restingOrders++;
    }

    /** Takes a resting order off its level; {@code dropEmptyLevel} is false while matching walks that level. */
    private void removeFromBook(final OrderBook book, final Order order, final boolean dropEmptyLevel)
    {
        final PriceLevel level = order.level;
        if (level == null)
        {
            return;
        }
        level.totalQty -= order.leavesQty;
        level.unlink(order);
        if (dropEmptyLevel)
        {
            book.side(order.side).removeIfEmpty(level);
        }
        restingOrders--;
    }

    /** Ends an order that is not on the book: reports {@code execType} for its remaining quantity and frees it. */
    private void finish(final Order order, final ExecType execType, final boolean isReplyToCommand)
    {
        final ExecutionEvent e = isReplyToCommand ? emit.reply(ExecutionEvent.Kind.EXECUTION_REPORT)
            : emit.unsolicited(order.sessionId);
        order.leavesQty = 0;
        EventEmitter.orderState(e, order);
        e.clOrdId.set(order.clOrdId);
        e.execType = execType;
        e.ordStatus = execType == ExecType.EXPIRED ? OrdStatus.EXPIRED : OrdStatus.CANCELED;
        e.execId = nextExecId();
        emit.send(e);
        retire(order, e.ordStatus);
    }

    /**
     * A finished order leaves its session's list and goes back to the pool; a copy stays findable (status requests,
     * duplicate ClOrdIDs) among the last {@link EngineConfig#FINISHED_ORDERS_RETAINED}, the oldest then dropped.
     * The caller must not touch {@code order} afterwards.
     */
    private void retire(final Order order, final OrdStatus status)
    {
        order.finalStatus = status;
        order.leavesQty = 0;
        unlinkFromSession(order);
        if (finished.capacity() > 0)
        {
            final Order copy = claimFinished();
            copy.copyStateFrom(order);
            ordersById.replace(order, copy); // the ClOrdID index names the sequence, so it now leads to the copy
            finished.commit();
        }
        else
        {
            ordersById.remove(order);
            clOrdIds.remove(order);
        }
        order.clear();
        orderPool.release(order);
    }

    /** The retention slot for the next finished order, un-indexing the oldest one it held (whose fields it keeps). */
    private Order claimFinished()
    {
        final Order slot = finished.claim();
        if (finished.isFull())
        {
            ordersById.remove(slot);
            clOrdIds.removeUnresolvable(slot); // batched: its handle resolves to nothing from now on
        }
        return slot;
    }

    private void linkToSession(final Order order)
    {
        final int session = order.sessionId;
        if (session >= sessionHeads.length)
        {
            sessionHeads = java.util.Arrays.copyOf(sessionHeads, Math.max(session + 1, sessionHeads.length * 2));
        }
        final Order head = session >= 0 ? sessionHeads[session] : null;
        order.sessionNext = head;
        if (head != null)
        {
            head.sessionPrev = order;
        }
        if (session >= 0)
        {
            sessionHeads[session] = order;
        }
    }

    private void unlinkFromSession(final Order order)
    {
        if (order.sessionPrev != null)
        {
            order.sessionPrev.sessionNext = order.sessionNext;
        }
        else if (order.sessionId >= 0 && order.sessionId < sessionHeads.length
            && sessionHeads[order.sessionId] == order)
        {
            sessionHeads[order.sessionId] = order.sessionNext;
        }
        if (order.sessionNext != null)
        {
            order.sessionNext.sessionPrev = order.sessionPrev;
        }
    }

    /**
     * Snapshot restore: a resting order as the snapshot recorded it (every state field of {@code restored} set, its
     * ClOrdID too), copied into a pooled order that goes to the back of its level and is indexed. Session lists are
     * rebuilt separately ({@link #restoreSessionList}).
     */
    void restoreResting(final OrderBook book, final Order restored)
    {
        final Order order = orderPool.acquire();
        order.copyStateFrom(restored);
        order.instrumentId = book.instrument.id();
        ordersById.put(order);
        indexClOrdId(order);
        rest(book, order);
    }

    /**
     * Snapshot restore: a finished order as the snapshot recorded it (every state field of {@code restored} set, its
     * final status too), findable again and appended to the retention ring (oldest first).
     */
    void restoreFinished(final Order restored)
    {
        if (finished.capacity() == 0)
        {
            throw new IllegalStateException("snapshot retains finished orders but this matcher retains none");
        }
        final Order order = claimFinished();
        order.clear();
        order.copyStateFrom(restored);
        ordersById.put(order);
        indexClOrdId(order);
        finished.commit();
    }

    /** Indexes the order's ClOrdID (and computes its key) once it is set. */
    private void indexClOrdId(final Order order)
    {
        order.clOrdKey = order.clOrdId.hash64(order.sessionId);
        clOrdIds.add(order);
    }

    /** Snapshot restore: rebuilds a session's list in the given order (head first). */
    void restoreSessionList(final long[] orderIds, final int count)
    {
        for (int i = count - 1; i >= 0; i--)
        {
            final Order order = ordersById.get(orderIds[i]);
            if (order == null)
            {
                throw new IllegalStateException("snapshot lists unknown order " + orderIds[i]);
            }
            linkToSession(order);
        }
    }

    /** Emits one recovered ADD per resting order, in book priority order, without advancing sequences. */
    public void emitRecoveredBooks()
    {
        emit.beginCommand(null, clock.nanoTime(), 0);
        for (final OrderBook book : books)
        {
            if (book != null)
            {
                emitRecovered(book, book.bids);
                emitRecovered(book, book.asks);
                emitRecoveredStatus(book);
            }
        }
    }

    /** A recovered book that is not open says so after its orders (the STATUS event, marked recovered). */
    private void emitRecoveredStatus(final OrderBook book)
    {
        if (book.status() != TradingStatus.OPEN)
        {
            final BookEvent b = emit.status(book);
            b.sequence = --book.bookSequence;
            b.recovered = true;
            emit.send(b);
        }
    }

    private void emitRecovered(final OrderBook book, final BookSide side)
    {
        for (int i = 0; i < side.size(); i++)
        {
            for (Order order = side.level(i).head; order != null; order = order.next)
            {
                final BookEvent b = emit.book(BookEvent.Type.ADD, book, order);
                b.sequence = --book.bookSequence;
                b.recovered = true;
                emit.send(b);
            }
        }
    }

    Order orderById(final long orderId)
    {
        return ordersById.get(orderId);
    }

    private OrderBook bookOf(final int instrumentId)
    {
        return instrumentId >= 0 && instrumentId < books.length ? books[instrumentId] : null;
    }

    private long nextOrderId()
    {
        return (++orderSequence << ID_PARTITION_BITS) | partition;
    }

    private long nextExecId()
    {
        return (++execSequence << ID_PARTITION_BITS) | partition;
    }
}
