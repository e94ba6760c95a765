package io.kairos.server;

import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;

/**
 * The engine's one listener: records engine latency, then hands every event to each gateway (and
 * the demo flow). Called on the matcher threads; holds only immutable state, so it is thread-safe
 * as long as the targets are (every gateway's listener is). Execution events of the demo flow's
 * session go to the demo flow only: no FIX session owns them.
 */
final class EventFanOut implements EngineEventListener
{
    private final EngineMeters meters;
    private final EngineEventListener[] gateways;
    private final int demoSessionId;
    private final EngineEventListener demo;

    EventFanOut(final EngineMeters meters, final List<EngineEventListener> gateways, final int demoSessionId,
        final EngineEventListener demo)
    {
        this.meters = meters;
        this.gateways = gateways.toArray(new EngineEventListener[0]);
        this.demoSessionId = demoSessionId;
        this.demo = demo;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        if (!event.recovered)
        {
            meters.recordEngineLatency(event.engineInNs, event.engineOutNs);
        }
        if (demo != null && event.sessionId == demoSessionId)
        {
            demo.onExecution(event);
            return;
        }
        for (final EngineEventListener gateway : gateways)
        {
            gateway.onExecution(event);
        }
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
        for (final EngineEventListener gateway : gateways)
        {
            gateway.onBookEvent(event);
        }
    }

    /** The earliest point any gateway may lack events from. */
    @Override
    public long redeliverAfter(final int partition)
    {
        long after = Long.MAX_VALUE;
        for (final EngineEventListener gateway : gateways)
        {
            after = Math.min(after, gateway.redeliverAfter(partition));
        }
        return after;
    }

    @Override
    public boolean needsRedelivery(final ExecutionEvent event)
    {
        if (demo != null && event.sessionId == demoSessionId)
        {
            return false;
        }
        for (final EngineEventListener gateway : gateways)
        {
            if (gateway.needsRedelivery(event))
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public void onRecoveryComplete(final int partition, final long lastJournalIndex)
    {
        for (final EngineEventListener gateway : gateways)
        {
            gateway.onRecoveryComplete(partition, lastJournalIndex);
        }
    }

    @Override
    public void onCommandComplete(final int partition)
    {
        for (final EngineEventListener gateway : gateways)
        {
            gateway.onCommandComplete(partition);
        }
    }
}
