package io.kairos.bench.fix;

import java.util.List;

/**
 * The market data of a run as the lean subscribers saw it: incrementals (35=X) and their entries received within the
 * measured part ({@link MeasureWindow}: not the logon, snapshots or warm-up), and the subscribers the venue cut off
 * at any time in the run. Immutable.
 *
 * @param subscribers  market-data sessions of the run
 * @param measuredNs   length of the measured part
 * @param incrementals incrementals received by all subscribers within it
 * @param entries      entries (269) in those incrementals
 * @param cutOff       one line per subscriber the venue ended (a Logout it sent first, with its Text, or the
 *                     connection closed), e.g. {@code MD03: Logout: slow consumer: more than 4096 messages queued}
 */
public record MarketDataFigures(int subscribers, long measuredNs, long incrementals, long entries, List<String> cutOff)
{
    public MarketDataFigures
    {
        cutOff = List.copyOf(cutOff);
        if (subscribers < 0 || measuredNs < 0 || incrementals < 0 || entries < 0)
        {
            throw new IllegalArgumentException("negative market-data figures: " + subscribers + " subscribers, " +
                measuredNs + " ns, " + incrementals + " incrementals, " + entries + " entries");
        }
    }

    /** Incrementals per subscriber per second of the measured part (NaN without subscribers or time). */
    public double incrementalsPerSubscriberPerSecond()
    {
        return subscribers == 0 || measuredNs == 0 ? Double.NaN : incrementals * 1e9 / measuredNs / subscribers;
    }

    /** Entries per incremental (NaN without incrementals). */
    public double entriesPerIncremental()
    {
        return incrementals == 0 ? Double.NaN : (double)entries / incrementals;
    }
}
