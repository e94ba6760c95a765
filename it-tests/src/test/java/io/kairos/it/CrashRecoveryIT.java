package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.num;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * The reliability contract: with the journal in sync mode, {@code kill -9} of the venue while
 * orders flow, then a restart on the same data, loses no acknowledged order and no fill. Two
 * clients trade one instrument; after the restart each asks the status of every order it last saw
 * live (or has since been told it finished), and both sides agree on the quantity traded.
 *
 * <p>Tagged {@value #TAG} and left out of the default {@code verify} while the FIX gateway's
 * outbound sequence number can go backwards after {@code kill -9} (it-tests/README.md); run it with
 * {@code ./mvnw -B -pl it-tests verify -Dkairos.it.excludedGroups=none -Dit.test=CrashRecoveryIT}.
 * Most of its time is the restart: see {@link KairosProcess#startAfterCrash}.
 */
@Tag(CrashRecoveryIT.TAG)
class CrashRecoveryIT
{
    static final String TAG = "crash-recovery";

    private static int buyerMark;
    private static int sellerMark;
    private static FixClient otherSide;

    @TempDir
    Path dir;

    @RepeatedTest(value = 3, name = "trial {currentRepetition} of {totalRepetitions}")
    void shouldKeepEveryAcknowledgedOrderAndFillAcrossKill9(final RepetitionInfo trial)
    {
        final SplittableRandom random = new SplittableRandom(7919L * trial.getCurrentRepetition());
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "sync")
            .set("fix.throttle.messages-per-second", "100000");
        final FixClient buyer = new FixClient(dir.resolve("buyer"), venue.fixPort(), "CLIENT01", "client01pass");
        final FixClient seller = new FixClient(dir.resolve("seller"), venue.fixPort(), "CLIENT02", "client02pass");
        final OrderTracker buys = new OrderTracker();
        final OrderTracker sells = new OrderTracker();
        try (KairosProcess first = venue.start())
        {
            buyer.logon();
            seller.logon();
            final long killAt = System.currentTimeMillis() + 300 + random.nextInt(1_500);
            for (int i = 0; System.currentTimeMillis() < killAt; i++)
            {
                buyer.send(Orders.limit("b" + i, "T01", Side.BUY, 1 + random.nextInt(9), price(random)));
                seller.send(Orders.limit("s" + i, "T01", Side.SELL, 1 + random.nextInt(9), price(random)));
                buyer.drain(0).forEach(buys::onMessage);
                seller.drain(0).forEach(sells::onMessage);
                KairosProcess.pause(4);
            }
            first.kill9();
            buyer.drain(200).forEach(buys::onMessage);
            seller.drain(200).forEach(sells::onMessage);
            buyer.disconnect();
            seller.disconnect();
        }
        assertTrue(buys.orders().size() > 10 && sells.orders().size() > 10,
            "too little flow before the kill: " + buys.orders().size() + " / " + sells.orders().size());

        try (KairosProcess second = KairosProcess.startAfterCrash(venue, 30_000))
        {
            buys.mark();
            sells.mark();
            buyerMark = buyer.history().size();
            sellerMark = seller.history().size();
            buyer.logon();
            seller.logon();
            buyer.drain(1_500).forEach(buys::onMessage);
            seller.drain(1_500).forEach(sells::onMessage);
            otherSide = seller;
            verifyPresent(buyer, buys, Side.BUY);
            otherSide = buyer;
            verifyPresent(seller, sells, Side.SELL);
            final OrderTracker allBuys = new OrderTracker();
            buyer.history().forEach(allBuys::onMessage);
            final OrderTracker allSells = new OrderTracker();
            seller.history().forEach(allSells::onMessage);
            assertEquals(allBuys.filledQuantity(), allSells.filledQuantity(), "buyers and sellers disagree on the traded quantity");
            buyer.disconnect();
            seller.disconnect();
            assertEquals(0, second.stop(), second.output());
        }
        finally
        {
            buyer.close();
            seller.close();
        }
    }

    private static String price(final SplittableRandom random)
    {
        return "100.0" + random.nextInt(5);
    }

    /** Every order the client last saw live is still known to the venue, with at least the fills it saw. */
    private static void verifyPresent(final FixClient client, final OrderTracker tracker, final char side)
    {
        final List<String> failures = new ArrayList<>();
        for (final Map.Entry<String, OrderTracker.View> entry : List.copyOf(tracker.orders().entrySet()))
        {
            final String clOrdId = entry.getKey();
            final OrderTracker.View seen = entry.getValue();
            if (!seen.live() || tracker.reportedFinishedAfterMark(clOrdId))
            {
                continue;
            }
            client.send(Orders.status(clOrdId, "T01", side));
            final Message status = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I") && is(m, 11, clOrdId));
            if ("8".equals(str(status, 39)))
            {
                client.drain(300).forEach(tracker::onMessage);
                if (!tracker.reportedFinishedAfterMark(clOrdId))
                {
                    final List<String> mentions = client.history().stream().map(Orders::text)
                        .filter(t -> t.contains("|11=" + clOrdId + "|") || t.contains("|37=" + seen.orderId() + "|")).toList();
                    failures.add(clOrdId + " (seen " + seen + ") is unknown after the restart: " + Orders.text(status) +
                        "\n  every report about it: " + String.join("\n    ", mentions));
                }
                continue;
            }
            tracker.onMessage(status);
            if (!seen.orderId().equals(str(status, 37)) || num(status, 14) < seen.cumQty() ||
                num(status, 14) + num(status, 151) != seen.orderQty())
            {
                failures.add(clOrdId + " seen " + seen + " but status says " + Orders.text(status));
            }
        }
        if (!failures.isEmpty())
        {
            failures.add("after the restart, " + client.session().getSessionID() + " got:\n" + summary(client.history(), side == Side.BUY ? buyerMark : sellerMark));
            failures.add("and the other side got:\n" + summary(otherSide.history(), side == Side.BUY ? sellerMark : buyerMark));
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static String summary(final List<Message> history, final int from)
    {
        final StringBuilder text = new StringBuilder();
        for (final Message m : history.subList(Math.min(from, history.size()), history.size()))
        {
            text.append("  ").append(FixClient.type(m));
            for (final int tag : new int[] {43, 11, 37, 150, 39, 14, 151, 32, 58})
            {
                if (m.isSetField(tag) || m.getHeader().isSetField(tag))
                {
                    text.append(' ').append(tag).append('=').append(m.isSetField(tag) ? str(m, tag) : str(m.getHeader(), tag));
                }
            }
            text.append('\n');
        }
        return text.toString();
    }
}
