package io.kairos.latency.testing;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import io.kairos.latency.correlate.OrderRecordSink;

/** Collects finished orders by ClOrdID for assertions. */
public final class RecordingSink implements OrderRecordSink
{
    /** One finished request; times in epoch ns, {@link Long#MIN_VALUE} when absent. */
    public record Row(String kind, int connectionId, String connection, String clOrdId, String orderId, char execType,
        int subscribers, long requestNs, long ackNs, long firstTickNs, long lastTickNs)
    {
        public long ackLatencyNs()
        {
            return ackNs - requestNs;
        }
    }

    private final Map<String, Row> rows = new LinkedHashMap<>();

    public void onOrder(final String kind, final int connectionId, final String connection, final byte[] clOrdId,
        final int clOrdIdLength,
        final byte[] orderId, final int orderIdLength, final byte execType, final int subscribers, final long[] times)
    {
        final String id = new String(clOrdId, 0, clOrdIdLength, StandardCharsets.US_ASCII);
        rows.put(connectionId + "/" + id, new Row(kind, connectionId, connection, id,
            new String(orderId, 0, orderIdLength, StandardCharsets.US_ASCII), (char)execType, subscribers,
            times[0], times[1], times[2], times[3]));
    }

    public Map<String, Row> rows()
    {
        return rows;
    }

    /** The row of ClOrdID {@code id} on whatever connection (ids must be unique in the test). */
    public Row row(final String id)
    {
        for (final Row row : rows.values())
        {
            if (row.clOrdId().equals(id))
            {
                return row;
            }
        }
        throw new AssertionError("no order " + id + " in " + rows.keySet());
    }
}
