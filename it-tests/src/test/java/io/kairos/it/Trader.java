package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.num;
import static io.kairos.it.Orders.str;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * One trading client of a reliability trial ({@link CrashRecoveryIT}, {@link ClusterFailoverIT}): what it sent, what it
 * was told, and the check of both against the venue's answers to OrderStatusRequests. Owned by the test thread.
 */
final class Trader
{
    final FixClient client;
    final char side;
    private final String symbol;
    final OrderTracker seen = new OrderTracker();
    final Map<String, Long> sentQty = new LinkedHashMap<>();
    int historyAtRestart;

    Trader(final FixClient client, final char side, final String symbol)
    {
        this.client = client;
        this.side = side;
        this.symbol = symbol;
    }

    void sendLimit(final String clOrdId, final long qty, final String price)
    {
        client.send(Orders.limit(clOrdId, symbol, side, qty, price));
        sentQty.put(clOrdId, qty);
    }

    void drain(final long quietMs)
    {
        client.drain(quietMs).forEach(seen::onMessage);
    }

    /**
     * Asks the status of every order sent, checks each answer against what the client was told and
     * adds the differences to {@code failures}. @return the venue's executed quantity over all orders.
     */
    long verifyAgainstStatus(final List<String> failures)
    {
        // a venue that has just restarted may end a connection it was handed over (the client logs on again by
        // itself); the status requests need one that is logged on, and a client that stays out fails with its logouts
        client.awaitLogon(FixClient.WAIT_MS);
        sentQty.keySet().forEach(clOrdId -> client.send(Orders.status(clOrdId, symbol, side)));
        final Map<String, Message> statuses = new HashMap<>();
        for (final String clOrdId : sentQty.keySet())
        {
            statuses.put(clOrdId, client.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I") &&
                is(m, 11, clOrdId)));
        }
        drain(300);
        long executed = 0;
        for (final Map.Entry<String, Long> sent : sentQty.entrySet())
        {
            final String clOrdId = sent.getKey();
            final Message status = statuses.get(clOrdId);
            final OrderTracker.View view = seen.orders().get(clOrdId);
            if ("8".equals(str(status, 39)))
            {
                if (view != null)
                {
                    failures.add(side(clOrdId) + " was acknowledged (" + view +
                        ") but is unknown after the restart: " + Orders.text(status));
                }
                continue;
            }
            final long cum = num(status, 14);
            executed += cum;
            if (num(status, 38) != sent.getValue() || cum + num(status, 151) != sent.getValue())
            {
                failures.add(side(clOrdId) + " sent for " + sent.getValue() + " but status says " +
                    Orders.text(status));
            }
            if (view != null && (!view.orderId().equals(str(status, 37)) || cum < view.cumQty()))
            {
                failures.add(side(clOrdId) + " seen " + view + " but status says " + Orders.text(status));
            }
            final long reported = seen.filledQuantity(clOrdId);
            if (reported != cum)
            {
                failures.add(side(clOrdId) + " was told of fills for " + reported + " but status says " +
                    Orders.text(status) + "; its reports, as the client got them:\n" + reportsOf(clOrdId));
            }
        }
        return executed;
    }

    private String side(final String clOrdId)
    {
        return (side == Side.BUY ? "buy " : "sell ") + clOrdId;
    }

    /**
     * Orders the client re-sent (PossDupFlag=Y, asked for by the venue's ResendRequest) that the engine already
     * had.
     */
    long duplicatesAfterRestart()
    {
        final List<Message> history = client.history();
        return history.subList(Math.min(historyAtRestart, history.size()), history.size()).stream()
            .filter(m -> is(m, 150, "8") && m.isSetField(58) && str(m, 58).contains("duplicate")).count();
    }

    /** Reports the venue sent again after its restart because it could not know they had reached the client. */
    long possResendsAfterRestart()
    {
        final List<Message> history = client.history();
        return history.subList(Math.min(historyAtRestart, history.size()), history.size()).stream()
            .filter(m -> m.getHeader().isSetField(97) && "Y".equals(str(m.getHeader(), 97))).count();
    }

    String summaryAfterRestart()
    {
        final List<Message> history = client.history();
        final StringBuilder text = new StringBuilder();
        for (final Message m : history.subList(Math.min(historyAtRestart, history.size()), history.size()))
        {
            if (!is(m, 150, "I"))
            {
                appendLine(text, m);
            }
        }
        return text.toString();
    }

    /** Every report of one order the client got, in the order it got them (restart or not), one line each. */
    private String reportsOf(final String clOrdId)
    {
        final StringBuilder text = new StringBuilder();
        for (final Message m : client.history())
        {
            if (is(m, 11, clOrdId) && !is(m, 150, "I"))
            {
                appendLine(text, m);
            }
        }
        return text.toString();
    }

    private static void appendLine(final StringBuilder text, final Message m)
    {
        text.append("  ").append(FixClient.type(m));
        for (final int tag : new int[] {34, 43, 97, 11, 37, 17, 150, 39, 14, 151, 32, 58})
        {
            if (m.isSetField(tag) || m.getHeader().isSetField(tag))
            {
                text.append(' ').append(tag).append('=').append(m.isSetField(tag) ? str(m, tag) :
                    str(m.getHeader(), tag));
            }
        }
        text.append('\n');
    }
}
