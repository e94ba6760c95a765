package io.kairos.engine;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Test listener: serialises every field of every event, so two runs can be compared byte for byte. */
final class EventBytes implements EngineEventListener
{
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);

    @Override
    public void onExecution(final ExecutionEvent e)
    {
        try
        {
            out.writeUTF(e.kind + "|" + e.cause + "|" + e.execType + "|" + e.ordStatus + "|" + e.rejectReason + "|"
                + e.side + "|" + e.orderType + "|" + e.timeInForce + "|" + e.clOrdId + "|" + e.origClOrdId + "|"
                + e.cxlRejResponseTo);
            for (final long v : new long[] {e.sessionId, e.correlationId, e.partition, e.orderId, e.execId,
                e.instrumentId, e.price, e.orderQty, e.cumQty, e.leavesQty, e.avgPx, e.lastPx, e.lastQty,
                e.contraOrderId, e.affectedOrders, e.transactTimeNs,
                e.gatewayInNs, e.engineInNs, e.matchStartNs, e.engineOutNs})
            {
                out.writeLong(v);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public void onBookEvent(final BookEvent b)
    {
        try
        {
            out.writeUTF(b.type + "|" + b.side + "|" + b.aggressorSide + "|" + b.recovered);
            for (final long v : new long[] {b.instrumentId, b.sequence, b.orderId, b.price, b.quantity, b.tradeQuantity,
                b.aggressorOrderId, b.execId, b.engineInNs, b.matchStartNs, b.engineOutNs})
            {
                out.writeLong(v);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    byte[] toByteArray()
    {
        return bytes.toByteArray();
    }
}
