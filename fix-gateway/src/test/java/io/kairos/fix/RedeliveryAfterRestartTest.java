package io.kairos.fix;

import static io.kairos.fix.Requests.BUY;
import static io.kairos.fix.Requests.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.kairos.fix.delivery.AcceptedReports;
import io.kairos.fix.delivery.DeliveryMarks;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.Message;

/**
 * Reports that never reached a session before the venue stopped are sent after the restart: the engine
 * replays its journal and emits them again, the gateway's delivery marks pick the ones Artio never
 * accepted, and they go out with PossResend=Y and the ExecID they were first given.
 */
// javac's "try" lint: a gateway in try-with-resources only has to run while the clients talk to it, unreferenced
@SuppressWarnings("try")
class RedeliveryAfterRestartTest
{
    private static final int POSS_RESEND = 97;

    @TempDir
    Path dir;

    @Test
    void shouldSendAfterARestartTheFillADisconnectedSessionWasWaitingFor() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        try (QfjClient buyer = GatewayFixture.client(1, port, dir.resolve("store"));
            QfjClient seller = GatewayFixture.client(2, port, dir.resolve("store")))
        {
            final String sellerFillExecId;
            try (GatewayFixture fixture = GatewayFixture.startJournalled(gatewayDir, dir, port))
            {
                buyer.startAndLogon();
                seller.startAndLogon();
                buyer.place(Requests.limit("B1", BUY, "AAPL", 10, 99.5));
                fixture.disconnect(buyer);

                seller.place(Requests.limit("S1", SELL, "AAPL", 10, 99.5));
                sellerFillExecId = seller.expect("8").getString(17);
                Await.until("the buyer's fill waiting", () ->
                    fixture.gateway.agent().session("CLIENT01").backlogSize() == 1);
                seller.stop();
            }

            final GatewayFixture restarted = GatewayFixture.startJournalled(gatewayDir, dir, port);
            try (restarted)
            {
                buyer.startAndLogon();
                final Message fill = buyer.expect("8");
                assertEquals('F', fill.getChar(150));
                assertEquals("B1", fill.getString(11));
                assertEquals(10.0, fill.getDouble(32));
                assertTrue(possResend(fill), "re-sent after a restart: PossResend=Y " + fill);

                seller.startAndLogon();
                final Message extra = seller.poll(Duration.ofSeconds(1));
                assertNull(extra, "the seller's reports had reached Artio: nothing again (its fill was " +
                    sellerFillExecId + ")");
            }
        }
    }

    @Test
    void shouldSendAgainWithTheirExecIdsTheReportsArtioHadNotAcceptedWhenTheVenueStopped() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        try (QfjClient buyer = GatewayFixture.client(1, port, dir.resolve("store"));
            QfjClient seller = GatewayFixture.client(2, port, dir.resolve("store")))
        {
            final Message ack;
            final Message fill;
            final GatewayFixture fixture = GatewayFixture.startJournalled(gatewayDir, dir, port);
            try (fixture)
            {
                buyer.startAndLogon();
                seller.startAndLogon();
                buyer.send(Requests.limit("B1", BUY, "AAPL", 10, 99.5));
                buyer.expect("8");
                seller.send(Requests.limit("S1", SELL, "AAPL", 10, 99.5));
                ack = seller.expect("8");
                fill = seller.expect("8");
                buyer.expect("8");
                buyer.stop();
                seller.stop();
            }
            // What a kill -9 leaves when the seller's two reports were still on their way to Artio: the marks
            // say its last accepted report came from the command before, and the gateway took nothing later.
            try (DeliveryMarks marks = DeliveryMarks.open(gatewayDir, new int[] {1, 2}))
            {
                final int seller2 = marks.slot(2);
                final long sellIndex = marks.committedIndex(seller2, 0);
                assertTrue(sellIndex > 1, "the sell order's journal index was recorded: " + sellIndex);
                marks.onCommitted(seller2, 0, sellIndex - 1, 0);
                marks.onRecoveryComplete(0, sellIndex - 1);
            }
            // ... and Artio had not taken them yet: nothing of theirs in the accepted reports
            Files.delete(gatewayDir.resolve(AcceptedReports.FILE_NAME));

            final GatewayFixture restarted = GatewayFixture.startJournalled(gatewayDir, dir, port);
            try (restarted)
            {
                seller.startAndLogon();
                final Message againAck = seller.expect("8");
                final Message againFill = seller.expect("8");
                assertEquals(ack.getString(17), againAck.getString(17), "same ExecID");
                assertEquals(fill.getString(17), againFill.getString(17), "same ExecID");
                assertEquals('F', againFill.getChar(150));
                assertTrue(possResend(againAck) && possResend(againFill), "PossResend=Y");

                buyer.startAndLogon();
                assertNull(buyer.poll(Duration.ofSeconds(1)), "the buyer had everything");
            }
        }
    }

    private static boolean possResend(final Message message) throws FieldNotFound
    {
        return message.getHeader().isSetField(POSS_RESEND) && message.getHeader().getBoolean(POSS_RESEND);
    }
}
