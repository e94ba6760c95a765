package io.kairos.bench.fix;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One load run, validated. Immutable.
 *
 * @param label              name of the run in tables and file names (e.g. {@code kairos})
 * @param host               order-entry host
 * @param port               order-entry port
 * @param beginString        FIX version of the sessions ({@code FIX.4.4}; {@code FIX.4.2} for ordermatch)
 * @param targetCompId       the venue's CompID
 * @param sessions           SenderCompIDs, one initiator session each
 * @param passwords          password per SenderCompID, sent as 553/554 on Logon; empty: no credentials
 * @param ratePerSecond      planned new-request rate of all sessions together
 * @param warmupNs           load at the same rate before measuring (not recorded)
 * @param durationNs         measured load
 * @param drainTimeoutNs     how long to wait for answers after the last request
 * @param prefillOrders      passive orders sent (unmeasured) before the run, e.g. to hold ~15,000 active orders
 * @param prefillRatePerSecond rate of the prefill
 * @param spinThresholdNs    the sender spins instead of parking when a request is due within this time
 * @param logonTimeoutNs     how long all sessions have to log on
 * @param model              what to send
 * @param marketData         subscribers to start beside the load, or null
 * @param outDir             where the summary and .hgrm files go, or null for none
 * @param measureStartFile   created when the measured part starts (e.g. to start a capture then), or null
 */
public record LoadConfig(
    String label,
    String host,
    int port,
    String beginString,
    String targetCompId,
    List<String> sessions,
    Map<String, String> passwords,
    double ratePerSecond,
    long warmupNs,
    long durationNs,
    long drainTimeoutNs,
    int prefillOrders,
    double prefillRatePerSecond,
    long spinThresholdNs,
    long logonTimeoutNs,
    OrderModelConfig model,
    MarketDataConfig marketData,
    Path outDir,
    Path measureStartFile)
{
    public LoadConfig
    {
        sessions = List.copyOf(sessions);
        passwords = Map.copyOf(passwords);
        if (sessions.isEmpty())
        {
            throw new IllegalArgumentException("at least one session is required");
        }
        if (port < 1 || port > 65535)
        {
            throw new IllegalArgumentException("port must be in [1, 65535], was " + port);
        }
        if (!(ratePerSecond > 0) || !(prefillRatePerSecond > 0))
        {
            throw new IllegalArgumentException("rates must be positive");
        }
        if (durationNs <= 0 || warmupNs < 0 || drainTimeoutNs < 0 || prefillOrders < 0 || spinThresholdNs < 0 ||
            logonTimeoutNs <= 0)
        {
            throw new IllegalArgumentException("duration must be positive; warm-up, drain, prefill and spin must not " +
                "be negative");
        }
    }

    /**
     * Market-data subscribers.
     *
     * @param host         market-data host
     * @param port         market-data port
     * @param targetCompId the market-data venue's CompID
     * @param sessions     SenderCompIDs
     * @param passwords    password per SenderCompID (553/554 on Logon); empty: none
     * @param orderByOrder subscribe to the order-by-order view (266=N, full depth) rather than price levels
     * @param depth        MarketDepth of the price-level view
     */
    public record MarketDataConfig(
        String host,
        int port,
        String targetCompId,
        List<String> sessions,
        Map<String, String> passwords,
        boolean orderByOrder,
        int depth)
    {
        public MarketDataConfig
        {
            sessions = List.copyOf(sessions);
            passwords = Map.copyOf(passwords);
        }
    }

    /** Requests one run may log: its planned sends with half again as much room, the prefill, and a margin. */
    public int requestCapacity()
    {
        final double slots = (warmupNs() + durationNs()) / 1e9 * ratePerSecond();
        return (int)Math.min(Integer.MAX_VALUE - 8, (long)(slots * 1.5) + prefillOrders() + 1024);
    }
}
