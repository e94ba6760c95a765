package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;
import quickfix.field.TimeInForce;

/**
 * The trading day with the real server process: a schedule whose close comes a few seconds into the test expires the
 * DAY order resting on the book (an unsolicited ExecutionReport 150=C, 39=C) and keeps the GTC one; orders sent while
 * closed are rejected ("the market is closed"); after a restart the GTC order is still on the book and the DAY order
 * still expired. The venue's time zone is chosen so that its local time is near noon, far from midnight, whenever the
 * test runs. Waits end on the expected message, bounded.
 */
class TradingDayIT
{
    /** How long after the configuration is written the close comes: time enough to start and send two orders. */
    private static final long CLOSE_AFTER_SECONDS = 20;
    private static final DateTimeFormatter HH_MM_SS = DateTimeFormatter.ofPattern("HH:mm:ss");

    @TempDir
    Path dir;

    @Test
    void shouldExpireDayOrdersAtTheCloseKeepGtcOrdersAcrossARestartAndRefuseOrdersWhileClosed()
    {
        final ZonedDateTime nowUtc = ZonedDateTime.now(ZoneOffset.UTC);
        final ZoneOffset zone = ZoneOffset.ofHours(12 - nowUtc.getHour());
        final LocalTime close = nowUtc.withZoneSameInstant(zone).toLocalTime().truncatedTo(ChronoUnit.SECONDS)
            .plusSeconds(CLOSE_AFTER_SECONDS);
        final TestVenue venue = new TestVenue(dir).withTestInstruments(1).set("journal.mode", "sync")
            .set("trading.time-zone", zone.getId()).set("trading.days", "MON,TUE,WED,THU,FRI,SAT,SUN")
            .set("trading.open", "00:00").set("trading.close", close.format(HH_MM_SS));
        final FixClient client = new FixClient(dir.resolve("client"), venue.fixPort(), "CLIENT01", "client01pass");
        try (KairosProcess first = venue.start())
        {
            client.logon();
            client.send(Orders.limit("DAY1", "T01", Side.BUY, 5, "95.00"));
            final Message gtc = Orders.limit("GTC1", "T01", Side.BUY, 5, "94.00");
            gtc.setChar(TimeInForce.FIELD, TimeInForce.GOOD_TILL_CANCEL);
            client.send(gtc);
            assertTrue(is(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "DAY1")), 150, "0"),
                "the DAY order rests (the close is " + close + " " + zone + ")");
            assertTrue(is(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "GTC1")), 150, "0"));

            final Message expired = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "DAY1") && is(m, 150, "C"),
                (CLOSE_AFTER_SECONDS + 30) * 1_000);
            assertEquals("C", str(expired, 39), "expired at the close");
            assertEquals("0", str(expired, 151));

            client.send(Orders.limit("LATE", "T01", Side.BUY, 5, "95.00"));
            final Message refused = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "LATE"));
            assertEquals("8", str(refused, 39));
            assertEquals("the market is closed", str(refused, 58));
            client.disconnect();
            first.process().destroy();
            assertEquals(0, first.awaitExit(60_000), first.output());
        }
        try (KairosProcess second = venue.start())
        {
            client.logon();
            client.send(Orders.status("GTC1", "T01", Side.BUY));
            assertEquals("0", str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I") && is(m, 11, "GTC1")), 39),
                "the GTC order is still on the book after the close and a restart; venue: " + second.output());
            client.send(Orders.status("DAY1", "T01", Side.BUY));
            assertEquals("C", str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I") && is(m, 11, "DAY1")), 39),
                "the DAY order stays expired");
            client.close();
        }
    }
}
