package io.kairos.md;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The gateway's live counters. Written by the gateway's event loop (single writer, ordered
 * stores: cheap and eventually visible), except {@link #eventsDropped} which engine threads
 * increment; read by metrics from any thread. {@link #queueDepth} is the deepest session queue
 * seen since the previous sample: published at the end of every drained batch and every second.
 */
final class MdCounters
{
    final AtomicLong messagesOut = new AtomicLong();
    final AtomicLong bytesOut = new AtomicLong();
    final AtomicLong slowConsumerDisconnects = new AtomicLong();
    final AtomicLong queueDepthHighWater = new AtomicLong();
    final AtomicLong queueDepth = new AtomicLong();
    final AtomicLong subscriptions = new AtomicLong();
    final AtomicLong sessions = new AtomicLong();
    final AtomicLong eventsDropped = new AtomicLong();
    final AtomicLong bookInconsistencies = new AtomicLong();
    final AtomicLong garbledMessages = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    private long deepestSinceSample;

    void onMessageOut(final int bytes)
    {
        messagesOut.lazySet(messagesOut.get() + 1);
        bytesOut.lazySet(bytesOut.get() + bytes);
    }

    void onQueueDepth(final long depth)
    {
        if (depth > deepestSinceSample)
        {
            deepestSinceSample = depth;
        }
        if (depth > queueDepthHighWater.get())
        {
            queueDepthHighWater.lazySet(depth);
        }
    }

    /** Publishes the deepest queue seen since the last sample as {@link #queueDepth} and starts a new sample. */
    void sampleQueueDepth()
    {
        queueDepth.lazySet(deepestSinceSample);
        deepestSinceSample = 0;
    }
}
