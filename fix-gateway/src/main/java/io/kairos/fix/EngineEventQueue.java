package io.kairos.fix;

import java.util.concurrent.atomic.AtomicLong;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.EventTranslatorOneArg;
import com.lmax.disruptor.RingBuffer;
import io.kairos.engine.ExecutionEvent;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Hands execution events from the engine's matcher threads (many producers) to the gateway's library
 * thread (one consumer) through a preallocated Disruptor ring: {@link #offer} copies the event into a
 * slot, {@link #drain} stamps ResponseIn and passes each slot to the consumer. {@link #offer} never
 * allocates; when the ring is full it spins until the gateway thread frees a slot (counted in
 * {@link #fullRingSpins()}), so a stalled gateway slows the matcher rather than losing reports. A consumer
 * that throws loses that one event to the error handler; the queue moves on.
 */
final class EngineEventQueue
{
    /** Receives drained events on the gateway thread; the slot is reused after the call returns. */
    @FunctionalInterface
    interface Consumer
    {
        void onExecution(QueuedExecution execution);
    }

    private static final EventTranslatorOneArg<QueuedExecution, ExecutionEvent> COPY =
        (slot, sequence, event) ->
        {
            slot.event.copyFrom(event);
            slot.clearGatewayFields();
        };

    private final RingBuffer<QueuedExecution> ring;
    private final EventPoller<QueuedExecution> poller;
    private final EpochNanoClock clock;
    private final EventPoller.Handler<QueuedExecution> handler;
    private final ErrorHandler errorHandler;
    private Consumer consumer;
    private int drained;
    private int limit;
    private final AtomicLong fullRingSpins = new AtomicLong();
    private volatile boolean closed;

    EngineEventQueue(final int capacity, final EpochNanoClock clock, final ErrorHandler errorHandler)
    {
        this.errorHandler = errorHandler;
        // The consumer polls and never waits, so producers need not signal: a blocking strategy would take a
        // lock and notify on every event the matcher threads publish.
        ring = RingBuffer.createMultiProducer(QueuedExecution::new, capacity, new BusySpinWaitStrategy());
        poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.clock = clock;
        handler = this::onSlot;
    }

    /**
     * Called on matcher threads; copies the event. After {@link #close()} events are dropped: nobody would read them.
     */
    void offer(final ExecutionEvent event)
    {
        while (!ring.tryPublishEvent(COPY, event))
        {
            if (closed)
            {
                return;
            }
            fullRingSpins.incrementAndGet();
            Thread.onSpinWait();
        }
    }

    /** Called on the gateway thread. @return the number of events passed to {@code target}. */
    int drain(final Consumer target, final int maxEvents)
    {
        consumer = target;
        drained = 0;
        limit = maxEvents;
        try
        {
            poller.poll(handler);
        }
        catch (final Exception e)
        {
            throw new IllegalStateException("execution event consumer failed", e);
        }
        return drained;
    }

    /** The gateway thread has stopped: producers must not wait for ring space any more. */
    void close()
    {
        closed = true;
    }

    long fullRingSpins()
    {
        return fullRingSpins.get();
    }

    private boolean onSlot(final QueuedExecution slot, final long sequence, final boolean endOfBatch)
    {
        slot.responseInNs = clock.nanoTime();
        try
        {
            consumer.onExecution(slot);
        }
        catch (final RuntimeException e)
        {
            errorHandler.onError(e);
        }
        return ++drained < limit;
    }
}
