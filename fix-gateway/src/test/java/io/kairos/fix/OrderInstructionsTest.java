package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;

import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Order instructions over a real session against the real gateway and engine: MinQty (110) and MaxFloor (111) are
 * carried out; an instruction Kairos does not carry out is refused with a session Reject naming its tag (371, 373=2)
 * and never reaches the engine; a replace may not change what it cannot. Waits end on the expected message, bounded.
 */
class OrderInstructionsTest
{
    private static final long WAIT_MS = 10_000;
    private static final String TIME = "60=20261124-10:00:00.000|";

    @TempDir
    Path dir;

    @Test
    void shouldRefuseEveryInstructionItWouldNotCarryOutNamingItsTagAndKeepTrading() throws Exception
    {
        final String[][] refused = {
            {"18=G|", "18"},                  // ExecInst: all or none
            {"99=95|", "99"},                 // StopPx on a limit order
            {"126=20261124-16:00:00|", "126"}, // ExpireTime
            {"432=20261124|", "432"},         // ExpireDate
            {"210=5|", "210"},                // MaxShow
            {"152=1000|", "152"},             // CashOrderQty
            {"15=EUR|", "15"},                // Currency
            {"100=XNAS|", "100"},             // ExDestination
            {"48=US0378331005|22=4|", "48"},  // an instrument named by SecurityID
            {"168=20261124-12:00:00|", "168"}, // EffectiveTime
            {"211=1|", "211"},                // PegOffsetValue
            {"388=0|", "388"},                // DiscretionInst
            {"847=1|", "847"},                // TargetStrategy
            {"9999=x|", "9999"},              // a tag no dictionary knows
        };
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            client.logon("CLIENT01", "client01pass");
            assertNotNull(client.readMessage("A", WAIT_MS), "logged on");
            int n = 0;
            for (final String[] c : refused)
            {
                assertSessionReject(client, "D", "11=I" + n++ + "|54=1|" + TIME + "40=2|55=AAPL|38=100|44=100|59=0|" +
                    c[0], c[1]);
            }
            assertEquals(0.0, fixture.counter("kairos.orders.in"), "nothing refused reached the engine");

            client.send("D", "11=GOOD|54=1|" + TIME + "40=2|55=AAPL|38=10|44=100|59=0|");
            assertEquals("0", RawFixClient.field(client.readMessage("8", WAIT_MS), 150), "the session trades on");
            assertSessionReject(client, "G", "11=R1|41=GOOD|54=1|" + TIME + "40=2|55=AAPL|38=10|44=100|111=5|", "111");
            assertSessionReject(client, "F", "11=C1|41=GOOD|54=1|" + TIME + "55=AAPL|18=G|", "18");
            assertSessionReject(client, "q", "11=M1|530=1|55=AAPL|54=1|" + TIME, "54");
        }
    }

    @Test
    void shouldExpireAMinQtyOrderThatCannotTradeItsMinimumAndTradeOneThatCan() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient seller = fixture.rawClient("CLIENT02");
            RawFixClient buyer = fixture.rawClient("CLIENT01"))
        {
            GatewayFixture.logOn(seller, "CLIENT02", "client02pass");
            GatewayFixture.logOn(buyer, "CLIENT01", "client01pass");
            seller.send("D", "11=S|54=2|" + TIME + "40=2|55=AAPL|38=3|44=100|59=0|");
            assertEquals("0", RawFixClient.field(seller.readMessage("8", WAIT_MS), 150));

            buyer.send("D", "11=B1|54=1|" + TIME + "40=2|55=AAPL|38=10|44=100|59=0|110=5|");
            assertEquals("0", RawFixClient.field(buyer.readMessage("8", WAIT_MS), 150), "acknowledged");
            final String expired = buyer.readMessage("8", WAIT_MS);
            assertEquals("C", RawFixClient.field(expired, 150), "less than MinQty was there: expired " + expired);
            assertEquals("0", RawFixClient.field(expired, 14), "without trading");

            buyer.send("D", "11=B2|54=1|" + TIME + "40=2|55=AAPL|38=10|44=100|59=0|110=3|");
            assertEquals("0", RawFixClient.field(buyer.readMessage("8", WAIT_MS), 150));
            final String fill = buyer.readMessage("8", WAIT_MS);
            assertEquals("F", RawFixClient.field(fill, 150), "MinQty 3 could trade: " + fill);
            assertEquals("3", RawFixClient.field(fill, 32));
            assertEquals("7", RawFixClient.field(fill, 151), "the rest rests");
        }
    }

    @Test
    void shouldTradeAnIcebergOnePartAtATime() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient seller = fixture.rawClient("CLIENT02");
            RawFixClient buyer = fixture.rawClient("CLIENT01"))
        {
            GatewayFixture.logOn(seller, "CLIENT02", "client02pass");
            GatewayFixture.logOn(buyer, "CLIENT01", "client01pass");
            seller.send("D", "11=ICE|54=2|" + TIME + "40=2|55=AAPL|38=10|44=100|59=0|111=3|");
            final String ack = seller.readMessage("8", WAIT_MS);
            assertEquals("0", RawFixClient.field(ack, 150));
            assertEquals("10", RawFixClient.field(ack, 151), "the owner sees the whole order");

            buyer.send("D", "11=B|54=1|" + TIME + "40=2|55=AAPL|38=5|44=100|59=3|");
            assertEquals("0", RawFixClient.field(buyer.readMessage("8", WAIT_MS), 150));
            final String first = buyer.readMessage("8", WAIT_MS);
            final String second = buyer.readMessage("8", WAIT_MS);
            assertEquals("3", RawFixClient.field(first, 32), "the shown part first: " + first);
            assertEquals("2", RawFixClient.field(second, 32), "then the next part: " + second);
            assertEquals("2", RawFixClient.field(second, 39), "filled");
        }
    }

    @Test
    void shouldRefuseAReplaceThatWouldChangeTheTimeInForce() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT01"))
        {
            GatewayFixture.logOn(client, "CLIENT01", "client01pass");
            client.send("D", "11=GTC|54=1|" + TIME + "40=2|55=AAPL|38=10|44=100|59=1|");
            assertEquals("0", RawFixClient.field(client.readMessage("8", WAIT_MS), 150));
            client.send("G", "11=R1|41=GTC|54=1|" + TIME + "40=2|55=AAPL|38=8|44=100|59=0|");
            final String reject = client.readMessage("9", WAIT_MS);
            assertNotNull(reject, "OrderCancelReject");
            assertEquals("replace must keep the order type and time in force", RawFixClient.field(reject, 58));
            client.send("G", "11=R2|41=GTC|54=1|" + TIME + "40=2|55=AAPL|38=8|44=100|");
            final String replaced = client.readMessage("8", WAIT_MS);
            assertEquals("5", RawFixClient.field(replaced, 150), "a replace stating no TimeInForce keeps it");
            assertEquals("1", RawFixClient.field(replaced, 59));
        }
    }


    private static void assertSessionReject(final RawFixClient client, final String msgType, final String body,
        final String refTag) throws Exception
    {
        final int seqNum = client.nextSeqNum();
        client.send(msgType, body);
        final String reject = client.readMessage("3", WAIT_MS);
        assertNotNull(reject, "a session Reject for " + body);
        assertEquals(String.valueOf(seqNum), RawFixClient.field(reject, 45), reject);
        assertEquals(refTag, RawFixClient.field(reject, 371), body + " -> " + reject);
        assertEquals("2", RawFixClient.field(reject, 373), body + " -> " + reject);
        assertEquals(msgType, RawFixClient.field(reject, 372), reject);
    }
}
