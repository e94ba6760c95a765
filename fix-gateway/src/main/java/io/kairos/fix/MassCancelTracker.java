package io.kairos.fix;

import java.util.Arrays;

import io.kairos.engine.AsciiId;
import io.kairos.engine.ExecutionEvent;

/**
 * Mass cancels of one session that are waiting for their per-partition reports: the publisher says how
 * many partitions a mass cancel reached, each answers with one MASS_CANCEL_REPORT, and the session gets
 * one OrderMassCancelReport with the total once all have answered. Entries are pooled; the pool grows
 * (allocating) only if more mass cancels are outstanding at once than ever before. Owned by the library thread.
 */
final class MassCancelTracker
{
    /** One outstanding mass cancel. */
    static final class PendingMassCancel
    {
        final AsciiId clOrdId = new AsciiId();
        long correlationId;
        char requestType;
        int expectedReports;
        int receivedReports;
        int affectedOrders;
        /** True for a cancel-on-disconnect: nobody is told. */
        boolean silent;
        long gatewayInNs;
        long engineInNs;
        long engineOutNs;
        long responseInNs;
        boolean inUse;
    }

    private PendingMassCancel[] entries = new PendingMassCancel[4];

    MassCancelTracker()
    {
        for (int i = 0; i < entries.length; i++)
        {
            entries[i] = new PendingMassCancel();
        }
    }

    /** Claims an entry for a mass cancel that reached {@code expectedReports} partitions. */
    PendingMassCancel begin(final long correlationId, final int expectedReports)
    {
        PendingMassCancel entry = free();
        if (entry == null)
        {
            final int oldLength = entries.length;
            entries = Arrays.copyOf(entries, oldLength * 2);
            for (int i = oldLength; i < entries.length; i++)
            {
                entries[i] = new PendingMassCancel();
            }
            entry = entries[oldLength];
        }
        entry.inUse = true;
        entry.correlationId = correlationId;
        entry.expectedReports = expectedReports;
        entry.receivedReports = 0;
        entry.affectedOrders = 0;
        entry.silent = false;
        entry.clOrdId.clear();
        entry.engineInNs = 0;
        entry.engineOutNs = 0;
        return entry;
    }

    /**
     * Adds one partition's report. @return the entry when this was the last report (the caller sends the
     * report and then {@link #release}s it), null while reports are still missing or the id is unknown.
     */
    PendingMassCancel onReport(final ExecutionEvent event, final long responseInNs)
    {
        for (final PendingMassCancel entry : entries)
        {
            if (entry.inUse && entry.correlationId == event.correlationId)
            {
                entry.affectedOrders += event.affectedOrders;
                entry.engineInNs = entry.engineInNs == 0 ?
                    event.engineInNs : Math.min(entry.engineInNs, event.engineInNs);
                entry.engineOutNs = Math.max(entry.engineOutNs, event.engineOutNs);
                entry.responseInNs = responseInNs;
                return ++entry.receivedReports >= entry.expectedReports ? entry : null;
            }
        }
        return null;
    }

    void release(final PendingMassCancel entry)
    {
        entry.inUse = false;
    }

    private PendingMassCancel free()
    {
        for (final PendingMassCancel entry : entries)
        {
            if (!entry.inUse)
            {
                return entry;
            }
        }
        return null;
    }
}
