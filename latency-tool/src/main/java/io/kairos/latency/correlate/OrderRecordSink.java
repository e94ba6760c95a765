package io.kairos.latency.correlate;

/** Receives each finished request (acknowledged, evicted or left open at the end). Called on the analysis thread. */
public interface OrderRecordSink
{
    /**
     * @param kind            "D", "F" or "G".
     * @param connection      the request's direction, "client ip:port -> server ip:port" (one string per connection).
     * @param clOrdId         bytes {@code [0, clOrdIdLength)} are the ClOrdID.
     * @param times           request, ack, first tick, last tick, 5979, 21002, 21003, 7765, 52 in epoch ns;
     *                        {@link Long#MIN_VALUE} when absent.
     */
    void onOrder(
        String kind,
        int connectionId,
        String connection,
        byte[] clOrdId,
        int clOrdIdLength,
        byte[] orderId,
        int orderIdLength,
        byte execType,
        int subscribers,
        long[] times);
}
