package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * SIGTERM while a client is sending: the venue stops cleanly (exit 0), and after a restart on the
 * same data every order it acknowledged is still there, and every order still there was
 * acknowledged to the client (before the stop, or resent after the reconnect).
 */
class GracefulStopIT
{
    @TempDir
    Path dir;

    @Test
    void shouldAcknowledgeEveryOrderItKeepsWhenStoppedWhileOrdersArrive()
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "sync")
            .set("fix.throttle.messages-per-second", "100000");
        final int sent = 400;
        final FixClient client = new FixClient(dir.resolve("client"), venue.fixPort(), "CLIENT01", "client01pass");
        try (KairosProcess first = venue.start())
        {
            client.logon();
            for (int i = 0; i < sent; i++)
            {
                // once the venue has logged the client out, sends only reach QuickFIX/J's store
                client.trySend(Orders.limit("g" + i, "T01", Side.BUY, 1, "95.00"));
                if (i == sent / 2)
                {
                    first.process().destroy();
                }
            }
            assertEquals(0, first.awaitExit(60_000), first.output());
            client.drain(500);
            client.disconnect();
        }
        try (KairosProcess second = venue.start())
        {
            client.logon();
            client.drain(1_500);
            final Set<String> acknowledged = new HashSet<>();
            for (final Message m : client.history())
            {
                if ("8".equals(FixClient.type(m)) && is(m, 150, "0"))
                {
                    acknowledged.add(str(m, 11));
                }
            }
            final List<String> problems = new ArrayList<>();
            for (int i = 0; i < sent; i++)
            {
                final String clOrdId = "g" + i;
                client.send(Orders.status(clOrdId, "T01", Side.BUY));
                final Message status = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I") &&
                    is(m, 11, clOrdId));
                final boolean live = !"8".equals(str(status, 39));
                if (live != acknowledged.contains(clOrdId))
                {
                    problems.add(clOrdId + (live ? " is on the book but was never acknowledged" :
                        " was acknowledged but is gone"));
                }
            }
            assertTrue(problems.isEmpty(), acknowledged.size() + " acknowledged of " + sent + "; " + problems.size() +
                " problems: " + problems);
            client.disconnect();
            assertEquals(0, second.stop(), second.output());
        }
        finally
        {
            client.close();
        }
    }
}
