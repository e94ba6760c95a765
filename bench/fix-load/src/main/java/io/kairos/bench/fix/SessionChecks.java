package io.kairos.bench.fix;

/**
 * What the lean client's session layer saw on every inbound message of a run (QuickFIX/J does its own checks and
 * reports none of these). Immutable.
 *
 * @param sequenceGaps         inbound messages whose MsgSeqNum (34) was above the expected one
 * @param missingMessages      sum of the gaps' sizes (sequence numbers never seen)
 * @param sequenceTooLow       inbound messages whose MsgSeqNum was below the expected one without PossDupFlag
 * @param rptSeqGaps           market-data entries whose RptSeq (83) did not follow the symbol's previous one
 * @param mdEntries            market-data entries received (snapshot and incremental)
 * @param mdEntryIds           market-data entries that carried an MDEntryID (278)
 * @param sessionRejects       session-level Rejects (35=3) received
 * @param businessRejects      BusinessMessageRejects (35=j) received
 * @param testRequestsAnswered TestRequests (35=1) answered with a Heartbeat carrying their TestReqID (112)
 * @param disconnects          sessions the peer closed before the client logged them out
 * @param badFrames            inbound bytes that were not a FIX frame (or had a wrong CheckSum); the session closes
 * @param sendFailures         messages that could not be written (the session's socket had failed or closed)
 */
public record SessionChecks(
    long sequenceGaps,
    long missingMessages,
    long sequenceTooLow,
    long rptSeqGaps,
    long mdEntries,
    long mdEntryIds,
    long sessionRejects,
    long businessRejects,
    long testRequestsAnswered,
    long disconnects,
    long badFrames,
    long sendFailures)
{
}
