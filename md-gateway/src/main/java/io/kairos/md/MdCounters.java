package io.kairos.md;

import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.SingleWriterCounter;

/**
 * The gateway's live counters. Written by the gateway's event loop ({@link SingleWriterCounter}:
 * cheap and eventually visible), except {@link #eventsDropped} which engine threads increment and
 * {@link #errors}, which any thread may (atomics); read by metrics from any thread. {@link #queueDepth} is the deepest
 * session queue seen since the previous sample: published at the end of every drained batch and every second.
 */
final class MdCounters
{
    final SingleWriterCounter messagesOut = new SingleWriterCounter();
    final SingleWriterCounter bytesOut = new SingleWriterCounter();
    /** MDEntries sent in incrementals (35=X), summed over sessions: with {@link #messagesOut}, entries per message. */
    final SingleWriterCounter entriesOut = new SingleWriterCounter();
    final SingleWriterCounter slowConsumerDisconnects = new SingleWriterCounter();
    final SingleWriterCounter queueDepthHighWater = new SingleWriterCounter();
    final SingleWriterCounter queueDepth = new SingleWriterCounter();
    final SingleWriterCounter subscriptions = new SingleWriterCounter();
    final SingleWriterCounter sessions = new SingleWriterCounter();
    final AtomicLong eventsDropped = new AtomicLong();
    final SingleWriterCounter bookInconsistencies = new SingleWriterCounter();
    final SingleWriterCounter garbledMessages = new SingleWriterCounter();
    /** Snapshot-only requests (263=0) refused past md.max-snapshot-requests-per-second. */
    final SingleWriterCounter snapshotRequestsRefused = new SingleWriterCounter();
    final AtomicLong errors = new AtomicLong();
    private long deepestSinceSample;

    void onMessageOut(final int bytes)
    {
        messagesOut.increment();
        bytesOut.add(bytes);
    }

    void onQueueDepth(final long depth)
    {
        if (depth > deepestSinceSample)
        {
            deepestSinceSample = depth;
        }
        queueDepthHighWater.raiseTo(depth);
    }

    /** Publishes the deepest queue seen since the last sample as {@link #queueDepth} and starts a new sample. */
    void sampleQueueDepth()
    {
        queueDepth.set(deepestSinceSample);
        deepestSinceSample = 0;
    }
}
