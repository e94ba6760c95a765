package io.kairos.it;

import static io.kairos.it.Orders.dec;
import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.num;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * Order entry against the real venue with QuickFIX/J clients: logon, every message type with
 * exact field checks, fills on both sides, every reject path, and session isolation. One venue
 * for the class; each test trades its own instrument so that books do not interfere.
 */
class OrderEntryIT
{
    private static final char BUY = Side.BUY;
    private static final char SELL = Side.SELL;

    private static Path root;
    private static TestVenue venue;
    private static KairosProcess server;

    @BeforeAll
    static void startVenue() throws Exception
    {
        root = Files.createTempDirectory("kairos-order-entry-it");
        venue = new TestVenue(root).withTestInstruments(20).set("journal.mode", "async")
            .set("fix.sessions",
                "CLIENT01,CLIENT02,CLIENT03,CLIENT04,CLIENT05,CLIENT06,CLIENT07,CLIENT08,CLIENT09,CLIENT10,CLIENT11")
            .set("fix.session.CLIENT11.password-hash", TestVenue.cheapHash("client11pass"))
            .set("fix.session.CLIENT11.cancel-on-disconnect", "false")
            .set("instrument.T20.lot-size", "10");
        server = venue.start();
    }

    @AfterAll
    static void stopVenue()
    {
        if (server != null)
        {
            assertEquals(0, server.stop(), server.output());
        }
    }

    private static FixClient client(final String compId)
    {
        return new FixClient(root.resolve(compId + "-" + System.nanoTime()), venue.fixPort(), compId,
            compId.toLowerCase(java.util.Locale.ROOT) + "pass");
    }

    @Test
    void shouldRefuseLogonOfAnUnknownCompIdAndOfAWrongPassword()
    {
        try (FixClient stranger = new FixClient(root.resolve("stranger"), venue.fixPort(), "CLIENT99",
            "client99pass").connect();
            FixClient impostor = new FixClient(root.resolve("impostor"), venue.fixPort(), "CLIENT01",
                "guess").connect();
            FixClient wrongTarget = new FixClient(root.resolve("target"), venue.fixPort(), "CLIENT11", "client11pass",
                "OTHER").connect())
        {
            assertFalse(stranger.awaitLogon(3_000));
            assertFalse(impostor.awaitLogon(100));
            assertFalse(wrongTarget.awaitLogon(100));
            assertEquals(0, stranger.logons() + impostor.logons() + wrongTarget.logons());
        }
        try (FixClient rightful = client("CLIENT11").logon())
        {
            rightful.send(Orders.limit("after-refusal", "T09", BUY, 1, "99.00"));
            assertEquals("0", str(rightful.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "after-refusal")), 150));
        }
    }

    @Test
    void shouldAcknowledgeANewOrderWithEveryFieldAndTheLatencyStamps()
    {
        try (FixClient client = client("CLIENT01").logon())
        {
            final long before = System.currentTimeMillis() * 1_000_000L;
            client.send(Orders.limit("ack-1", "T01", BUY, 100, "99.50"));

            final Message ack = client.next(MsgType.EXECUTION_REPORT);
            final long after = System.currentTimeMillis() * 1_000_000L + 1_000_000L;
            assertEquals("ack-1", str(ack, 11));
            assertEquals("0", str(ack, 150));
            assertEquals("0", str(ack, 39));
            assertEquals("T01", str(ack, 55));
            assertEquals("1", str(ack, 54));
            assertEquals("2", str(ack, 40));
            assertEquals(0, dec(ack, 44).compareTo(new BigDecimal("99.5")));
            assertEquals(100, num(ack, 38));
            assertEquals(0, num(ack, 14));
            assertEquals(100, num(ack, 151));
            assertEquals(0, dec(ack, 6).signum());
            assertTrue(str(ack, 37).matches("[0-9]+"), Orders.text(ack));
            assertFalse(str(ack, 17).isEmpty());
            assertFalse(str(ack, 60).isEmpty());

            final long requestTime = num(ack, Orders.REQUEST_TIME);
            final long engineIn = num(ack, Orders.TRD_REG_TS_TIME_IN);
            final long engineOut = num(ack, Orders.TRD_REG_TS_TIME_OUT);
            final long responseIn = num(ack, Orders.RESPONSE_IN);
            assertTrue(before <= requestTime && requestTime <= engineIn && engineIn <= engineOut &&
                engineOut <= responseIn && responseIn <= after, Orders.text(ack));
            final String sendingTime = str(ack.getHeader(), 52);
            assertTrue(sendingTime.matches("\\d{8}-\\d{2}:\\d{2}:\\d{2}\\.\\d{9}"), sendingTime);
            final Instant sent = java.time.LocalDateTime.parse(sendingTime,
                java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSSSSSSSS")).toInstant(
                    java.time.ZoneOffset.UTC);
            final long sentNs = sent.getEpochSecond() * 1_000_000_000L + sent.getNano();
            assertTrue(sentNs >= responseIn && sentNs <= after, sendingTime + " vs 7765=" + responseIn);
        }
    }

    @Test
    void shouldFillBothSidesAtTheRestingOrdersPrice()
    {
        try (FixClient seller = client("CLIENT02").logon(); FixClient buyer = client("CLIENT03").logon())
        {
            seller.send(Orders.limit("s-1", "T02", SELL, 100, "100.10"));
            final String sellOrderId = str(seller.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "0")), 37);
            buyer.send(Orders.limit("b-1", "T02", BUY, 60, "100.20"));

            final Message buyerAck = buyer.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "b-1"));
            final Message buyerFill = "F".equals(str(buyerAck, 150)) ? buyerAck :
                buyer.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
            assertEquals("2", str(buyerFill, 39));
            assertEquals(60, num(buyerFill, 32));
            assertEquals(0, dec(buyerFill, 31).compareTo(new BigDecimal("100.10")));
            assertEquals(60, num(buyerFill, 14));
            assertEquals(0, num(buyerFill, 151));
            assertEquals(0, dec(buyerFill, 6).compareTo(new BigDecimal("100.10")));

            final Message sellerFill = seller.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
            assertEquals("s-1", str(sellerFill, 11));
            assertEquals(sellOrderId, str(sellerFill, 37));
            assertEquals("1", str(sellerFill, 39));
            assertEquals(60, num(sellerFill, 32));
            assertEquals(0, dec(sellerFill, 31).compareTo(new BigDecimal("100.10")));
            assertEquals(60, num(sellerFill, 14));
            assertEquals(40, num(sellerFill, 151));
            assertFalse(str(buyerFill, 17).isEmpty() || str(sellerFill, 17).isEmpty());
            assertNotEquals(str(buyerAck, 17), str(buyerFill, 17));
        }
    }

    @Test
    void shouldCancelAndReplaceARestingOrderAndAnswerItsStatus()
    {
        try (FixClient client = client("CLIENT04").logon())
        {
            client.send(Orders.limit("r-1", "T03", BUY, 50, "98.00"));
            final String orderId = str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "r-1")), 37);

            client.send(Orders.replace("r-2", "r-1", "T03", BUY, 80, "98.50"));
            final Message replaced = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "r-2"));
            assertEquals("5", str(replaced, 150));
            assertEquals("0", str(replaced, 39));
            assertEquals("r-1", str(replaced, 41));
            assertEquals(80, num(replaced, 38));
            assertEquals(80, num(replaced, 151));
            assertEquals(0, dec(replaced, 44).compareTo(new BigDecimal("98.5")));

            client.send(Orders.status("r-2", "T03", BUY));
            final Message status = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I"));
            assertEquals("0", str(status, 39));
            assertEquals(80, num(status, 151));
            assertEquals(0, num(status, 14));

            client.send(Orders.cancel("c-1", "r-2", "T03", BUY));
            final Message cancelled = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "c-1"));
            assertEquals("4", str(cancelled, 150));
            assertEquals("4", str(cancelled, 39));
            assertEquals("r-2", str(cancelled, 41));
            assertEquals(0, num(cancelled, 151));
            assertTrue(str(cancelled, 37).equals(orderId) || str(cancelled, 37).matches("[0-9]+"));

            client.send(Orders.cancel("c-2", "r-2", "T03", BUY));
            final Message tooLate = client.next(MsgType.ORDER_CANCEL_REJECT);
            assertEquals("c-2", str(tooLate, 11));
            assertEquals("1", str(tooLate, 434));
            assertTrue(tooLate.isSetField(102), Orders.text(tooLate));
        }
    }

    @Test
    void shouldRejectInvalidOrdersWithAReasonAndKeepTheSession()
    {
        try (FixClient client = client("CLIENT05").logon())
        {
            assertRejected(client, Orders.limit("x-1", "NOPE", BUY, 10, "100.00"), "unknown instrument");
            assertRejected(client, Orders.limit("x-2", "T04", BUY, 10, "100.005"), "tick");
            assertRejected(client, Orders.limit("x-3", "T04", BUY, 10, "150.00"), "band");
            assertRejected(client, Orders.limit("x-4", "T04", BUY, 0, "100.00"), "quantity");
            assertRejected(client, Orders.limit("x-5", "T04", BUY, 10, "100.0000001"), "decimals");
            assertRejected(client, Orders.limit("x-8", "T20", BUY, 15, "100.00"), "lot");
            final Message atTheOpening = Orders.limit("x-9", "T04", BUY, 10, "100.00");
            atTheOpening.setChar(59, '2');
            assertRejected(client, atTheOpening, "time in force");
            final Message fractional = Orders.limit("x-10", "T04", BUY, 10, "100.00");
            fractional.setDecimal(38, new BigDecimal("1.5"));
            assertRejected(client, fractional, "whole");
            final Message stop = Orders.limit("x-6", "T04", BUY, 10, "100.00");
            stop.setChar(40, '3');
            assertRejected(client, stop, "order type");
            client.send(Orders.limit("dup", "T04", BUY, 10, "95.00"));
            client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "dup") && is(m, 150, "0"));
            assertRejected(client, Orders.limit("dup", "T04", BUY, 10, "95.00"), "duplicate");

            client.send(Orders.cancel("x-7", "never-sent", "T04", BUY));
            final Message unknown = client.next(MsgType.ORDER_CANCEL_REJECT);
            assertEquals("x-7", str(unknown, 11));
            assertEquals("1", str(unknown, 102));

            assertSessionStillTakesOrders(client, Orders.limit("alive", "T04", SELL, 10, "105.00"));
        }
    }

    private static void assertRejected(final FixClient client, final Message order, final String reasonPart)
    {
        final String clOrdId = str(order, 11);
        client.send(order);
        final Message reject = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, clOrdId) && is(m, 150, "8"));
        assertEquals("8", str(reject, 39), Orders.text(reject));
        assertTrue(str(reject, 58).toLowerCase(java.util.Locale.ROOT).contains(reasonPart), Orders.text(reject));
        assertTrue(reject.isSetField(Orders.REQUEST_TIME), Orders.text(reject));
    }

    /** After the refusals the session goes on: {@code order} is acknowledged and the client is still logged on. */
    private static void assertSessionStillTakesOrders(final FixClient client, final Message order)
    {
        final String clOrdId = str(order, 11);
        client.send(order);
        assertEquals("0", str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, clOrdId)), 150));
        assertTrue(client.isLoggedOn());
    }

    @Test
    void shouldAnswerMalformedAndUnsupportedMessagesAndKeepTheSession()
    {
        try (FixClient client = client("CLIENT06").logon())
        {
            final Message noSymbol = Orders.limit("m-1", "T05", BUY, 10, "100.00");
            noSymbol.removeField(55);
            client.send(noSymbol);
            final Message reject = client.next(MsgType.REJECT);
            assertEquals("55", str(reject, 371), Orders.text(reject));

            final Message quoteRequest = new Message();
            quoteRequest.getHeader().setString(35, MsgType.QUOTE_REQUEST);
            quoteRequest.setString(131, "q-1");
            client.send(quoteRequest);
            final Message businessReject = client.next(MsgType.BUSINESS_MESSAGE_REJECT);
            assertEquals("R", str(businessReject, 372));
            assertEquals("3", str(businessReject, 380));

            assertSessionStillTakesOrders(client, Orders.limit("m-2", "T05", BUY, 10, "100.00"));
        }
    }

    @Test
    void shouldNotLetAnotherSessionTouchAnOrder()
    {
        try (FixClient owner = client("CLIENT07").logon(); FixClient other = client("CLIENT08").logon())
        {
            owner.send(Orders.limit("own-1", "T06", SELL, 30, "101.00"));
            final String orderId = str(owner.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "own-1")), 37);

            other.send(Orders.cancel("steal-1", "own-1", "T06", SELL));
            assertEquals("steal-1", str(other.next(MsgType.ORDER_CANCEL_REJECT), 11));
            other.send(Orders.replace("steal-2", "own-1", "T06", SELL, 1, "109.00"));
            final Message replaceReject = other.next(MsgType.ORDER_CANCEL_REJECT);
            assertEquals("steal-2", str(replaceReject, 11));
            assertEquals("2", str(replaceReject, 434));
            owner.send(Orders.status("own-1", "T06", SELL));
            final Message status = owner.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I"));
            assertEquals(orderId, str(status, 37));
            assertEquals("0", str(status, 39));
            assertEquals(30, num(status, 151));
            assertTrue(owner.drain(300).stream().noneMatch(m -> is(m, 150, "4")), "the owner saw a cancel");
        }
    }
}
