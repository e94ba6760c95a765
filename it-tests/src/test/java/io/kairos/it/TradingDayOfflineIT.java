package io.kairos.it;

import static io.kairos.it.Orders.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * The close while a session is not logged on, with the real server process: CLIENT01 rests a DAY and a GTC order and
 * leaves (a clean Logout, or its TCP connection simply closes without one); the configured close passes (CLIENT02,
 * logged on throughout, receives the expiry of its own DAY order: the observable close); CLIENT01 logs on again,
 * continuing its sequence numbers, and receives its DAY order's expiry (35=8 150=C 39=C with its ClOrdID) exactly once,
 * while an OrderStatusRequest says its GTC order is still live. CLIENT01 is a bare client ({@link RawFixClient}) so
 * that every message the venue sends after the new logon is seen and counted: the status answers come after whatever
 * the venue owed from before, so reading up to them bounds the count without waiting for silence. Waits end on the
 * expected message, bounded.
 */
class TradingDayOfflineIT
{
    /** How long after the configuration is written the close comes: time to start, send three orders and leave. */
    private static final long CLOSE_AFTER_SECONDS = 20;
    private static final long READ_MS = 10_000;
    private static final DateTimeFormatter HH_MM_SS = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter TRANSACT_TIME =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    @TempDir
    Path dir;

    @Test
    void shouldDeliverTheDayOrdersExpiryAtTheNextLogonWhenTheSessionLoggedOutBeforeTheClose() throws IOException
    {
        expiryReachesTheSessionAtItsNextLogon(true);
    }

    @Test
    void shouldDeliverTheDayOrdersExpiryAtTheNextLogonWhenTheConnectionDroppedBeforeTheClose() throws IOException
    {
        expiryReachesTheSessionAtItsNextLogon(false);
    }

    private void expiryReachesTheSessionAtItsNextLogon(final boolean cleanLogout) throws IOException
    {
        final ZonedDateTime nowUtc = ZonedDateTime.now(ZoneOffset.UTC);
        final ZoneOffset zone = ZoneOffset.ofHours(12 - nowUtc.getHour());
        final LocalTime close = nowUtc.withZoneSameInstant(zone).toLocalTime().truncatedTo(ChronoUnit.SECONDS)
            .plusSeconds(CLOSE_AFTER_SECONDS);
        final TestVenue venue = new TestVenue(dir).withTestInstruments(1)
            .set("trading.time-zone", zone.getId()).set("trading.days", "MON,TUE,WED,THU,FRI,SAT,SUN")
            .set("trading.open", "00:00").set("trading.close", close.format(HH_MM_SS));
        try (KairosProcess process = venue.start();
            FixClient witness = new FixClient(dir.resolve("client02"), venue.fixPort(), "CLIENT02", "client02pass"))
        {
            witness.logon();
            witness.send(Orders.limit("DAY2", "T01", Side.SELL, 5, "105.00"));
            assertTrue(is(witness.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "DAY2")), 150, "0"));
            final int seqNum;
            try (RawFixClient client = new RawFixClient(venue.fixPort(), "CLIENT01", "KAIROS"))
            {
                client.logon("CLIENT01", "client01pass");
                assertNotNull(client.readMessage("A", READ_MS), "CLIENT01 logged on");
                client.send("D", newOrder("DAY1", "95.00", '0'));
                client.send("D", newOrder("GTC1", "94.00", '1'));
                assertEquals("0", RawFixClient.field(report(client, "DAY1"), 150),
                    "the DAY order rests (the close is " + close + " " + zone + ")");
                assertEquals("0", RawFixClient.field(report(client, "GTC1"), 150), "the GTC order rests");
                if (cleanLogout)
                {
                    client.send("5", "");
                    assertNotNull(client.readMessage("5", READ_MS), "the venue answers the Logout");
                    assertTrue(client.awaitClosedByPeer(READ_MS), "the venue closes the connection after the Logout");
                }
                seqNum = client.nextSeqNum();
            }
            // the venue has seen CLIENT01 go (a dropped connection included) before the close comes
            Await.until("CLIENT01 no longer counted as logged on", Duration.ofSeconds(CLOSE_AFTER_SECONDS),
                () -> connectedSessions(process) == 1);

            final Message closed = witness.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "DAY2") && is(m, 150, "C"),
                (CLOSE_AFTER_SECONDS + 30) * 1_000);
            assertEquals("C", Orders.str(closed, 39), "the close came while CLIENT01 was away");

            try (RawFixClient client = new RawFixClient(venue.fixPort(), "CLIENT01", "KAIROS").continueAt(seqNum))
            {
                client.logon("CLIENT01", "client01pass");
                final List<String> received = new ArrayList<>();
                final String logon = client.readNext(READ_MS);
                assertNotNull(logon, "CLIENT01 logs on again");
                assertEquals("A", RawFixClient.field(logon, 35), logon);
                client.send("H", "11=GTC1|55=T01|54=1|");
                final String gtc = readUntilStatus(client, "GTC1", received);
                client.send("H", "11=DAY1|55=T01|54=1|");
                final String day = readUntilStatus(client, "DAY1", received);

                final List<String> expiries = received.stream()
                    .filter(m -> "8".equals(RawFixClient.field(m, 35)) && "DAY1".equals(RawFixClient.field(m, 11)) &&
                        "C".equals(RawFixClient.field(m, 150)))
                    .toList();
                assertEquals(1, expiries.size(), "the DAY order's expiry exactly once after the logon; received " +
                    received + "; venue: " + process.output());
                final String expiry = expiries.get(0);
                assertEquals("C", RawFixClient.field(expiry, 39), expiry);
                assertEquals("0", RawFixClient.field(expiry, 151), expiry);
                assertEquals("0", RawFixClient.field(gtc, 39), "the GTC order is still live: " + gtc);
                assertEquals("5", RawFixClient.field(gtc, 151), gtc);
                assertEquals("C", RawFixClient.field(day, 39), "the DAY order's status says expired: " + day);
                assertEquals(0, received.stream().filter(m -> "8".equals(RawFixClient.field(m, 35)) &&
                    "GTC1".equals(RawFixClient.field(m, 11)) && !"I".equals(RawFixClient.field(m, 150))).count(),
                    "nothing happened to the GTC order: " + received);
            }
        }
    }

    /** A limit NewOrderSingle body: buy 5 T01 at {@code price}, TimeInForce {@code tif}. */
    private static String newOrder(final String clOrdId, final String price, final char tif)
    {
        return "11=" + clOrdId + "|55=T01|54=1|60=" + TRANSACT_TIME.format(Instant.now()) + "|38=5|40=2|44=" + price +
            "|59=" + tif + "|";
    }

    /** The next ExecutionReport for {@code clOrdId}; fails when none comes in time. */
    private static String report(final RawFixClient client, final String clOrdId) throws IOException
    {
        final long deadline = System.currentTimeMillis() + READ_MS;
        while (System.currentTimeMillis() < deadline)
        {
            final String message = client.readMessage("8", deadline - System.currentTimeMillis());
            if (message != null && clOrdId.equals(RawFixClient.field(message, 11)))
            {
                return message;
            }
        }
        throw new AssertionError("no ExecutionReport for " + clOrdId + " within " + READ_MS + " ms");
    }

    /** Reads every message into {@code received} up to the status answer (150=I) for {@code clOrdId}; returns it. */
    private static String readUntilStatus(final RawFixClient client, final String clOrdId,
        final List<String> received) throws IOException
    {
        final long deadline = System.currentTimeMillis() + READ_MS;
        while (System.currentTimeMillis() < deadline)
        {
            final String message = client.readNext(deadline - System.currentTimeMillis());
            if (message == null)
            {
                break;
            }
            received.add(message);
            if ("8".equals(RawFixClient.field(message, 35)) && clOrdId.equals(RawFixClient.field(message, 11)) &&
                "I".equals(RawFixClient.field(message, 150)))
            {
                return message;
            }
        }
        throw new AssertionError("no status answer for " + clOrdId + " within " + READ_MS + " ms; received " +
            received);
    }

    /** The venue's gauge of logged-on order-entry sessions, read from its metrics endpoint; -1 while unreadable. */
    private static int connectedSessions(final KairosProcess process)
    {
        final Http.Response response = process.get("/metrics");
        if (response.status() != 200)
        {
            return -1;
        }
        for (final String line : response.body().split("\n"))
        {
            if (line.startsWith("kairos_sessions_connected"))
            {
                return (int)Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return -1;
    }
}
