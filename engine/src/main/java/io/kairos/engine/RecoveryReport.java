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
 * @param durationNs         how long recovery took
 */
public record RecoveryReport(
    int partition, long snapshotCommands, long replayedCommands, long truncatedBytes, String truncationReason,
    int restingOrders, long durationNs)
{
}
