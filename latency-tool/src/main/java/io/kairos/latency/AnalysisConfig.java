package io.kairos.latency;

import io.kairos.latency.capture.TimestampMode;

/**
 * Validated settings of one analysis. Immutable; thread-safe.
 *
 * @param orderEntryPorts       server ports of FIX order-entry connections.
 * @param marketDataPorts       server ports of FIX market-data connections.
 * @param ackTimeoutMs          a request without an answer after this long (capture time) counts as unmatched.
 * @param tickTimeoutMs         how long after its ack an order waits for more market-data subscribers.
 * @param maxQueuedSegments     per TCP direction, out-of-order segments buffered before declaring a loss.
 * @param maxQueuedBytes        per TCP direction, out-of-order bytes buffered before declaring a loss.
 * @param mapWindowBytes        size of the memory-mapped window over the capture file.
 * @param preallocatedOrders    open-order records (and index slots) created up front; more are added on demand.
 * @param progress              draw a progress bar on stderr.
 * @param timestamps            where packet times come from: the capture host, pcapng hardware stamps, a tap's
 *                              trailer, or whichever trailer is found ({@code --timestamps}).
 */
public record AnalysisConfig(
    PortSet orderEntryPorts,
    PortSet marketDataPorts,
    long ackTimeoutMs,
    long tickTimeoutMs,
    int maxQueuedSegments,
    int maxQueuedBytes,
    int mapWindowBytes,
    int preallocatedOrders,
    boolean progress,
    TimestampMode timestamps)
{
    public static final String DEFAULT_ORDER_ENTRY_PORTS = "9880";
    public static final String DEFAULT_MARKET_DATA_PORTS = "9881";
    public static final long DEFAULT_ACK_TIMEOUT_MS = 10_000;
    public static final long DEFAULT_TICK_TIMEOUT_MS = 1_000;
    public static final int DEFAULT_MAX_QUEUED_SEGMENTS = 1024;
    public static final int DEFAULT_MAX_QUEUED_BYTES = 4 * 1024 * 1024;
    public static final int DEFAULT_MAP_WINDOW_BYTES = 1 << 30;
    public static final int DEFAULT_PREALLOCATED_ORDERS = 4096;
    public static final TimestampMode DEFAULT_TIMESTAMPS = TimestampMode.AUTO;

    public AnalysisConfig
    {
        if (orderEntryPorts == null || marketDataPorts == null || timestamps == null)
        {
            throw new IllegalArgumentException("port sets and a timestamp mode are required");
        }
        if (ackTimeoutMs <= 0 || tickTimeoutMs <= 0)
        {
            throw new IllegalArgumentException("timeouts must be positive: ack " + ackTimeoutMs + " ms, tick " +
                tickTimeoutMs + " ms");
        }
        if (maxQueuedSegments < 1 || maxQueuedBytes < 1 || mapWindowBytes < 65536 || preallocatedOrders < 0)
        {
            throw new IllegalArgumentException("buffer sizes out of range: segments " + maxQueuedSegments +
                ", bytes " + maxQueuedBytes + ", map window " + mapWindowBytes);
        }
    }

    /** With the default timestamps ({@link #DEFAULT_TIMESTAMPS}). */
    public AnalysisConfig(
        final PortSet orderEntryPorts, final PortSet marketDataPorts, final long ackTimeoutMs, final long tickTimeoutMs,
        final int maxQueuedSegments, final int maxQueuedBytes, final int mapWindowBytes, final int preallocatedOrders,
        final boolean progress)
    {
        this(orderEntryPorts, marketDataPorts, ackTimeoutMs, tickTimeoutMs, maxQueuedSegments, maxQueuedBytes,
            mapWindowBytes, preallocatedOrders, progress, DEFAULT_TIMESTAMPS);
    }

    /** The defaults: Kairos ports 9880 (order entry) and 9881 (market data). */
    public static AnalysisConfig defaults()
    {
        return new AnalysisConfig(PortSet.parse(DEFAULT_ORDER_ENTRY_PORTS), PortSet.parse(DEFAULT_MARKET_DATA_PORTS),
            DEFAULT_ACK_TIMEOUT_MS, DEFAULT_TICK_TIMEOUT_MS, DEFAULT_MAX_QUEUED_SEGMENTS, DEFAULT_MAX_QUEUED_BYTES,
            DEFAULT_MAP_WINDOW_BYTES, DEFAULT_PREALLOCATED_ORDERS, false);
    }

    public AnalysisConfig withPorts(final String orderEntry, final String marketData)
    {
        return new AnalysisConfig(PortSet.parse(orderEntry), PortSet.parse(marketData), ackTimeoutMs, tickTimeoutMs,
            maxQueuedSegments, maxQueuedBytes, mapWindowBytes, preallocatedOrders, progress, timestamps);
    }

    public AnalysisConfig withMapWindowBytes(final int windowBytes)
    {
        return new AnalysisConfig(orderEntryPorts, marketDataPorts, ackTimeoutMs, tickTimeoutMs, maxQueuedSegments,
            maxQueuedBytes, windowBytes, preallocatedOrders, progress, timestamps);
    }

    public AnalysisConfig withTimestamps(final TimestampMode mode)
    {
        return new AnalysisConfig(orderEntryPorts, marketDataPorts, ackTimeoutMs, tickTimeoutMs, maxQueuedSegments,
            maxQueuedBytes, mapWindowBytes, preallocatedOrders, progress, mode);
    }
}
