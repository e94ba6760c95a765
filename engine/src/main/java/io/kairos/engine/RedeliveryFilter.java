package io.kairos.engine;

/**
 * The matcher's listener while the journal is replayed at start-up: passes on the execution events of
 * commands after the listener's redelivery point that it says it lacks, marked
 * {@link ExecutionEvent#recovered} and with TransactTime set to when the command first entered the
 * engine; drops everything else (the replay re-creates state, not news). Owned by the recovering thread.
 */
final class RedeliveryFilter implements EngineEventListener
{
    private final EngineEventListener target;
    private final long redeliverAfter;
    private long redelivered;

    RedeliveryFilter(final EngineEventListener target, final long redeliverAfter)
    {
        this.target = target;
        this.redeliverAfter = redeliverAfter;
    }

    long redelivered()
    {
        return redelivered;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        if (event.journalIndex > redeliverAfter && target.needsRedelivery(event))
        {
            event.recovered = true;
            if (event.engineInNs != 0)
            {
                event.transactTimeNs = event.engineInNs;
            }
            redelivered++;
            target.onExecution(event);
        }
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
    }
}
