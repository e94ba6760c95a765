package io.kairos.fix;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.field.OrdType;
import quickfix.fix44.NewOrderSingle;

import static io.kairos.fix.Requests.BUY;
import static io.kairos.fix.Requests.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OrderEntryTest
{
    private static final DateTimeFormatter NANOS = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSSSSSSSS");

    @TempDir
    Path dir;
    private GatewayFixture fixture;
    private QfjClient client1;
    private QfjClient client2;

    @BeforeEach
    void start()
    {
        fixture = GatewayFixture.start(dir.resolve("gateway"));
        client1 = fixture.client(1, dir.resolve("store")).startAndLogon();
        client2 = fixture.client(2, dir.resolve("store")).startAndLogon();
    }

    @AfterEach
    void stop()
    {
        client1.close();
        client2.close();
        fixture.close();
    }

    @Test
    void shouldAcknowledgeNewOrderWithExactFieldsAndLatencyStamps() throws Exception
    {
        final long before = epochNanosNow();
        client1.send(Requests.limit("N1", BUY, "AAPL", 10, 99.5));
        final Message ack = client1.expect("8");
        final long after = epochNanosNow();

        assertEquals('0', ack.getChar(150));
        assertEquals('0', ack.getChar(39));
        assertEquals("N1", ack.getString(11));
        assertEquals("AAPL", ack.getString(55));
        assertEquals('1', ack.getChar(54));
        assertEquals('2', ack.getChar(40));
        assertEquals('0', ack.getChar(59));
        assertEquals(99.5, ack.getDouble(44));
        assertEquals(10.0, ack.getDouble(38));
        assertEquals(0.0, ack.getDouble(14));
        assertEquals(10.0, ack.getDouble(151));
        assertEquals(0.0, ack.getDouble(6));
        assertTrue(Long.parseLong(ack.getString(37)) > 0, "OrderID is the engine's number");
        assertFalse(ack.getString(17).isEmpty());
        assertFalse(ack.isSetField(41), "no OrigClOrdID on a new order");

        final long requestTime = Long.parseLong(ack.getString(5979));
        final long engineIn = Long.parseLong(ack.getString(21002));
        final long engineOut = Long.parseLong(ack.getString(21003));
        final long responseIn = Long.parseLong(ack.getString(7765));
        final long sendingTime = epochNanos(ack.getHeader().getString(52));
        assertEquals(27, ack.getHeader().getString(52).length(), "SendingTime has nanoseconds");
        assertTrue(before <= requestTime, "RequestTime is after the client sent");
        assertTrue(requestTime <= engineIn && engineIn <= engineOut && engineOut <= responseIn,
            "stamps in order: " + requestTime + " " + engineIn + " " + engineOut + " " + responseIn);
        assertTrue(responseIn <= sendingTime && sendingTime <= after, "SendingTime between ResponseIn and receipt");
        assertEquals(1.0, fixture.counter("kairos.orders.in"));
    }

    @Test
    void shouldReportFillsToBothSides() throws Exception
    {
        client1.place(Requests.limit("B1", BUY, "AAPL", 10, 99.5));

        client2.place(Requests.limit("S1", SELL, "AAPL", 4, 99.0));
        final Message aggressorFill = client2.expect("8");
        final Message restingFill = client1.expect("8");

        assertFill(aggressorFill, "S1", '2', 4, 0, 4, 99.5);
        assertFill(restingFill, "B1", '1', 4, 6, 4, 99.5);
        assertNotEquals(aggressorFill.getString(17), restingFill.getString(17),
            "each side's fill report has its own ExecID");

        client2.place(Requests.market("S2", SELL, "AAPL", 6));
        assertFill(client2.expect("8"), "S2", '2', 6, 0, 6, 99.5);
        assertFill(client1.expect("8"), "B1", '2', 6, 0, 10, 99.5);
        assertEquals(4.0, fixture.counter("kairos.executions"));
    }

    @Test
    void shouldCancelARestingOrder() throws Exception
    {
        client1.send(Requests.limit("C1", BUY, "AAPL", 10, 99.0));
        final String orderId = client1.expect("8").getString(37);
        client1.send(Requests.cancel("C2", "C1", BUY, "AAPL"));

        final Message canceled = client1.expect("8");
        assertEquals('4', canceled.getChar(150));
        assertEquals('4', canceled.getChar(39));
        assertEquals("C2", canceled.getString(11));
        assertEquals("C1", canceled.getString(41));
        assertEquals(orderId, canceled.getString(37));
        assertEquals(0.0, canceled.getDouble(151));
        assertTrue(canceled.isSetField(5979) && canceled.isSetField(21002) && canceled.isSetField(21003) &&
            canceled.isSetField(7765));
    }

    @Test
    void shouldReplaceARestingOrder() throws Exception
    {
        client1.send(Requests.limit("R1", BUY, "AAPL", 10, 99.0));
        final String orderId = client1.expect("8").getString(37);
        client1.send(Requests.replace("R2", "R1", BUY, "AAPL", 20, 98.5));

        final Message replaced = client1.expect("8");
        assertEquals('5', replaced.getChar(150));
        assertEquals('0', replaced.getChar(39));
        assertEquals("R2", replaced.getString(11));
        assertEquals("R1", replaced.getString(41));
        assertEquals(orderId, replaced.getString(37));
        assertEquals(20.0, replaced.getDouble(38));
        assertEquals(98.5, replaced.getDouble(44));
        assertEquals(20.0, replaced.getDouble(151));
    }

    @Test
    void shouldAnswerCancelOfUnknownOrderWithCancelReject() throws Exception
    {
        client1.send(Requests.cancel("X2", "NOPE", BUY, "AAPL"));
        final Message reject = client1.expect("9");
        assertEquals("X2", reject.getString(11));
        assertEquals("NOPE", reject.getString(41));
        assertEquals('1', reject.getChar(434));
        assertEquals(1, reject.getInt(102));
        assertEquals("unknown order", reject.getString(58));
        assertTrue(reject.isSetField(5979) && reject.isSetField(7765));

        client1.send(Requests.replace("X3", "NOPE", BUY, "AAPL", 5, 99));
        final Message replaceReject = client1.expect("9");
        assertEquals('2', replaceReject.getChar(434));

        client1.send(Requests.status("NOPE", BUY, "AAPL"));
        final Message status = client1.expect("8");
        assertEquals('I', status.getChar(150));
        assertEquals('8', status.getChar(39));
        assertEquals("NOPE", status.getString(11));
        assertEquals("unknown order", status.getString(58));
    }

    @Test
    void shouldRejectInvalidOrdersWithTheReasonAndKeepTheSession() throws Exception
    {
        assertOrderRejected(Requests.limit("I1", BUY, "ZZZZ", 10, 99), "unknown instrument");
        assertOrderRejected(Requests.limit("I2", BUY, "AAPL", 10, 99.005), "price is not a multiple of the tick size");
        assertOrderRejected(Requests.limit("I3", BUY, "AAPL", 10, 150), "price is outside the price band");
        assertOrderRejected(Requests.limit("I4", BUY, "AAPL", 0, 99), "quantity must be positive");
        assertOrderRejected(Requests.limit("I5", BUY, "AAPL", 1.5, 99), "quantity must be a whole number");
        final NewOrderSingle stop = Requests.limit("I6", BUY, "AAPL", 10, 99);
        stop.set(new OrdType(OrdType.STOP));
        assertOrderRejected(stop, "unsupported order type (1=market, 2=limit)");
        final NewOrderSingle decimals = Requests.limit("I7", BUY, "AAPL", 10, 99);
        decimals.setString(44, "99.0000001");
        assertOrderRejected(decimals, "price has more than 6 decimals");
        client1.place(Requests.limit("I8", BUY, "AAPL", 10, 99));
        assertOrderRejected(Requests.limit("I8", BUY, "AAPL", 10, 99), "duplicate client order id");
        assertEquals(1.0, fixture.counter("kairos.rejects", "reason", "unknown_instrument"));
        assertEquals(1.0, fixture.counter("kairos.rejects", "reason", "too_many_decimals"));
    }

    @Test
    void shouldAnswerAReSentCopyOfAnOrderWithItsStatusInsteadOfADuplicateReject() throws Exception
    {
        // QuickFIX/J strips PossDupFlag from application sends, so this client writes the bytes itself
        try (RawFixClient raw = fixture.rawClient("CLIENT03"))
        {
            raw.logon("CLIENT03", "client03pass");
            final String now = LocalDateTime.now(ZoneOffset.UTC).format(
                DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS"));
            final String order = "11=PD1|21=1|55=AAPL|54=1|60=" + now + "|38=10|40=2|44=99|59=0|";
            raw.send("D", order);
            raw.send("D", "43=Y|122=" + now + "|" + order);
            final String received = raw.readUntilClosed(2_000);

            assertEquals(2, count(received, "|35=8|"), received);
            assertTrue(received.contains("|150=0|"), "the first copy is acknowledged: " + received);
            assertTrue(received.contains("|150=I|") && received.contains("|39=0|"),
                "the re-sent copy gets the order's status: " + received);
            assertFalse(received.contains("duplicate"), received);
            assertFalse(raw.closedByPeer());
        }
    }

    private static int count(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }

    @Test
    void shouldNotLetASessionTouchAnotherSessionsOrder() throws Exception
    {
        client1.send(Requests.limit("O1", BUY, "AAPL", 10, 99.0));
        final String orderId = client1.expect("8").getString(37);

        client2.send(Requests.cancel("T1", "O1", BUY, "AAPL"));
        assertEquals("9", QfjClient.msgType(client2.next()));
        final quickfix.fix44.OrderCancelRequest byOrderId = Requests.cancel("T2", "O1", BUY, "AAPL");
        byOrderId.set(new quickfix.field.OrderID(orderId));
        client2.send(byOrderId);
        final Message reject = client2.expect("9");
        assertEquals("order belongs to another session", reject.getString(58));
        assertFalse(reject.isSetField(151), "nothing of the other session's order leaks");

        client1.send(Requests.status("O1", BUY, "AAPL"));
        final Message status = client1.expect("8");
        assertEquals('I', status.getChar(150));
        assertEquals('0', status.getChar(39));
        assertEquals(10.0, status.getDouble(151));
    }

    @Test
    void shouldAnswerUnsupportedMessageTypeWithBusinessMessageReject() throws Exception
    {
        client1.send(Requests.unsupported());
        final Message reject = client1.expect("j");
        assertEquals("R", reject.getString(372));
        assertEquals(3, reject.getInt(380));
        assertSessionSurvives("U1");
    }

    @Test
    void shouldAnswerMissingRequiredFieldWithSessionRejectNamingTheTag() throws Exception
    {
        final NewOrderSingle noSide = Requests.limit("M1", BUY, "AAPL", 10, 99);
        noSide.removeField(54);
        client1.send(noSide);
        final Message reject = client1.expect("3");
        assertEquals(54, reject.getInt(371));
        assertEquals(1, reject.getInt(373));
        assertEquals("D", reject.getString(372));

        final NewOrderSingle noPrice = Requests.limit("M2", BUY, "AAPL", 10, 99);
        noPrice.removeField(44);
        client1.send(noPrice);
        assertEquals(44, client1.expect("3").getInt(371));
        assertSessionSurvives("M3");
    }

    @Test
    void shouldMassCancelTheSessionsOrdersAcrossPartitions() throws Exception
    {
        client1.send(Requests.limit("MC1", BUY, "AAPL", 10, 99.0));
        client1.expect("8");
        client1.send(Requests.limit("MC2", SELL, "MSFT", 5, 101.0));
        client1.expect("8");
        client2.send(Requests.limit("OTHER", BUY, "AAPL", 10, 98.0));
        client2.expect("8");

        client1.send(Requests.massCancel("MCALL", '7', null));
        int canceled = 0;
        Message report = null;
        while (report == null)
        {
            final Message message = client1.next();
            if ("r".equals(QfjClient.msgType(message)))
            {
                report = message;
            }
            else
            {
                assertEquals('4', message.getChar(150));
                canceled++;
            }
        }
        assertEquals(2, canceled);
        assertEquals("MCALL", report.getString(11));
        assertEquals('7', report.getChar(531));
        assertEquals(2, report.getInt(533));

        client1.send(Requests.massCancel("MCX", '3', null));
        final Message rejected = client1.expect("r");
        assertEquals('0', rejected.getChar(531));

        client2.send(Requests.status("OTHER", BUY, "AAPL"));
        assertEquals('0', client2.expect("8").getChar(39), "the other session's order is untouched");
    }

    private void assertOrderRejected(final Message order, final String text) throws FieldNotFound
    {
        client1.send(order);
        final Message reject = client1.expect("8");
        assertEquals('8', reject.getChar(150), () -> "rejected: " + reject);
        assertEquals('8', reject.getChar(39));
        assertEquals(text, reject.getString(58));
        assertEquals(order.getString(11), reject.getString(11));
        assertTrue(reject.isSetField(5979) && reject.isSetField(21002) && reject.isSetField(21003) &&
            reject.isSetField(7765));
    }

    private void assertSessionSurvives(final String clOrdId) throws FieldNotFound
    {
        client1.place(Requests.limit(clOrdId, BUY, "AAPL", 1, 90));
    }

    private static void assertFill(
        final Message fill, final String clOrdId, final char ordStatus, final double lastQty, final double leaves,
        final double cum, final double price) throws FieldNotFound
    {
        assertEquals('F', fill.getChar(150));
        assertEquals(ordStatus, fill.getChar(39));
        assertEquals(clOrdId, fill.getString(11));
        assertEquals(lastQty, fill.getDouble(32));
        assertEquals(price, fill.getDouble(31));
        assertEquals(leaves, fill.getDouble(151));
        assertEquals(cum, fill.getDouble(14));
        assertEquals(price, fill.getDouble(6));
    }

    static long epochNanos(final String utcTimestamp)
    {
        final java.time.Instant instant = LocalDateTime.parse(utcTimestamp, NANOS).toInstant(ZoneOffset.UTC);
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    static long epochNanosNow()
    {
        final java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
