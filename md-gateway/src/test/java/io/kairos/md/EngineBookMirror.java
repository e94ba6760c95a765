package io.kairos.md;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Side;

/**
 * The engine's books as its book events describe them, kept with plain maps, plus a count of
 * completed commands; forwards everything to the gateway under test. Called on matcher threads:
 * every method is synchronized. Test-only.
 */
final class EngineBookMirror implements EngineEventListener
{
    private final EngineEventListener downstream;
    private final Map<Long, long[]> orders = new HashMap<>();
    private long commandsCompleted;

    EngineBookMirror(final EngineEventListener downstream)
    {
        this.downstream = downstream;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        downstream.onExecution(event);
    }

    @Override
    public synchronized void onBookEvent(final BookEvent e)
    {
        switch (e.type)
        {
            case ADD -> orders.put(e.orderId, new long[] {e.instrumentId, e.side == Side.BUY ? 0 : 1, e.price,
                e.quantity});
            case MODIFY_KEEP_PRIORITY, MODIFY_LOSE_PRIORITY ->
            {
                final long[] order = orders.get(e.orderId);
                order[2] = e.price;
                order[3] = e.quantity;
            }
            case DELETE -> orders.remove(e.orderId);
            case EXECUTE ->
            {
                if (e.quantity == 0)
                {
                    orders.remove(e.orderId);
                }
                else
                {
                    orders.get(e.orderId)[3] = e.quantity;
                }
            }
        }
        downstream.onBookEvent(e);
    }

    @Override
    public synchronized void onCommandComplete(final int partition)
    {
        commandsCompleted++;
        downstream.onCommandComplete(partition);
    }

    synchronized long commandsCompleted()
    {
        return commandsCompleted;
    }

    /** Orders of one instrument as "side price qty" keyed by order id. */
    synchronized TreeMap<String, String> orderEntries(final int instrumentId)
    {
        final TreeMap<String, String> entries = new TreeMap<>();
        orders.forEach((id, o) ->
        {
            if (o[0] == instrumentId)
            {
                entries.put(Long.toString(id), o[1] + " " + o[2] + " " + o[3]);
            }
        });
        return entries;
    }

    /**
     * Price levels of one instrument as "qty/count" keyed by "side price", at most {@code depth} per side (0 = all).
     */
    synchronized TreeMap<String, String> levelEntries(final int instrumentId, final int depth)
    {
        final TreeMap<Long, long[]> bids = new TreeMap<>(java.util.Comparator.reverseOrder());
        final TreeMap<Long, long[]> asks = new TreeMap<>();
        orders.values().forEach(o ->
        {
            if (o[0] == instrumentId)
            {
                final long[] level = (o[1] == 0 ? bids : asks).computeIfAbsent(o[2], p -> new long[2]);
                level[0] += o[3];
                level[1]++;
            }
        });
        final TreeMap<String, String> entries = new TreeMap<>();
        for (int side = 0; side < 2; side++)
        {
            int n = 0;
            for (final Map.Entry<Long, long[]> level : (side == 0 ? bids : asks).entrySet())
            {
                if (depth > 0 && n++ == depth)
                {
                    break;
                }
                entries.put(side + " " + level.getKey(), level.getValue()[0] + "/" + level.getValue()[1]);
            }
        }
        return entries;
    }
}
