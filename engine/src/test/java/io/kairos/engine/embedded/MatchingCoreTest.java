package io.kairos.engine.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.MatchingCore;
import io.kairos.engine.OrderBookView;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import org.junit.jupiter.api.Test;

/**
 * The matcher as a user outside the engine package embeds it: synchronous {@link MatchingCore#apply}, every event
 * delivered before it returns, one time stamp per command, and queries on the live book.
 */
class MatchingCoreTest
{
    private static final Instrument ABC = new Instrument("ABC", 1, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 0,
        Instrument.DEFAULT_MAX_ORDER_QTY, Instrument.DEFAULT_MAX_NOTIONAL);
    private static final long P100 = Prices.parse("100");
    private static final long P101 = Prices.parse("101");
    private static final long P99 = Prices.parse("99.99");

    private final AtomicLong clock = new AtomicLong(1_000);
    private final MatchingCore core = new MatchingCore(0, EngineConfig.defaults(List.of(ABC)), clock::get);
    private final Events events = new Events();
    private final EngineCommand command = new EngineCommand();

    MatchingCoreTest()
    {
        core.listener(events);
    }

    @Test
    void shouldDeliverEveryEventOfACommandBeforeApplyReturns()
    {
        core.apply(command.newOrder(1, "s1", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P100, 300));
        assertEquals(List.of("exec NEW", "book ADD", "complete"), events.drain());

        core.apply(command.newOrder(2, "b1", ABC.id(), Side.BUY, OrderType.LIMIT, TimeInForce.IOC, P100, 100));
        assertEquals(List.of("exec NEW", "book EXECUTE", "exec TRADE", "exec TRADE", "complete"), events.drain());
        assertEquals(1, core.trades());
        assertEquals(1, core.restingOrders());
    }

    @Test
    void shouldStampEveryEventOfOneCommandWithOneTime()
    {
        core.apply(command.newOrder(1, "s1", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P100, 100));
        core.apply(command.newOrder(1, "s2", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P101, 100));
        events.drain();
        events.stamps.clear();

        core.apply(command.newOrder(2, "b1", ABC.id(), Side.BUY, OrderType.LIMIT, TimeInForce.DAY, P101, 200), 77_000L);

        assertEquals(7, events.stamps.size(), "NEW, two book EXECUTEs and four TRADE reports");
        events.stamps.forEach(stamp -> assertEquals(77_000L, stamp));

        clock.set(88_000L);
        core.apply(command.newOrder(3, "s3", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P101, 5));
        assertEquals(88_000L, events.stamps.get(events.stamps.size() - 1), "apply(command) reads the clock");
    }

    @Test
    void shouldAnswerQueriesOnTheLiveBook()
    {
        final OrderBookView book = core.book(ABC.id());
        assertEquals(OrderBookView.NO_PRICE, book.bestPrice(Side.BUY));
        assertEquals(0, book.levelCount(Side.SELL));

        core.apply(command.newOrder(1, "s1", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P101, 100));
        core.apply(command.newOrder(2, "s2", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P100, 40));
        core.apply(command.newOrder(3, "s3", ABC.id(), Side.SELL, OrderType.LIMIT, TimeInForce.DAY, P100, 60));
        core.apply(command.newOrder(4, "b1", ABC.id(), Side.BUY, OrderType.LIMIT, TimeInForce.DAY, P99, 70));

        assertEquals(P100, book.bestPrice(Side.SELL));
        assertEquals(P99, book.bestPrice(Side.BUY));
        assertEquals(100, book.quantityAt(Side.SELL, P100));
        assertEquals(100, book.quantityAt(Side.SELL, P101));
        assertEquals(0, book.quantityAt(Side.SELL, P101 + 1));
        assertEquals(2, book.levelCount(Side.SELL));
        assertEquals(P101, book.levelPrice(Side.SELL, 1));
        assertEquals(2, book.levelOrderCount(Side.SELL, 0));
        assertEquals(100, book.levelQuantity(Side.SELL, 0));

        final List<String> orders = new ArrayList<>();
        final int visited = book.forEachOrder(Side.SELL, 0,
            (orderId, sessionId, price, leavesQty) ->
            orders.add(sessionId + "@" + Prices.toString(price) + "x" + leavesQty));
        assertEquals(2, visited);
        assertEquals(List.of("2@100x40", "3@100x60"), orders, "time priority");
        assertThrows(IndexOutOfBoundsException.class, () -> book.levelPrice(Side.BUY, 1));

        core.apply(command.newOrder(5, "b2", ABC.id(), Side.BUY, OrderType.LIMIT, TimeInForce.IOC, P100, 50));
        assertEquals(50, book.quantityAt(Side.SELL, P100), "the view is live");
        assertEquals(1, book.levelOrderCount(Side.SELL, 0));
    }

    @Test
    void shouldHaveNoViewOfAnInstrumentItDoesNotHost()
    {
        assertNull(core.book(ABC.id() + 1));
    }

    /** Records what the matcher emitted, in order. */
    private static final class Events implements EngineEventListener
    {
        private final List<String> lines = new ArrayList<>();
        private final List<Long> stamps = new ArrayList<>();

        @Override
        public void onExecution(final ExecutionEvent event)
        {
            lines.add("exec " + event.execType);
            stamps.add(event.engineOutNs);
            assertEquals(event.engineOutNs, event.transactTimeNs);
        }

        @Override
        public void onBookEvent(final BookEvent event)
        {
            lines.add("book " + event.type);
            stamps.add(event.engineOutNs);
        }

        @Override
        public void onCommandComplete(final int partition)
        {
            lines.add("complete");
        }

        List<String> drain()
        {
            final List<String> drained = new ArrayList<>(lines);
            lines.clear();
            return drained;
        }
    }
}
