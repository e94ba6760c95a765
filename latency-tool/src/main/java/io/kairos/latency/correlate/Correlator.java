package io.kairos.latency.correlate;

import java.nio.ByteBuffer;

import io.kairos.fix.wire.MsgTypes;
import io.kairos.latency.fix.FixFields;
import io.kairos.latency.fix.FixMessageHandler;
import io.kairos.latency.tcp.TcpStream;

import static io.kairos.latency.correlate.PendingOrder.*;

/**
 * Pairs FIX messages into latencies. Order entry: a request (D, F, G) waits, keyed by (connection, ClOrdID 11), for
 * the first ExecutionReport (8) with that ClOrdID on the same connection (for F only ExecType 4, for G only 5; a 35=9
 * answers F and G). Market data: an acknowledged order with OrderID (37) waits, keyed by OrderID, for 35=X messages
 * whose MDEntryID (278) equals it, per market-data connection (subscriber). Requests wait at most the ack timeout,
 * acknowledged orders at most the tick timeout after their ack, so memory is bounded by open orders. A tick that
 * reaches the wire before the ack naming its OrderID waits in a fixed ring ({@link EarlyTicks}) for that ack. The first
 * tick is the earliest first byte over all copies, so order-to-tick and tick-minus-ack are recorded when the order
 * finishes, not at the first copy delivered. Per-hop latencies come from the Kairos stamps (5979, 21002, 21003,
 * 7765, 52). Allocates nothing per message once the order pool and indexes have grown to the number of open orders.
 * This class keeps the order-entry half and the orders' lifecycle (pool, eviction, records); the market-data half is
 * {@link TickMatcher}. Owned by the analysis thread.
 */
public final class Correlator implements FixMessageHandler
{
    private static final String[] KIND_NAMES = {"D", "F", "G"};
    /** Acks remembered to recognise later reports for them: ~6 s of 10,000 orders/s; 3 MB. */
    private static final int ACKNOWLEDGED = 1 << 16;

    private final FixFields fields = new FixFields();
    private final Metrics metrics = new Metrics();
    private final CorrelationStatistics statistics = new CorrelationStatistics();
    private final MessageRates allRates = new MessageRates("all FIX messages");
    private final MessageRates orderEntryRates = new MessageRates("order entry");
    private final MessageRates marketDataRates = new MessageRates("market data");
    private final OrderIndex byClOrdId;
    private final OrderIndex byOrderId;
    private final TickMatcher ticks;
    private final OrderList awaitingAck = new OrderList();
    private final OrderList awaitingTicks = new OrderList();
    private final long[] recordTimes = new long[9];
    private final AcknowledgedOrders acknowledged = new AcknowledgedOrders(ACKNOWLEDGED);
    private final long ackTimeoutNs;
    private final long tickTimeoutNs;
    private final OrderRecordSink sink;
    private PendingOrder free;
    private boolean started;

    /**
     * @param preallocatedOrders  order records and index capacity created up front (allocates); more on demand.
     */
    public Correlator(final long ackTimeoutNs, final long tickTimeoutNs, final int preallocatedOrders,
        final OrderRecordSink sink)
    {
        this.ackTimeoutNs = ackTimeoutNs;
        this.tickTimeoutNs = tickTimeoutNs;
        this.sink = sink;
        this.byClOrdId = new OrderIndex(false, preallocatedOrders);
        this.byOrderId = new OrderIndex(true, preallocatedOrders);
        this.ticks = new TickMatcher(metrics, statistics, byOrderId, awaitingAck);
        for (int i = 0; i < preallocatedOrders; i++)
        {
            release(new PendingOrder());
        }
    }

    public Metrics metrics()
    {
        return metrics;
    }

    public CorrelationStatistics statistics()
    {
        return statistics;
    }

    public MessageRates allRates()
    {
        return allRates;
    }

    public MessageRates orderEntryRates()
    {
        return orderEntryRates;
    }

    public MessageRates marketDataRates()
    {
        return marketDataRates;
    }

    public void onMessage(
        final TcpStream stream, final ByteBuffer buffer, final int offset, final int length, final long timestampNs,
        final long packetNumber)
    {
        fields.wrap(buffer, offset, length);
        if (!started)
        {
            started = true;
            metrics.origin(timestampNs);
        }
        final int type = fields.msgType();
        statistics.messagesByType.getAndIncrement(type);
        allRates.onMessage(timestampNs);
        evictExpired(timestampNs);
        if (stream.channel() == TcpStream.CHANNEL_ORDER_ENTRY)
        {
            orderEntryRates.onMessage(timestampNs);
            switch (type)
            {
                case MsgTypes.NEW_ORDER_SINGLE -> onRequest(KIND_NEW, stream, timestampNs, packetNumber);
                case MsgTypes.ORDER_CANCEL_REQUEST -> onRequest(KIND_CANCEL, stream, timestampNs, packetNumber);
                case MsgTypes.ORDER_CANCEL_REPLACE_REQUEST ->
                    onRequest(KIND_REPLACE, stream, timestampNs, packetNumber);
                case MsgTypes.EXECUTION_REPORT -> onExecutionReport(stream, timestampNs);
                case MsgTypes.ORDER_CANCEL_REJECT -> onCancelReject(stream, timestampNs);
                default ->
                {
                }
            }
        }
        else
        {
            marketDataRates.onMessage(timestampNs);
            if (type == MsgTypes.MARKET_DATA_INCREMENTAL_REFRESH)
            {
                ticks.onIncremental(fields, stream, timestampNs);
            }
        }
    }

    private void onRequest(final int kind, final TcpStream stream, final long timestampNs, final long packetNumber)
    {
        statistics.requests[kind]++;
        final int length = fields.clOrdIdLength();
        if (length == 0 || length > MAX_ID_BYTES)
        {
            statistics.requestsWithoutClOrdId++;
            statistics.unmatchedRequests[kind]++;
            return;
        }
        final ByteBuffer buffer = fields.buffer();
        final int start = fields.clOrdIdStart();
        final long hash = FixFields.hash(buffer, start, length, stream.connectionId());
        if (byClOrdId.find(hash, stream.connectionId(), buffer, start, length) != null)
        {
            statistics.duplicateRequests++;
            statistics.unmatchedRequests[kind]++;
            return;
        }
        final PendingOrder order = acquire();
        order.kind = kind;
        order.connectionId = stream.connectionId();
        order.requestStream = stream;
        order.clOrdIdHash = hash;
        buffer.get(start, order.clOrdId, 0, length);
        order.clOrdIdLength = length;
        order.requestTimeNs = timestampNs;
        order.requestPacket = packetNumber;
        byClOrdId.add(order);
        awaitingAck.append(order);
        statistics.peakOpenOrders = Math.max(statistics.peakOpenOrders, awaitingAck.size() + awaitingTicks.size());
    }

    private PendingOrder findByClOrdId(final TcpStream stream)
    {
        final int length = fields.clOrdIdLength();
        if (length == 0 || length > MAX_ID_BYTES)
        {
            return null;
        }
        final long hash = FixFields.hash(fields.buffer(), fields.clOrdIdStart(), length, stream.connectionId());
        return byClOrdId.find(hash, stream.connectionId(), fields.buffer(), fields.clOrdIdStart(), length);
    }

    private void onExecutionReport(final TcpStream stream, final long timestampNs)
    {
        final PendingOrder order = findByClOrdId(stream);
        if (order == null)
        {
            onReportWithoutOpenRequest(stream);
            return;
        }
        final byte execType = fields.execType();
        switch (order.kind)
        {
            case KIND_NEW -> onOrderAck(order, execType, timestampNs);
            case KIND_CANCEL ->
            {
                if (execType == '4')
                {
                    acknowledge(order, execType, timestampNs, metrics.cancelAck);
                    finish(order);
                }
            }
            default ->
            {
                if (execType == '5')
                {
                    acknowledge(order, execType, timestampNs, metrics.replaceAck);
                    finish(order);
                }
            }
        }
    }

    private void onReportWithoutOpenRequest(final TcpStream stream)
    {
        final int length = fields.clOrdIdLength();
        if (length > 0 && length <= MAX_ID_BYTES && acknowledged.contains(
            FixFields.hash(fields.buffer(), fields.clOrdIdStart(), length, stream.connectionId())))
        {
            statistics.laterReports++;
        }
        else
        {
            statistics.reportsWithoutRequest++;
        }
    }

    private void onOrderAck(final PendingOrder order, final byte execType, final long timestampNs)
    {
        final LatencyMetric byType = switch (execType)
        {
            case '0' -> metrics.orderAckNew;
            case 'F', '1', '2' -> metrics.orderAckFill;
            case '8' -> metrics.orderAckReject;
            default -> metrics.orderAckOther;
        };
        acknowledge(order, execType, timestampNs, metrics.orderAck);
        byType.record(order.requestTimeNs, timestampNs - order.requestTimeNs);
        recordHops(order, timestampNs);
        final int idLength = fields.orderIdLength();
        if (execType == '8' || idLength == 0 || idLength > MAX_ID_BYTES)
        {
            finish(order);
            return;
        }
        byClOrdId.remove(order);
        final ByteBuffer buffer = fields.buffer();
        buffer.get(fields.orderIdStart(), order.orderId, 0, idLength);
        order.orderIdLength = idLength;
        order.orderIdHash = FixFields.hash(buffer, fields.orderIdStart(), idLength, 0);
        if (byOrderId.find(order.orderIdHash, 0, buffer, fields.orderIdStart(), idLength) != null)
        {
            finish(order);
            return;
        }
        statistics.ackedOrdersWithOrderId++;
        byOrderId.add(order);
        awaitingAck.remove(order);
        awaitingTicks.append(order);
        ticks.claimEarlyTicks(order);
    }

    private void acknowledge(
        final PendingOrder order, final byte execType, final long timestampNs, final LatencyMetric metric)
    {
        order.acked = true;
        acknowledged.add(order.clOrdIdHash);
        order.ackTimeNs = timestampNs;
        order.execType = execType;
        order.gatewayInNs = fields.gatewayInNs();
        order.engineInNs = fields.engineInNs();
        order.engineOutNs = fields.engineOutNs();
        order.responseInNs = fields.responseInNs();
        order.sendingTimeNs = fields.sendingTimeNs();
        metric.record(order.requestTimeNs, timestampNs - order.requestTimeNs);
    }

    private void recordHops(final PendingOrder order, final long ackWireNs)
    {
        final long at = order.requestTimeNs;
        metrics.hopWireToGatewayIn.recordBetween(at, order.requestTimeNs, order.gatewayInNs);
        metrics.hopGatewayInToEngineIn.recordBetween(at, order.gatewayInNs, order.engineInNs);
        metrics.hopEngineInToEngineOut.recordBetween(at, order.engineInNs, order.engineOutNs);
        if (order.responseInNs != FixFields.ABSENT)
        {
            metrics.hopEngineOutToResponseIn.recordBetween(at, order.engineOutNs, order.responseInNs);
            metrics.hopResponseInToGatewayOut.recordBetween(at, order.responseInNs, order.sendingTimeNs);
        }
        else
        {
            metrics.hopEngineOutToGatewayOut.recordBetween(at, order.engineOutNs, order.sendingTimeNs);
        }
        if (order.engineOutNs != FixFields.ABSENT || order.gatewayInNs != FixFields.ABSENT)
        {
            metrics.hopGatewayOutToWire.recordBetween(at, order.sendingTimeNs, ackWireNs);
        }
    }

    private void onCancelReject(final TcpStream stream, final long timestampNs)
    {
        final PendingOrder order = findByClOrdId(stream);
        if (order == null || order.kind == KIND_NEW)
        {
            onReportWithoutOpenRequest(stream);
            return;
        }
        acknowledge(order, (byte)'9', timestampNs, metrics.cancelReplaceReject);
        finish(order);
    }

    /**
     * A gap in what the server sent on a connection may have held the first answer to any request still open on it;
     * pairing such a request with a later report would time the wrong message (seen: an order "acknowledged" by its
     * fill 14.5 ms later, its New lost in a gap at the start of a capture). So those requests are dropped, counted
     * ({@link CorrelationStatistics#requestsWithAnswerInGap()}) and left unmatched. A gap in what the client sent
     * loses requests, not answers: their reports count as answering no open request.
     */
    @Override
    public void onBytesLost(final TcpStream stream)
    {
        PendingOrder order = awaitingAck.head();
        while (order != null)
        {
            final PendingOrder next = order.next;
            if (order.connectionId == stream.connectionId() && order.requestStream != stream)
            {
                statistics.requestsWithAnswerInGap++;
                finish(order);
            }
            order = next;
        }
    }

    private void evictExpired(final long nowNs)
    {
        PendingOrder oldest;
        while ((oldest = awaitingAck.head()) != null && nowNs - oldest.requestTimeNs > ackTimeoutNs)
        {
            statistics.evictedRequests[oldest.kind]++;
            finish(oldest);
        }
        while ((oldest = awaitingTicks.head()) != null && nowNs - oldest.ackTimeNs > tickTimeoutNs)
        {
            finish(oldest);
        }
    }

    /** End of capture: every order still waiting is finished (unacknowledged ones count as unmatched). */
    public void finishAll()
    {
        while (awaitingAck.head() != null)
        {
            finish(awaitingAck.head());
        }
        while (awaitingTicks.head() != null)
        {
            finish(awaitingTicks.head());
        }
    }

    private void finish(final PendingOrder order)
    {
        if (order.list != null)
        {
            order.list.remove(order);
        }
        if (order.inClOrdIdIndex)
        {
            byClOrdId.remove(order);
        }
        if (!order.acked)
        {
            statistics.unmatchedRequests[order.kind]++;
        }
        if (order.inOrderIdIndex)
        {
            byOrderId.remove(order);
            if (order.firstTickNs == NONE)
            {
                statistics.ordersWithoutTick++;
            }
            else
            {
                metrics.orderToTickFirst.record(order.requestTimeNs, order.firstTickNs - order.requestTimeNs);
                metrics.tickMinusAck.record(order.requestTimeNs, order.firstTickNs - order.ackTimeNs);
                if (order.lastTickNs != NONE)
                {
                    metrics.orderToTickLast.record(order.requestTimeNs, order.lastTickNs - order.requestTimeNs);
                }
            }
        }
        emit(order);
        release(order);
    }

    private void emit(final PendingOrder order)
    {
        final long[] times = recordTimes;
        times[0] = order.requestTimeNs;
        times[1] = order.ackTimeNs;
        times[2] = order.firstTickNs;
        times[3] = order.lastTickNs;
        times[4] = order.gatewayInNs;
        times[5] = order.engineInNs;
        times[6] = order.engineOutNs;
        times[7] = order.responseInNs;
        times[8] = order.sendingTimeNs;
        sink.onOrder(KIND_NAMES[order.kind], order.connectionId, order.requestStream.description(), order.clOrdId,
            order.clOrdIdLength, order.orderId, order.orderIdLength, order.execType, order.subscribersSeen, times);
    }

    private PendingOrder acquire()
    {
        PendingOrder order = free;
        if (order == null)
        {
            order = new PendingOrder();
        }
        else
        {
            free = order.next;
        }
        order.reset();
        return order;
    }

    private void release(final PendingOrder order)
    {
        order.next = free;
        free = order;
    }
}
