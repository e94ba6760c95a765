package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.num;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/** OrderMassCancelRequest (q) answered by OrderMassCancelReport (r), confined to the requesting session. */
class MassCancelIT
{
    private static final char BUY = Side.BUY;
    private static final char SELL = Side.SELL;

    @TempDir
    Path root;

    private TestVenue venue;

    private FixClient client(final String compId)
    {
        return new FixClient(root.resolve(compId), venue.fixPort(), compId, compId.toLowerCase(java.util.Locale.ROOT) +
            "pass");
    }

    @Test
    void shouldMassCancelOnlyTheSessionsOwnOrders()
    {
        venue = new TestVenue(root).withTestInstruments(8).set("journal.mode", "off");
        try (KairosProcess server = venue.start();
            FixClient owner = client("CLIENT09").logon();
            FixClient other = client("CLIENT10").logon())
        {
            owner.send(Orders.limit("mine-1", "T07", SELL, 10, "102.00"));
            owner.send(Orders.limit("mine-2", "T08", BUY, 10, "98.00"));
            owner.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "mine-1"));
            owner.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "mine-2"));

            other.send(Orders.massCancelAll("theirs"));
            final Message nothing = other.next(MsgType.ORDER_MASS_CANCEL_REPORT, m -> is(m, 11, "theirs"));
            assertEquals("7", str(nothing, 531));
            assertEquals(0, num(nothing, 533));
            assertTrue(owner.drain(300).stream().noneMatch(m -> is(m, 150, "4")),
                "another session's mass cancel reached the owner");

            owner.send(Orders.massCancelAll("all-mine"));
            final Message report = owner.next(MsgType.ORDER_MASS_CANCEL_REPORT, m -> is(m, 11, "all-mine"));
            assertEquals("7", str(report, 531));
            assertEquals(2, num(report, 533));
            assertEquals(2, owner.drain(500).stream().filter(m -> is(m, 150, "4")).count());
            assertEquals(0, server.stop());
        }
    }
}
