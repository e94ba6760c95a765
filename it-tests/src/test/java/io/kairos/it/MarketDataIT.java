package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.Group;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * Market data from the real venue: a QuickFIX/J subscriber gets a snapshot (W) of the book that
 * order-entry clients built, then incrementals (X) for new orders and trades, with engine stamps.
 */
class MarketDataIT
{
    @TempDir
    Path dir;

    @Test
    void shouldSendASnapshotThenIncrementalsForNewOrdersAndTrades() throws FieldNotFound
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "off");
        try (KairosProcess server = venue.start();
            FixClient trader = new FixClient(dir.resolve("trader"), venue.fixPort(), "CLIENT01",
                "client01pass").logon();
            FixClient other = new FixClient(dir.resolve("other"), venue.fixPort(), "CLIENT02", "client02pass").logon())
        {
            trader.send(Orders.limit("bid-1", "T01", Side.BUY, 10, "99.90"));
            trader.send(Orders.limit("bid-2", "T01", Side.BUY, 5, "99.90"));
            trader.send(Orders.limit("ask-1", "T01", Side.SELL, 7, "100.10"));
            for (final String id : List.of("bid-1", "bid-2", "ask-1"))
            {
                trader.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, id));
            }

            try (FixClient subscriber = new FixClient(dir.resolve("md"), venue.mdPort(), "MD01", "md01pass",
                "KAIROS-MD").logon())
            {
                subscriber.send(Orders.subscribe("req-1", "T01", 5));
                final Message snapshot = subscriber.next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
                assertEquals("req-1", str(snapshot, 262));
                assertEquals("T01", str(snapshot, 55));
                final List<Group> levels = snapshot.getGroups(268);
                assertEquals(2, levels.size(), Orders.text(snapshot));
                final Group bid = levels.stream().filter(g -> is(g, 269, "0")).findFirst().orElseThrow();
                assertEquals(0, new BigDecimal(str(bid, 270)).compareTo(new BigDecimal("99.9")));
                assertEquals(0, new BigDecimal(str(bid, 271)).compareTo(BigDecimal.valueOf(15)));
                final Group ask = levels.stream().filter(g -> is(g, 269, "1")).findFirst().orElseThrow();
                assertEquals(0, new BigDecimal(str(ask, 270)).compareTo(new BigDecimal("100.1")));
                assertEquals(0, new BigDecimal(str(ask, 271)).compareTo(BigDecimal.valueOf(7)));

                trader.send(Orders.limit("bid-3", "T01", Side.BUY, 3, "100.00"));
                final Message newLevel = subscriber.next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH);
                final Group added = newLevel.getGroups(268).get(0);
                assertEquals("0", str(added, 279));
                assertEquals("0", str(added, 269));
                assertEquals(0, new BigDecimal(str(added, 270)).compareTo(new BigDecimal("100")));
                assertTrue(newLevel.isSetField(Orders.TRD_REG_TS_TIME_IN) &&
                    newLevel.isSetField(Orders.TRD_REG_TS_TIME_OUT),
                    Orders.text(newLevel));

                other.send(Orders.limit("hit", "T01", Side.SELL, 3, "100.00"));
                other.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
                final Message trade = subscriber.next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH,
                    m -> hasEntry(m, "269", "2"));
                final Group tradeEntry = trade.getGroups(268).stream().filter(g ->
                    is(g, 269, "2")).findFirst().orElseThrow();
                assertEquals(0, new BigDecimal(str(tradeEntry, 270)).compareTo(new BigDecimal("100")));
                assertEquals(0, new BigDecimal(str(tradeEntry, 271)).compareTo(BigDecimal.valueOf(3)));
            }
            assertEquals(0, server.stop());
        }
    }

    @Test
    void shouldSendAnOrderByOrderSnapshotWithEngineOrderIds() throws FieldNotFound
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "off");
        try (KairosProcess server = venue.start();
            FixClient trader = new FixClient(dir.resolve("trader"), venue.fixPort(), "CLIENT03",
                "client03pass").logon())
        {
            trader.send(Orders.limit("l3-a", "T02", Side.BUY, 4, "99.50"));
            final String first = str(trader.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "l3-a")), 37);
            trader.send(Orders.limit("l3-b", "T02", Side.BUY, 6, "99.50"));
            final String second = str(trader.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "l3-b")), 37);

            try (FixClient subscriber = new FixClient(dir.resolve("md"), venue.mdPort(), "MD02", "md02pass",
                "KAIROS-MD").logon())
            {
                final Message request = Orders.subscribe("req-l3", "T02", 0);
                request.setChar(266, 'N');
                subscriber.send(request);
                final Message snapshot = subscriber.next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
                final List<Group> orders = snapshot.getGroups(268);
                assertEquals(2, orders.size(), Orders.text(snapshot));
                assertEquals(first, str(orders.get(0), 278), "time priority first");
                assertEquals(0, new BigDecimal(str(orders.get(0), 271)).compareTo(BigDecimal.valueOf(4)));
                assertEquals(second, str(orders.get(1), 278));
                assertEquals(0, new BigDecimal(str(orders.get(1), 271)).compareTo(BigDecimal.valueOf(6)));

                trader.send(Orders.cancel("l3-c", "l3-a", "T02", Side.BUY));
                final Message delete = subscriber.next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH);
                final Group deleted = delete.getGroups(268).get(0);
                assertEquals("2", str(deleted, 279));
                assertEquals(first, str(deleted, 278));
            }
            assertEquals(0, server.stop());
        }
    }

    private static boolean hasEntry(final Message message, final String tag, final String value)
    {
        return message.getGroups(268).stream().anyMatch(g -> is(g, Integer.parseInt(tag), value));
    }
}
