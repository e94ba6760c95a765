package io.kairos.bench.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import io.kairos.bench.harness.OrderFlow;

/**
 * A deliberately naive price-time book that the generator runs while it writes the flow, so that
 * every cancel and update names an order that is still live in both engines and the share of
 * executing commands is known in advance. Allocates freely: it runs before any timing starts.
 * Owned by the generating thread.
 */
final class ReferenceBook
{
    private static final int RECENTLY_DONE = 1024;

    /** One resting order as the generator sees it. */
    static final class SimOrder
    {
        long ref;
        int user;
        byte side;
        long price;
        long quantity;
        long filled;
        long clOrdNum;
        int activeIndex = -1;

        long leaves()
        {
            return quantity - filled;
        }
    }

    private final TreeMap<Long, ArrayDeque<SimOrder>> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<Long, ArrayDeque<SimOrder>> asks = new TreeMap<>();
    private final ArrayList<SimOrder> active = new ArrayList<>();
    private final SimOrder[] recentlyDone = new SimOrder[RECENTLY_DONE];
    private int recentlyDoneCount;
    private int recentlyDoneNext;

    int activeCount()
    {
        return active.size();
    }

    SimOrder randomActive(final SplittableRandom random)
    {
        return active.get(random.nextInt(active.size()));
    }

    /** An order that was recently filled or cancelled (a cancel for it arrives too late), or null. */
    SimOrder randomRecentlyDone(final SplittableRandom random)
    {
        return recentlyDoneCount == 0 ? null : recentlyDone[random.nextInt(recentlyDoneCount)];
    }

    /** Leaves of the first order in time priority at the best price of {@code side}, or 0 when that side is empty. */
    long headLeaves(final byte side)
    {
        final TreeMap<Long, ArrayDeque<SimOrder>> levels = side == OrderFlow.BUY ? bids : asks;
        return levels.isEmpty() ? 0 : levels.firstEntry().getValue().peekFirst().leaves();
    }

    /** Best bid in ticks, or -1. */
    long bestBid()
    {
        return bids.isEmpty() ? -1 : bids.firstKey();
    }

    /** Best ask in ticks, or -1. */
    long bestAsk()
    {
        return asks.isEmpty() ? -1 : asks.firstKey();
    }

    /** Matches the new order, rests what is left. @return fills it caused. */
    int insert(final SimOrder order)
    {
        final int matched = match(order);
        if (order.leaves() > 0)
        {
            rest(order);
        }
        return matched;
    }

    /** Matches an IOC order; what is left expires, nothing rests. @return fills it caused. */
    int insertIoc(final SimOrder order)
    {
        final int matched = match(order);
        remember(order);
        return matched;
    }

    void cancel(final SimOrder order)
    {
        unrest(order);
        deactivate(order);
    }

    /** Moves the order to a new price (losing priority), matching it first if it now crosses. @return fills. */
    int move(final SimOrder order, final long newPrice)
    {
        unrest(order);
        order.price = newPrice;
        final int matched = match(order);
        if (order.leaves() > 0)
        {
            rest(order);
        }
        else
        {
            deactivate(order);
        }
        return matched;
    }

    private int match(final SimOrder aggressor)
    {
        final TreeMap<Long, ArrayDeque<SimOrder>> opposite = aggressor.side == OrderFlow.BUY ? asks : bids;
        int matched = 0;
        while (aggressor.leaves() > 0 && !opposite.isEmpty())
        {
            final Map.Entry<Long, ArrayDeque<SimOrder>> level = opposite.firstEntry();
            final long price = level.getKey();
            final boolean crosses = aggressor.side == OrderFlow.BUY ? price <= aggressor.price
                : price >= aggressor.price;
            if (!crosses)
            {
                break;
            }
            final ArrayDeque<SimOrder> queue = level.getValue();
            final SimOrder resting = queue.peekFirst();
            final long quantity = Math.min(aggressor.leaves(), resting.leaves());
            resting.filled += quantity;
            aggressor.filled += quantity;
            matched++;
            if (resting.leaves() == 0)
            {
                queue.pollFirst();
                deactivate(resting);
                if (queue.isEmpty())
                {
                    opposite.remove(price);
                }
            }
        }
        return matched;
    }

    private void rest(final SimOrder order)
    {
        (order.side == OrderFlow.BUY ? bids : asks).computeIfAbsent(order.price, p -> new ArrayDeque<>())
            .addLast(order);
        if (order.activeIndex < 0)
        {
            order.activeIndex = active.size();
            active.add(order);
        }
    }

    private void unrest(final SimOrder order)
    {
        final TreeMap<Long, ArrayDeque<SimOrder>> side = order.side == OrderFlow.BUY ? bids : asks;
        final ArrayDeque<SimOrder> queue = side.get(order.price);
        queue.remove(order);
        if (queue.isEmpty())
        {
            side.remove(order.price);
        }
    }

    private void deactivate(final SimOrder order)
    {
        final int index = order.activeIndex;
        final SimOrder last = active.remove(active.size() - 1);
        if (last != order)
        {
            active.set(index, last);
            last.activeIndex = index;
        }
        order.activeIndex = -1;
        remember(order);
    }

    /** Keeps a finished order among the recently done ones, which late cancels name. */
    private void remember(final SimOrder order)
    {
        recentlyDone[recentlyDoneNext] = order;
        recentlyDoneNext = (recentlyDoneNext + 1) % RECENTLY_DONE;
        recentlyDoneCount = Math.min(RECENTLY_DONE, recentlyDoneCount + 1);
    }
}
