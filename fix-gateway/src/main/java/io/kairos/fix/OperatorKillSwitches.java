package io.kairos.fix;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.ExecutionEvent;

/**
 * Kill switches an operator issued and the engine has not answered in full: each partition a mass cancel reaches
 * answers with one report, and once all have, the operator learns how many orders were cancelled. An operator's mass
 * cancel carries a negative correlation id of its own, so its reports match none of the sessions' own mass cancels.
 * Registered from the operator's thread, reports counted on the library thread; thread-safe. Allocates per kill
 * switch only (never for a session's own traffic).
 */
final class OperatorKillSwitches
{
    /** One kill switch's reports so far. */
    private static final class Pending
    {
        final CompletableFuture<Integer> cancelled = new CompletableFuture<>();
        int reportsMissing;
        int orders;

        Pending(final int reports)
        {
            reportsMissing = reports;
        }
    }

    private final AtomicLong lastCorrelationId = new AtomicLong();
    private final ConcurrentHashMap<Long, Pending> pending = new ConcurrentHashMap<>();

    /** A correlation id for an operator's mass cancel: negative, unique in this process. Any thread. */
    long nextCorrelationId()
    {
        return lastCorrelationId.decrementAndGet();
    }

    /**
     * Before publishing the mass cancel: completes with the number of orders cancelled once {@code reports} reports of
     * {@code correlationId} arrived. Any thread.
     */
    CompletableFuture<Integer> expect(final long correlationId, final int reports)
    {
        final Pending entry = new Pending(reports);
        pending.put(correlationId, entry);
        return entry.cancelled;
    }

    /** The mass cancel was not published: nothing to wait for. Any thread. */
    void forget(final long correlationId)
    {
        pending.remove(correlationId);
    }

    /** A mass-cancel report no session asked for (library thread). @return whether it was an operator's. */
    boolean onReport(final ExecutionEvent report)
    {
        if (report.correlationId >= 0)
        {
            return false;
        }
        final Pending entry = pending.get(report.correlationId);
        if (entry == null)
        {
            return false;
        }
        entry.orders += report.affectedOrders;
        if (--entry.reportsMissing == 0)
        {
            pending.remove(report.correlationId);
            entry.cancelled.complete(entry.orders);
        }
        return true;
    }
}
