package io.kairos.l3;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Naive reference model for differential tests: TreeMaps of FIFO LinkedHashMaps. Test-only, single-threaded. */
final class ReferenceBook implements L3EventSink
{
    record Order(int instrumentId, int side, long price, long quantity)
    {
    }

    private final int maxInstrumentId;
    private final Map<Long, Order> orders = new HashMap<>();
    private final Map<Integer, List<TreeMap<Long, LinkedHashMap<Long, Long>>>> books = new HashMap<>();

    ReferenceBook(final int maxInstrumentId)
    {
        this.maxInstrumentId = maxInstrumentId;
    }

    @Override
    public int add(final int instrumentId, final long orderId, final int side, final long price, final long quantity)
    {
        if (instrumentId < 0 || instrumentId > maxInstrumentId)
        {
            return L3Result.UNKNOWN_INSTRUMENT;
        }
        if (side != Sides.BID && side != Sides.ASK)
        {
            return L3Result.INVALID_SIDE;
        }
        if (quantity <= 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        if (orders.containsKey(orderId))
        {
            return L3Result.DUPLICATE_ORDER;
        }
        orders.put(orderId, new Order(instrumentId, side, price, quantity));
        level(instrumentId, side, price).put(orderId, quantity);
        return L3Result.OK;
    }

    @Override
    public int modifyKeepPriority(final long orderId, final long quantity)
    {
        if (quantity <= 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final Order order = orders.get(orderId);
        if (order == null)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        orders.put(orderId, new Order(order.instrumentId(), order.side(), order.price(), quantity));
        level(order.instrumentId(), order.side(), order.price()).put(orderId, quantity);
        return L3Result.OK;
    }

    @Override
    public int modifyLosePriority(final long orderId, final long price, final long quantity)
    {
        if (quantity <= 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final Order order = orders.get(orderId);
        if (order == null)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        removeFromLevel(orderId, order);
        orders.put(orderId, new Order(order.instrumentId(), order.side(), price, quantity));
        level(order.instrumentId(), order.side(), price).put(orderId, quantity);
        return L3Result.OK;
    }

    @Override
    public int delete(final long orderId)
    {
        final Order order = orders.remove(orderId);
        if (order == null)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        removeFromLevel(orderId, order);
        return L3Result.OK;
    }

    @Override
    public int execute(final long orderId, final long executed, final long remaining)
    {
        if (executed <= 0 || remaining < 0)
        {
            return L3Result.INVALID_QUANTITY;
        }
        final Order order = orders.get(orderId);
        if (order == null)
        {
            return L3Result.UNKNOWN_ORDER;
        }
        if (executed + remaining != order.quantity())
        {
            return L3Result.QUANTITY_MISMATCH;
        }
        return remaining == 0 ? delete(orderId) : modifyKeepPriority(orderId, remaining);
    }

    Map<Long, Order> orders()
    {
        return orders;
    }

    /** Levels of a side, best first. */
    TreeMap<Long, LinkedHashMap<Long, Long>> side(final int instrumentId, final int side)
    {
        return sides(instrumentId).get(side);
    }

    private LinkedHashMap<Long, Long> level(final int instrumentId, final int side, final long price)
    {
        return side(instrumentId, side).computeIfAbsent(price, p -> new LinkedHashMap<>());
    }

    private void removeFromLevel(final long orderId, final Order order)
    {
        final TreeMap<Long, LinkedHashMap<Long, Long>> side = side(order.instrumentId(), order.side());
        final LinkedHashMap<Long, Long> level = side.get(order.price());
        level.remove(orderId);
        if (level.isEmpty())
        {
            side.remove(order.price());
        }
    }

    private List<TreeMap<Long, LinkedHashMap<Long, Long>>> sides(final int instrumentId)
    {
        return books.computeIfAbsent(instrumentId, id -> List.of(
            new TreeMap<Long, LinkedHashMap<Long, Long>>(Comparator.reverseOrder()),
            new TreeMap<Long, LinkedHashMap<Long, Long>>()));
    }
}
