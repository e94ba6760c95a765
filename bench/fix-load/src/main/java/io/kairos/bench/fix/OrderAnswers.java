package io.kairos.bench.fix;

/**
 * What both order-entry clients do with an ExecutionReport (8) or OrderCancelReject (9) once they have read the
 * request index from its ClOrdID: the first answer to a measured request records its latency, and the session's
 * {@link RestingOrders} follow the order (open while OrdStatus is 0, 1 or 5 with LeavesQty above zero; a cancel's
 * answers leave them alone). Written once so that the QuickFIX/J client ({@link OrderEntryApplication}) and the lean
 * client ({@link LeanOrderEntryAdapter}) count alike and their results compare. Stateless; called on the thread that
 * received the answer.
 */
final class OrderAnswers
{
    private OrderAnswers()
    {
    }

    /**
     * Whether {@code index} (from the ClOrdID, -1 when it is not one of this run's) names a request that was sent.
     * The clients count the answer (known or unknown) before {@link #onAnswer}, which marks the request answered:
     * the runner reads the counts once every request is answered.
     */
    static boolean isSent(final RequestLog log, final int index)
    {
        return index >= 0 && index < log.capacity() && log.sentNs(index) != 0;
    }

    /**
     * Handles an answer to a request that {@link #isSent}.
     *
     * @param executionReport  an ExecutionReport; else an OrderCancelReject
     * @param ordStatus        OrdStatus (39), any other value when absent
     * @param hasLeaves        LeavesQty (151) above zero, or absent
     * @return whether this is the request's first answer and a reject (OrdStatus 8, or an OrderCancelReject)
     */
    static boolean onAnswer(final RequestLog log, final LatencyRecorder recorder, final RestingOrders resting,
        final int index, final boolean executionReport, final int ordStatus, final boolean hasLeaves,
        final long receivedNs)
    {
        final boolean first = log.claimFirstResponse(index);
        if (first && log.measured(index))
        {
            recorder.recordResponse(log.action(index), log.intendedNs(index), log.sentNs(index), receivedNs);
        }
        if (executionReport && log.action(index) != OrderRequest.CANCEL)
        {
            final boolean open = (ordStatus == '0' || ordStatus == '1' || ordStatus == '5') && hasLeaves;
            if (first && open)
            {
                resting.add(index, receivedNs);
            }
            else if (!open)
            {
                resting.remove(index);
            }
        }
        return first && (!executionReport || ordStatus == '8');
    }
}
