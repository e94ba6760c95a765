package io.kairos.bench.fix;

/**
 * What one load run measured. Immutable once built (the recorder's histograms are final after the run).
 *
 * @param config           the run
 * @param outcome          what the sender did
 * @param unanswered       measured requests without any response after the drain timeout
 * @param responses        ExecutionReports and OrderCancelRejects received for this run's requests
 * @param rejects          first responses that were rejects (OrdStatus 8 or an OrderCancelReject)
 * @param throttleRejects  requests the venue's throttle refused (BusinessMessageReject "Throttle..."; they name no
 *                         ClOrdID, so those requests also count as unanswered)
 * @param unknownResponses responses whose ClOrdID is not one of this run's
 * @param restingAtEnd     orders the client believed resting at the end
 * @param recorder         the latency histograms
 * @param mdSnapshots      market-data snapshots received by the subscribers
 * @param mdIncrementals   market-data incrementals received by the subscribers
 * @param mdRejects        MarketDataRequestRejects received
 * @param client           which client ran the load ({@code lean} or {@code quickfixj})
 * @param cpu              the client's own CPU use (and hot-thread allocation) over the measured part, or null
 * @param checks           the lean client's session checks (sequence gaps, RptSeq gaps...), or null (QuickFIX/J)
 * @param marketData       the lean subscribers' incrementals over the measured part and the subscribers cut off, or
 *                         null (no subscribers, or QuickFIX/J)
 * @param rejectReasons    the lean client's negative answers by reason from the start of the measured part, or null
 *                         (QuickFIX/J)
 */
public record LoadResult(
    LoadConfig config,
    LoadSender.Outcome outcome,
    long unanswered,
    long responses,
    long rejects,
    long throttleRejects,
    long unknownResponses,
    long restingAtEnd,
    LatencyRecorder recorder,
    long mdSnapshots,
    long mdIncrementals,
    long mdRejects,
    String client,
    CpuFigures cpu,
    SessionChecks checks,
    MarketDataFigures marketData,
    RejectCounts rejectReasons)
{
    /** Planned rate of the measured part, requests per second. */
    public double intendedRatePerSecond()
    {
        return config.ratePerSecond();
    }

    /**
     * Achieved rate of the measured part: scheduled requests sent divided by the time from the first planned send
     * to the last actual send (a sender that fell behind stretches the denominator).
     */
    public double actualRatePerSecond()
    {
        final long elapsedNs = Math.max(outcome.lastSendNs(), outcome.plannedEndNs()) - outcome.firstMeasuredNs();
        return elapsedNs <= 0 ? 0 : outcome.measuredRequests() * 1e9 / elapsedNs;
    }
}
