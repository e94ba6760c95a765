package io.kairos.server;

import java.util.ArrayList;
import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.EventDigest;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.ReferenceData;

/**
 * {@code engine.event-digest=true}: digests each partition's live events ({@link EventDigest}, the same SHA-256
 * {@code kairos-server replay} computes over the journal) and passes every call on to the venue's listener. Only
 * events after the partition's recovery count: the digest covers the journal records after the one recovery ended
 * at, so a replay of those records gives the same hash. Called where the engine delivers events: the matcher thread,
 * or in sync mode the thread that releases forced events; one thread at a time per partition, each partition's
 * digest touched by its own. {@link #describe()} is read after the engine stopped. Allocation-free per event (SHA-256
 * over a preallocated buffer); it adds the hashing to that thread's work, which is why it is off by default.
 */
final class EventDigestListener implements EngineEventListener
{
    private final EngineEventListener next;
    private final ReferenceData referenceData;
    private final EventDigest[] digests;
    /** Per partition: the last journal record recovery replayed; -1 until recovery ended (nothing digested yet). */
    private final long[] recoveredThrough;

    EventDigestListener(final EngineConfig config, final EngineEventListener next)
    {
        this.next = next;
        referenceData = config.instruments();
        digests = new EventDigest[config.partitionCount()];
        recoveredThrough = new long[config.partitionCount()];
        for (int p = 0; p < digests.length; p++)
        {
            digests[p] = config.hosts(p) ? new EventDigest() : null;
            recoveredThrough[p] = -1;
        }
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        if (!event.recovered && recoveredThrough[event.partition] >= 0)
        {
            digests[event.partition].onExecution(event);
        }
        next.onExecution(event);
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
        final Instrument instrument = referenceData.byId(event.instrumentId);
        if (!event.recovered && instrument != null && recoveredThrough[instrument.partition()] >= 0)
        {
            digests[instrument.partition()].onBookEvent(event);
        }
        next.onBookEvent(event);
    }

    @Override
    public void onCommandComplete(final int partition)
    {
        next.onCommandComplete(partition);
    }

    @Override
    public long redeliverAfter(final int partition)
    {
        return next.redeliverAfter(partition);
    }

    @Override
    public boolean needsRedelivery(final ExecutionEvent event)
    {
        return next.needsRedelivery(event);
    }

    @Override
    public void onRecoveryComplete(final int partition, final long lastJournalIndex)
    {
        recoveredThrough[partition] = lastJournalIndex;
        next.onRecoveryComplete(partition, lastJournalIndex);
    }

    /** One line per hosted partition: the hash, the events and the journal records it covers. Allocates. */
    List<String> describe()
    {
        final List<String> lines = new ArrayList<>();
        for (int p = 0; p < digests.length; p++)
        {
            if (digests[p] != null)
            {
                lines.add("event digest partition " + p + ": sha256 " + digests[p].hex() + " events " +
                    digests[p].events() + " records after " + Math.max(0, recoveredThrough[p]) +
                    " (replay: --from-index " + (Math.max(0, recoveredThrough[p]) + 1) + ")");
            }
        }
        return lines;
    }
}
