package io.kairos.fix;

import io.kairos.engine.CommandSink;
import io.kairos.fix.delivery.DeliveryMarks;
import io.kairos.fix.delivery.SentSequenceFloor;
import org.agrona.concurrent.EpochNanoClock;

/**
 * What all {@link OrderEntrySession}s share: one decoder/encoder set, the publisher, the metrics and
 * the correlation id sequence. Safe to share because every session runs on the one library thread,
 * which owns this object.
 */
final class OrderEntryShared
{
    final FixCommandAdapter adapter;
    final ExecutionReportWriter writer;
    final SessionRejectWriter rejects = new SessionRejectWriter();
    final CommandSink publisher;
    final GatewayMetrics metrics;
    final DeliveryMarks marks;
    final SentSequenceFloor floor;
    final EpochNanoClock clock;
    final int throttleDisconnectAfterRejects;
    long lastCorrelationId;
    /** An operator's kill switches awaiting their reports (any thread registers, the library thread counts). */
    final OperatorKillSwitches killSwitches = new OperatorKillSwitches();

    OrderEntryShared(
        final FixCommandAdapter adapter, final ExecutionReportWriter writer, final CommandSink publisher,
        final GatewayMetrics metrics, final DeliveryMarks marks, final SentSequenceFloor floor,
        final EpochNanoClock clock,
        final int throttleDisconnectAfterRejects)
    {
        this.adapter = adapter;
        this.writer = writer;
        this.publisher = publisher;
        this.metrics = metrics;
        this.marks = marks;
        this.floor = floor;
        this.clock = clock;
        this.throttleDisconnectAfterRejects = throttleDisconnectAfterRejects;
    }
}
