package io.kairos.cluster;

import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import org.agrona.BitUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The hand-off of commands from the gateways' threads to the cluster client's agent: an Agrona
 * {@link ManyToOneRingBuffer}, so that any thread may {@link #tryOffer} (encoding the command in place, lock-free and
 * allocation-free) and only the agent's thread {@link #drainTo drains} it into the {@link PendingCommands} it owns.
 * Each record is the command's encoded length then its {@link CommandCodec} encoding.
 */
final class CommandQueue
{
    /** Commands handed over and not yet drained, at most: bursts between two of the agent's duty cycles. */
    static final int CAPACITY_COMMANDS = 4096;
    private static final int COMMAND_MESSAGE = 1;
    private static final int LENGTH_PREFIX = Integer.BYTES;
    private static final int RECORD_LENGTH = LENGTH_PREFIX + CommandCodec.MAX_LENGTH;
    /** What one record takes in the ring: its header and the claimed length, aligned. */
    private static final int SLOT_LENGTH =
        BitUtil.align(RecordDescriptor.HEADER_LENGTH + RECORD_LENGTH, RecordDescriptor.ALIGNMENT);

    private final RingBuffer ring;
    private final Drain drain = new Drain();

    CommandQueue()
    {
        final int capacity = BitUtil.findNextPositivePowerOfTwo(CAPACITY_COMMANDS * SLOT_LENGTH);
        ring = new ManyToOneRingBuffer(new UnsafeBuffer(new byte[capacity + RingBufferDescriptor.TRAILER_LENGTH]));
    }

    /** Any thread: encodes {@code command} into the queue. @return false when it is full (nothing taken) */
    boolean tryOffer(final EngineCommand command)
    {
        final int index = ring.tryClaim(COMMAND_MESSAGE, RECORD_LENGTH);
        if (index < 0)
        {
            return false;
        }
        final MutableDirectBuffer buffer = ring.buffer();
        try
        {
            buffer.putInt(index, CommandCodec.encode(command, buffer, index + LENGTH_PREFIX));
        }
        catch (final RuntimeException | Error ex)
        {
            ring.abort(index);
            throw ex;
        }
        ring.commit(index);
        return true;
    }

    /** Commands handed over and not yet drained (any thread; approximate). */
    int size()
    {
        return ring.size() / SLOT_LENGTH;
    }

    /**
     * The agent's thread: moves the commands handed over, in order, into {@code pending} as the next ones of gateway
     * {@code instance}, as many as it has room for. @return commands moved
     */
    int drainTo(final PendingCommands pending, final long instance)
    {
        final int room = pending.room();
        if (room == 0)
        {
            return 0;
        }
        drain.pending = pending;
        drain.instance = instance;
        return ring.read(drain, room);
    }

    /** The ring's handler: a field, not a lambda, so that draining allocates nothing. */
    private static final class Drain implements MessageHandler
    {
        private PendingCommands pending;
        private long instance;

        @Override
        public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
        {
            pending.append(buffer, index + LENGTH_PREFIX, buffer.getInt(index), instance);
        }
    }
}
