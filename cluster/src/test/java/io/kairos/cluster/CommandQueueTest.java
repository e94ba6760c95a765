package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;

/** The hand-off of commands from the gateways' threads to the cluster client's duty cycle. */
class CommandQueueTest
{
    private static final long INSTANCE = 42;

    private final EngineCommand command = new EngineCommand();

    @Test
    void shouldHandOverCommandsInOrderAsThePendingCommandsOfTheInstance()
    {
        final CommandQueue queue = new CommandQueue();
        final PendingCommands pending = new PendingCommands(8);
        assertTrue(queue.tryOffer(order("A", 1)));
        final EngineCommand withInstructions = order("B", 2);
        withInstructions.minQty = 3;
        assertTrue(queue.tryOffer(withInstructions));
        assertEquals(2, queue.size());

        assertEquals(2, queue.drainTo(pending, INSTANCE));

        assertEquals(0, queue.size());
        assertEquals(List.of("A", "B"), offerAll(pending));
    }

    @Test
    void shouldDrainNoMoreThanThePendingCommandsHaveRoomFor()
    {
        final CommandQueue queue = new CommandQueue();
        final PendingCommands pending = new PendingCommands(2);
        for (int i = 0; i < 3; i++)
        {
            assertTrue(queue.tryOffer(order("C" + i, i)));
        }

        assertEquals(2, queue.drainTo(pending, INSTANCE));
        assertEquals(0, queue.drainTo(pending, INSTANCE), "full: the third waits in the queue");
        assertEquals(1, queue.size());
        assertEquals(List.of("C0", "C1"), offerAll(pending));
        pending.completeThrough(1);
        assertEquals(1, queue.drainTo(pending, INSTANCE));
        assertEquals(List.of("C2"), offerAll(pending));
    }

    @Test
    void shouldRefuseWhenFullAndTakeAgainOnceDrained()
    {
        final CommandQueue queue = new CommandQueue();
        int taken = 0;
        while (queue.tryOffer(order("F", taken)))
        {
            taken++;
        }
        assertTrue(taken >= CommandQueue.CAPACITY_COMMANDS, "holds at least its capacity: " + taken);
        assertFalse(queue.tryOffer(order("F", -1)));

        final PendingCommands pending = new PendingCommands(1 << 14);
        assertEquals(taken, queue.drainTo(pending, INSTANCE));
        assertTrue(queue.tryOffer(order("G", 0)));
    }

    @Test
    void shouldTakeFromManyThreadsAtOnceLosingNothing() throws InterruptedException
    {
        final CommandQueue queue = new CommandQueue();
        final PendingCommands pending = new PendingCommands(1 << 14);
        final int threads = 4;
        final int each = 1_000;
        final CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++)
        {
            final int thread = t;
            new Thread(() ->
            {
                final EngineCommand own = new EngineCommand();
                for (int i = 0; i < each; i++)
                {
                    own.newOrder(thread, "T" + thread + "-" + i, 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, 1, 1);
                    while (!queue.tryOffer(own))
                    {
                        Thread.onSpinWait();
                    }
                }
                done.countDown();
            }).start();
        }
        int drained = 0;
        while (drained < threads * each)
        {
            drained += queue.drainTo(pending, INSTANCE);
        }
        done.await();

        final List<String> ids = offerAll(pending);
        assertEquals(threads * each, ids.size());
        for (int t = 0; t < threads; t++)
        {
            final String prefix = "T" + t + "-";
            final List<String> own = ids.stream().filter(id -> id.startsWith(prefix)).toList();
            for (int i = 0; i < each; i++)
            {
                assertEquals(prefix + i, own.get(i), "each thread's commands in its order");
            }
        }
    }

    private EngineCommand order(final String clOrdId, final int session)
    {
        return command.newOrder(session, clOrdId, 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, 100, 1);
    }

    /** Offers every pending command; @return their clOrdIds, checking each message's header on the way. */
    private static List<String> offerAll(final PendingCommands pending)
    {
        final List<String> ids = new ArrayList<>();
        final EngineCommand decoded = new EngineCommand();
        while (pending.hasNext())
        {
            final DirectBuffer message = pending.next();
            final int length = pending.nextLength();
            assertEquals(COMMAND, message.getByte(TYPE_OFFSET));
            assertEquals(INSTANCE, message.getLong(COMMAND_INSTANCE_OFFSET));
            assertTrue(CommandCodec.decode(message, COMMAND_PAYLOAD_OFFSET, length - COMMAND_PAYLOAD_OFFSET, decoded));
            ids.add(decoded.clOrdId.toString());
            pending.offered();
        }
        return ids;
    }
}
