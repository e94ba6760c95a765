package io.kairos.latency.correlate;

import java.nio.ByteBuffer;

import org.agrona.collections.Int2IntHashMap;

import io.kairos.latency.fix.FixFields;
import io.kairos.latency.tcp.TcpStream;

import static io.kairos.latency.correlate.PendingOrder.MAX_ID_BYTES;
import static io.kairos.latency.correlate.PendingOrder.MAX_SUBSCRIBERS;
import static io.kairos.latency.correlate.PendingOrder.NONE;

/**
 * The market-data half of the {@link Correlator}: each MDEntryID (278) of an incremental (35=X) is a tick of the
 * acknowledged order whose OrderID it equals, recorded per subscriber (market-data connection); a tick that reaches
 * the wire before the ack naming its OrderID waits in a fixed ring ({@link EarlyTicks}) until the ack claims it
 * ({@link #claimEarlyTicks}). The order-entry half and the orders' lifecycle stay in the correlator, which owns the
 * shared index and list passed in. Owned by the analysis thread.
 */
final class TickMatcher
{
    /**
     * Market-data entries kept while their order's ack has not been seen (ticks can reach the wire before
     * the ack): at 20,000 orders/s with 10 subscribers up to ~300,000 entries a second, and acks seen up to
     * ~0.8 s after their ticks on a loaded machine. About 40 MB.
     */
    static final int EARLY_TICKS = 1 << 18;

    private final Metrics metrics;
    private final CorrelationStatistics statistics;
    private final OrderIndex byOrderId;
    private final OrderList awaitingAck;
    private final Int2IntHashMap subscriberByConnection = new Int2IntHashMap(-1);
    private final LatencyMetric[] subscriberMetrics = new LatencyMetric[MAX_SUBSCRIBERS];
    private final EarlyTicks earlyTicks = new EarlyTicks(EARLY_TICKS);
    private final long[] claimed = new long[MAX_SUBSCRIBERS];
    private int subscribers;

    /**
     * @param byOrderId   acknowledged orders by OrderID (the correlator adds and removes them)
     * @param awaitingAck requests not acknowledged yet: while there are none, a tick for no order is not kept
     */
    TickMatcher(final Metrics metrics, final CorrelationStatistics statistics, final OrderIndex byOrderId,
        final OrderList awaitingAck)
    {
        this.metrics = metrics;
        this.statistics = statistics;
        this.byOrderId = byOrderId;
        this.awaitingAck = awaitingAck;
    }

    /** A 35=X: its md-* hops, then each MDEntryID (278) as a tick of the open order with that OrderID. */
    void onIncremental(final FixFields fields, final TcpStream stream, final long timestampNs)
    {
        final long sendingNs = fields.sendingTimeNs();
        final long engineOutNs = fields.engineOutNs();
        metrics.mdEngineInToEngineOut.recordBetween(timestampNs, fields.engineInNs(), engineOutNs);
        metrics.mdEngineOutToGatewayOut.recordBetween(timestampNs, engineOutNs, sendingNs);
        if (engineOutNs != FixFields.ABSENT)
        {
            metrics.mdGatewayOutToWire.recordBetween(timestampNs, sendingNs, timestampNs);
        }
        final int subscriber = subscriberOf(stream);
        final ByteBuffer buffer = fields.buffer();
        for (int i = 0, n = fields.mdEntryCount(); i < n; i++)
        {
            statistics.mdEntries++;
            final int start = fields.mdEntryStart(i);
            final int length = fields.mdEntryLength(i);
            final PendingOrder order = byOrderId.find(FixFields.hash(buffer, start, length, 0), 0, buffer, start,
                length);
            if (order == null)
            {
                statistics.mdEntriesWithoutOrder++;
                if (awaitingAck.size() > 0 && length <= MAX_ID_BYTES)
                {
                    earlyTicks.add(FixFields.hash(buffer, start, length, 0), buffer, start, length, timestampNs,
                        subscriber);
                }
                continue;
            }
            onTick(order, subscriber, timestampNs);
        }
    }

    /**
     * A copy of the order's tick. Copies are delivered when their reassembly completes, which is not the order of
     * their first bytes (a copy split over segments completes late; a queued out-of-order copy waits for a hole), so
     * the first tick is the minimum over all copies, recorded when the order finishes.
     */
    private void onTick(final PendingOrder order, final int subscriber, final long timestampNs)
    {
        final long latency = timestampNs - order.requestTimeNs;
        if (order.firstTickNs == NONE || timestampNs < order.firstTickNs)
        {
            order.firstTickNs = timestampNs;
        }
        if (subscriber >= 0 && order.markSubscriber(subscriber))
        {
            subscriberMetrics[subscriber].record(order.requestTimeNs, latency);
            order.lastTickNs = Math.max(order.lastTickNs, timestampNs);
        }
    }

    private int subscriberOf(final TcpStream stream)
    {
        int index = subscriberByConnection.get(stream.connectionId());
        if (index < 0)
        {
            if (subscribers == MAX_SUBSCRIBERS)
            {
                return -1;
            }
            index = subscribers++;
            subscriberByConnection.put(stream.connectionId(), index);
            subscriberMetrics[index] = metrics.addSubscriber(index, stream.description());
        }
        return index;
    }

    /** Applies ticks that carried this order's OrderID before its ack was seen, oldest first. */
    void claimEarlyTicks(final PendingOrder order)
    {
        int count = 0;
        for (long sequence = earlyTicks.newest(order.orderIdHash);
            sequence != EarlyTicks.NONE && count < claimed.length;
            sequence = earlyTicks.previous(sequence))
        {
            if (earlyTicks.hasId(sequence, order.orderId, order.orderIdLength) &&
                earlyTicks.time(sequence) >= order.requestTimeNs)
            {
                claimed[count++] = sequence;
            }
        }
        if (count == 0)
        {
            return;
        }
        earlyTicks.forget(order.orderIdHash);
        statistics.ticksBeforeAck += count;
        for (int i = count - 1; i >= 0; i--)
        {
            onTick(order, earlyTicks.subscriber(claimed[i]), earlyTicks.time(claimed[i]));
        }
    }
}
