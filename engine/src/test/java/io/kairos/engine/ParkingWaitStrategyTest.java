package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import org.junit.jupiter.api.Test;

/**
 * The parking strategy's contract on a real ring. The park is made an hour long so that a consumer
 * returns only because a publisher's signal woke it: a lost wake-up would hang the consumer and
 * fail the bounded join.
 */
class ParkingWaitStrategyTest
{
    private static final long HOUR_NS = TimeUnit.HOURS.toNanos(1);
    private static final long JOIN_MS = 10_000;

    @Test
    void shouldWakeAParkedConsumerWhenAnEventIsPublished() throws Exception
    {
        final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 8, new ParkingWaitStrategy(HOUR_NS));
        final SequenceBarrier barrier = ring.newBarrier();
        final AtomicLong seen = new AtomicLong(-1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread consumer = start(() -> seen.set(barrier.waitFor(0)), failure);

        awaitParked(consumer);
        ring.publish(ring.next());

        consumer.join(JOIN_MS);
        assertFalse(consumer.isAlive(), "the consumer was not woken by the publish");
        assertNull(failure.get());
        assertEquals(0, seen.get());
    }

    @Test
    void shouldWakeEveryParkedConsumerOfTheRing() throws Exception
    {
        final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 8, new ParkingWaitStrategy(HOUR_NS));
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final SequenceBarrier first = ring.newBarrier();
        final SequenceBarrier second = ring.newBarrier();
        final Thread a = start(() -> first.waitFor(0), failure);
        final Thread b = start(() -> second.waitFor(0), failure);

        awaitParked(a);
        awaitParked(b);
        ring.publish(ring.next());

        a.join(JOIN_MS);
        b.join(JOIN_MS);
        assertFalse(a.isAlive() || b.isAlive(), "a parked consumer was left asleep");
        assertNull(failure.get());
    }

    @Test
    void shouldWakeADownstreamStageWhenItsUpstreamSignalsProgress() throws Exception
    {
        final ParkingWaitStrategy strategy = new ParkingWaitStrategy(HOUR_NS);
        final RingBuffer<long[]> ring = RingBuffer.createSingleProducer(() -> new long[1], 8, strategy);
        final Sequence upstream = new Sequence(-1);
        final SequenceBarrier downstream = ring.newBarrier(upstream);
        ring.publish(ring.next());
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread consumer = start(() -> downstream.waitFor(0), failure);

        awaitParked(consumer);
        upstream.set(0);
        strategy.signalAllWhenBlocking();

        consumer.join(JOIN_MS);
        assertFalse(consumer.isAlive(), "the downstream stage was not woken by its upstream's signal");
        assertNull(failure.get());
    }

    @Test
    void shouldEndTheWaitWithAnAlertWhenTheBarrierIsAlerted() throws Exception
    {
        final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 8, new ParkingWaitStrategy(HOUR_NS));
        final SequenceBarrier barrier = ring.newBarrier();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread consumer = start(() -> barrier.waitFor(0), failure);

        awaitParked(consumer);
        barrier.alert();

        consumer.join(JOIN_MS);
        assertFalse(consumer.isAlive(), "the alert did not end the wait");
        assertInstanceOf(AlertException.class, failure.get());
    }

    @Test
    void shouldReturnAtOnceWhenTheSequenceIsAlreadyAvailable() throws Exception
    {
        final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 8, new ParkingWaitStrategy(HOUR_NS));
        ring.publish(ring.next());
        ring.publish(ring.next());

        assertEquals(1, ring.newBarrier().waitFor(0));
    }

    private interface Wait
    {
        void run() throws Exception;
    }

    private static Thread start(final Wait wait, final AtomicReference<Throwable> failure)
    {
        final Thread thread = new Thread(() ->
        {
            try
            {
                wait.run();
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }, "parking-consumer");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Bounded: the consumer spins and yields a few hundred times, then parks for the hour. */
    private static void awaitParked(final Thread consumer) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (consumer.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline)
        {
            Thread.sleep(1);
        }
        assertTrue(consumer.getState() == Thread.State.TIMED_WAITING, "the consumer never parked: "
            + consumer.getState());
    }
}
