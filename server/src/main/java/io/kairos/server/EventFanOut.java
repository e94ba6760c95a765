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

    EventFanOut(final EngineMeters meters, final List<EngineEventListener> gateways, final int demoSessionId, final EngineEventListener demo)
    {
        this.meters = meters;
        this.gateways = gateways.toArray(new EngineEventListener[0]);
        this.demoSessionId = demoSessionId;
        this.demo = demo;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        meters.recordEngineLatency(event.engineInNs, event.engineOutNs);
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

    @Override
    public void onCommandComplete(final int partition)
    {
        for (final EngineEventListener gateway : gateways)
        {
            gateway.onCommandComplete(partition);
        }
    }
}
