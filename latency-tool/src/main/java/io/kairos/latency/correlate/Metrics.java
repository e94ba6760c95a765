package io.kairos.latency.correlate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every latency measure of one analysis, in report order. Message times are the capture time of the packet holding
 * the message's first byte. Per-subscriber order-to-tick metrics are added as market-data connections appear
 * (allocates then). Owned by the analysis thread.
 */
public final class Metrics
{
    public final LatencyMetric orderAck = drawnOverTime("order-ack",
        "NewOrderSingle (35=D) -> first ExecutionReport (35=8) with the same ClOrdID (11) on that connection");
    public final LatencyMetric orderAckNew =
        metric("order-ack-new", "order-ack where the ack has ExecType 150=0 (New)");
    public final LatencyMetric orderAckFill = metric("order-ack-fill",
        "order-ack where the ack has ExecType 150=F/1/2 (Trade, partial fill, fill)");
    public final LatencyMetric orderAckReject = metric("order-ack-reject",
        "order-ack where the ack has ExecType 150=8 (Rejected)");
    public final LatencyMetric orderAckOther = metric("order-ack-other",
        "order-ack where the ack has another or no ExecType (e.g. A Pending New)");
    public final LatencyMetric cancelAck = drawnOverTime("cancel-ack",
        "OrderCancelRequest (35=F) -> ExecutionReport (35=8, 150=4 Canceled) with the same ClOrdID");
    public final LatencyMetric replaceAck = drawnOverTime("replace-ack",
        "OrderCancelReplaceRequest (35=G) -> ExecutionReport (35=8, 150=5 Replaced) with the same ClOrdID");
    public final LatencyMetric cancelReplaceReject = metric("cancel-replace-reject",
        "35=F or 35=G -> OrderCancelReject (35=9) with the same ClOrdID");
    public final LatencyMetric orderToTickFirst = drawnOverTime("order-to-tick",
        "35=D -> earliest first byte, over all market-data connections, of a 35=X with MDEntryID (278) = OrderID " +
        "(37) of the D's ack");
    public final LatencyMetric orderToTickLast = drawnOverTime("order-to-tick-last-subscriber",
        "35=D -> the last market-data connection's first 35=X carrying that OrderID");
    public final LatencyMetric tickMinusAck = new LatencyMetric("tick-minus-ack",
        "signed, per acknowledged order with a tick: first tick on the wire - its ack on the wire (negative: the " +
        "public tick left before the private ack)", true, true);
    public final LatencyMetric hopWireToGatewayIn = metric("hop-wire-to-gateway-in",
        "order-ack hop: D on the wire -> gateway-in stamp (5979) of its ack");
    public final LatencyMetric hopGatewayInToEngineIn = metric("hop-gateway-in-to-engine-in",
        "order-ack hop: 5979 gateway-in -> 21002 engine-in");
    public final LatencyMetric hopEngineInToEngineOut = metric("hop-engine-in-to-engine-out",
        "order-ack hop: 21002 engine-in -> 21003 engine-out (business logic)");
    public final LatencyMetric hopEngineOutToResponseIn = metric("hop-engine-out-to-gateway-response-in",
        "order-ack hop: 21003 engine-out -> 7765 gateway received the response");
    public final LatencyMetric hopResponseInToGatewayOut = metric("hop-gateway-response-in-to-gateway-out",
        "order-ack hop: 7765 gateway response-in -> 52 SendingTime of the ack (gateway out)");
    public final LatencyMetric hopEngineOutToGatewayOut = metric("hop-engine-out-to-gateway-out",
        "order-ack hop when 7765 is absent: 21003 engine-out -> 52 SendingTime of the ack");
    public final LatencyMetric hopGatewayOutToWire = metric("hop-gateway-out-to-wire",
        "order-ack hop: 52 SendingTime of the ack -> ack on the wire");
    public final LatencyMetric mdEngineInToEngineOut = metric("md-engine-in-to-engine-out",
        "market data (35=X): 21002 engine-in -> 21003 engine-out");
    public final LatencyMetric mdEngineOutToGatewayOut = metric("md-engine-out-to-gateway-out",
        "market data (35=X): 21003 engine-out -> 52 SendingTime");
    public final LatencyMetric mdGatewayOutToWire = metric("md-gateway-out-to-wire",
        "market data (35=X): 52 SendingTime -> the message on the wire");

    private final List<LatencyMetric> fixed;
    private final List<LatencyMetric> perSubscriber = new ArrayList<>();

    public Metrics()
    {
        fixed = List.of(orderAck, orderAckNew, orderAckFill, orderAckReject, orderAckOther, cancelAck, replaceAck,
            cancelReplaceReject, orderToTickFirst, orderToTickLast, tickMinusAck, hopWireToGatewayIn,
            hopGatewayInToEngineIn, hopEngineInToEngineOut, hopEngineOutToResponseIn, hopResponseInToGatewayOut,
            hopEngineOutToGatewayOut, hopGatewayOutToWire, mdEngineInToEngineOut, mdEngineOutToGatewayOut,
            mdGatewayOutToWire);
    }

    private static LatencyMetric metric(final String name, final String description)
    {
        return new LatencyMetric(name, description);
    }

    private static LatencyMetric drawnOverTime(final String name, final String description)
    {
        return new LatencyMetric(name, description, false, true);
    }

    /** Starts every timeline at the capture time of the first message, so all share one time axis. */
    void origin(final long firstMessageNs)
    {
        for (final LatencyMetric metric : fixed)
        {
            if (metric.timeline() != null)
            {
                metric.timeline().origin(firstMessageNs);
            }
        }
    }

    /** Pairing metrics drawn over time, in report order. */
    public List<LatencyMetric> overTime()
    {
        return List.of(orderAck, cancelAck, replaceAck, orderToTickFirst, orderToTickLast, tickMinusAck);
    }

    /**
     * Orders whose first tick reached the wire strictly before their ack, out of {@code tickMinusAck.count()}
     * (T7's "public before private").
     */
    public long publicBeforePrivate()
    {
        return tickMinusAck.negatives();
    }

    LatencyMetric addSubscriber(final int index, final String streamDescription)
    {
        final LatencyMetric metric = new LatencyMetric("order-to-tick-subscriber-" + (index + 1),
            "order-to-tick to market-data subscriber " + (index + 1) + " (" + streamDescription + ")");
        perSubscriber.add(metric);
        return metric;
    }

    public List<LatencyMetric> perSubscriber()
    {
        return Collections.unmodifiableList(perSubscriber);
    }

    /** Fixed metrics first, then one per market-data subscriber. Allocates. */
    public List<LatencyMetric> all()
    {
        final List<LatencyMetric> all = new ArrayList<>(fixed);
        all.addAll(perSubscriber);
        return all;
    }
}
