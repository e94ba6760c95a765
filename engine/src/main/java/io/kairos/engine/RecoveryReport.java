package io.kairos.engine;

/**
 * What recovery found for one partition. Immutable.
 *
 * @param partition          the partition
 * @param snapshotCommands   commands covered by the snapshot recovery started from (0 without one)
 * @param replayedCommands   journal records replayed after the snapshot
 * @param truncatedBytes     bytes of a torn or corrupt tail that were cut off (0 if the journal was clean)
 * @param truncationReason   why the tail was cut, or empty
 * @param restingOrders      orders on the books after recovery
 * @param redeliveredEvents  execution events of replayed commands emitted again because the listener lacked them
 * @param unrecoverableThrough the listener lacked events of commands up to this journal index, older than every
 *                           kept snapshot and journal record, so they could not be emitted again (0: none)
 * @param durationNs         how long recovery took
 */
public record RecoveryReport(
    int partition, long snapshotCommands, long replayedCommands, long truncatedBytes, String truncationReason,
    int restingOrders, long redeliveredEvents, long unrecoverableThrough, long durationNs)
{
}
