package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.num;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/** Reconnects and restarts: missed reports resent, sequence numbers continue, resting orders survive. */
class SessionRecoveryIT
{
    @TempDir
    Path dir;

    @Test
    void shouldSendAReconnectingClientTheReportsItMissed()
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2);
        try (KairosProcess server = venue.start())
        {
            final FixClient seller = new FixClient(dir.resolve("seller"), venue.fixPort(), "CLIENT01",
                "client01pass").logon();
            seller.send(Orders.limit("gap-sell", "T01", Side.SELL, 10, "100.00"));
            final String orderId = str(seller.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "gap-sell")), 37);
            seller.disconnect();

            try (FixClient buyer = new FixClient(dir.resolve("buyer"), venue.fixPort(), "CLIENT02",
                "client02pass").logon())
            {
                buyer.send(Orders.limit("gap-buy", "T01", Side.BUY, 10, "100.00"));
                buyer.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
            }

            try (FixClient back = new FixClient(dir.resolve("seller"), venue.fixPort(), "CLIENT01",
                "client01pass").logon())
            {
                final Message fill = back.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
                assertEquals("gap-sell", str(fill, 11));
                assertEquals(orderId, str(fill, 37));
                assertEquals(10, num(fill, 14));
                assertEquals("2", str(fill, 39));
            }
            assertEquals(0, server.stop());
        }
    }

    @Test
    void shouldContinueSequenceNumbersAndKeepRestingOrdersAcrossARestart()
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2);
        final String orderId;
        final int senderSeq;
        final int targetSeq;
        try (KairosProcess server = venue.start();
            FixClient client = new FixClient(dir.resolve("client"), venue.fixPort(), "CLIENT03",
                "client03pass").logon())
        {
            client.send(Orders.limit("keep-1", "T02", Side.BUY, 25, "99.00"));
            orderId = str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "keep-1")), 37);
            Await.until("the client counting the venue's messages", Duration.ofSeconds(5),
                () -> nextTargetSeq(client) >= 3);
            senderSeq = nextSenderSeq(client);
            targetSeq = nextTargetSeq(client);
            client.disconnect();
            assertTrue(senderSeq > 2 && targetSeq > 2, senderSeq + "/" + targetSeq);
            assertEquals(0, server.stop(), server.output());
        }

        try (KairosProcess server = venue.start();
            FixClient client = new FixClient(dir.resolve("client"), venue.fixPort(), "CLIENT03",
                "client03pass").logon())
        {
            assertTrue(nextSenderSeq(client) >= senderSeq + 1, "sender sequence restarted");
            assertTrue(nextTargetSeq(client) >= targetSeq + 1, "target sequence restarted");
            client.send(Orders.status("keep-1", "T02", Side.BUY));
            final Message status = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I"));
            assertEquals(orderId, str(status, 37));
            assertEquals("0", str(status, 39));
            assertEquals(25, num(status, 151));

            try (FixClient seller = new FixClient(dir.resolve("seller2"), venue.fixPort(), "CLIENT04",
                "client04pass").logon())
            {
                seller.send(Orders.limit("hit-1", "T02", Side.SELL, 5, "99.00"));
                seller.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
            }
            final Message fill = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "F"));
            assertEquals(orderId, str(fill, 37));
            assertEquals(20, num(fill, 151));
            assertEquals(0, server.stop(), server.output());
        }
    }

    private static int nextSenderSeq(final FixClient client)
    {
        try
        {
            return client.session().getStore().getNextSenderMsgSeqNum();
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    private static int nextTargetSeq(final FixClient client)
    {
        try
        {
            return client.session().getStore().getNextTargetMsgSeqNum();
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
    }
}
