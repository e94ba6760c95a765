package io.kairos.latency.correlate;

import org.agrona.collections.Long2LongCounterMap;

/** Counts of what the correlator saw and could not pair. Owned by the analysis thread. */
public final class CorrelationStatistics
{
    final long[] requests = new long[PendingOrder.KINDS];
    final long[] unmatchedRequests = new long[PendingOrder.KINDS];
    final long[] evictedRequests = new long[PendingOrder.KINDS];
    final Long2LongCounterMap messagesByType = new Long2LongCounterMap(0);
    long reportsWithoutRequest;
    long laterReports;
    long duplicateRequests;
    long requestsWithoutClOrdId;
    long ackedOrdersWithOrderId;
    long ordersWithoutTick;
    long mdEntries;
    long mdEntriesWithoutOrder;
    long ticksBeforeAck;
    long peakOpenOrders;
    long requestsWithAnswerInGap;

    public long requests(final String kind)
    {
        return requests[kindIndex(kind)];
    }

    /** Requests never answered (evicted after the ack timeout or still open at the end). */
    public long unmatchedRequests(final String kind)
    {
        return unmatchedRequests[kindIndex(kind)];
    }

    public long evictedRequests(final String kind)
    {
        return evictedRequests[kindIndex(kind)];
    }

    /** Open requests dropped because the capture lost bytes the server sent on their connection (all kinds). */
    public long requestsWithAnswerInGap()
    {
        return requestsWithAnswerInGap;
    }

    /** Count of messages with this MsgType (35) value. */
    public long messages(final String msgType)
    {
        int key = 0;
        for (int i = 0; i < Math.min(4, msgType.length()); i++)
        {
            key = (key << 8) | msgType.charAt(i);
        }
        return messagesByType.get(key);
    }

    public Long2LongCounterMap messagesByType()
    {
        return messagesByType;
    }

    public long reportsWithoutRequest()
    {
        return reportsWithoutRequest;
    }

    /** ExecutionReports and 35=9 for a request acknowledged earlier (fills after the ack, statuses, repeats). */
    public long laterReports()
    {
        return laterReports;
    }

    public long duplicateRequests()
    {
        return duplicateRequests;
    }

    public long requestsWithoutClOrdId()
    {
        return requestsWithoutClOrdId;
    }

    public long ackedOrdersWithOrderId()
    {
        return ackedOrdersWithOrderId;
    }

    /** Acknowledged orders with an OrderID for which no market-data connection carried a tick. */
    public long ordersWithoutTick()
    {
        return ordersWithoutTick;
    }

    public long mdEntries()
    {
        return mdEntries;
    }

    public long mdEntriesWithoutOrder()
    {
        return mdEntriesWithoutOrder;
    }

    /** MD entries that reached the wire before the ack naming their OrderID, later paired with that order. */
    public long ticksBeforeAck()
    {
        return ticksBeforeAck;
    }

    public long peakOpenOrders()
    {
        return peakOpenOrders;
    }

    static int kindIndex(final String kind)
    {
        return switch (kind)
        {
            case "D" -> PendingOrder.KIND_NEW;
            case "F" -> PendingOrder.KIND_CANCEL;
            case "G" -> PendingOrder.KIND_REPLACE;
            default -> throw new IllegalArgumentException("kind must be D, F or G: " + kind);
        };
    }
}
