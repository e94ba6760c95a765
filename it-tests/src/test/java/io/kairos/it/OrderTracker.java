package io.kairos.it;

import static io.kairos.it.Orders.num;
import static io.kairos.it.Orders.str;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import quickfix.Message;

/**
 * What one client has been told about its orders: for each ClOrdID the last known OrderID,
 * cumulative and leaves quantities and whether it is still live, plus every fill by ExecID
 * (duplicates from resends count once). Owned by the test thread.
 */
final class OrderTracker
{
    record View(String orderId, long orderQty, long cumQty, long leavesQty, boolean live)
    {
    }

    private record Fill(String clOrdId, long qty)
    {
    }

    private final Map<String, View> orders = new LinkedHashMap<>();
    private final Map<String, Fill> fillsByExecId = new HashMap<>();
    private final Set<String> terminalAfterMark = new HashSet<>();
    private boolean marked;

    void onMessage(final Message message)
    {
        if (!"8".equals(FixClient.type(message)) || !message.isSetField(11))
        {
            return;
        }
        final String execType = str(message, 150);
        final String clOrdId = str(message, 11);
        if ("8".equals(execType) || ("I".equals(execType) && "8".equals(str(message, 39))))
        {
            return;
        }
        final View before = orders.get(clOrdId);
        final long cum = num(message, 14);
        if (before != null && cum < before.cumQty())
        {
            return;
        }
        final long leaves = num(message, 151);
        final String status = str(message, 39);
        final boolean live = leaves > 0 && !"4".equals(status) && !"C".equals(status) && !"2".equals(status);
        orders.put(clOrdId, new View(str(message, 37), num(message, 38), cum, leaves, live));
        if ("F".equals(execType))
        {
            fillsByExecId.put(str(message, 17), new Fill(clOrdId, num(message, 32)));
        }
        if (marked && !live)
        {
            terminalAfterMark.add(clOrdId);
        }
    }

    /** From now on, remember orders reported finished (filled or cancelled). */
    void mark()
    {
        marked = true;
    }

    boolean reportedFinishedAfterMark(final String clOrdId)
    {
        return terminalAfterMark.contains(clOrdId);
    }

    Map<String, View> orders()
    {
        return orders;
    }

    long filledQuantity()
    {
        return fillsByExecId.values().stream().mapToLong(Fill::qty).sum();
    }

    /** The quantity of the fills reported for one order (each ExecID once). */
    long filledQuantity(final String clOrdId)
    {
        return fillsByExecId.values().stream().filter(f -> f.clOrdId().equals(clOrdId)).mapToLong(Fill::qty).sum();
    }
}
