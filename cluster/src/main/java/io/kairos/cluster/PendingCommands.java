package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The commands a gateway sent to the cluster and has no answer for yet, encoded as ingress
 * {@link ClusterProtocol#COMMAND} messages by sequence (1, 2, ...): appended by {@link #append}, offered in order
 * ({@link #next}, {@link #offered}), completed when their events arrive ({@link #completeThrough}); after a leader
 * change {@link #rewind} makes every unanswered one due again. Preallocated slots, reused: allocation-free. Owned by
 * the cluster client's agent thread: {@link CommandQueue} appends, {@link IngressProxy} offers, {@link EgressAdapter}
 * completes.
 */
final class PendingCommands
{
    private final UnsafeBuffer[] slots;
    private final int[] lengths;
    private final int mask;
    private long appended;
    private long offered;
    private long completed;

    /** @param capacity a power of two: the most commands unanswered at once */
    PendingCommands(final int capacity)
    {
        slots = new UnsafeBuffer[capacity];
        lengths = new int[capacity];
        mask = capacity - 1;
        for (int i = 0; i < capacity; i++)
        {
            slots[i] = new UnsafeBuffer(new byte[MAX_COMMAND_LENGTH]);
        }
    }

    /** Commands that may still be appended: the capacity less those unanswered. */
    int room()
    {
        return (int)(slots.length - (appended - completed));
    }

    /**
     * Appends an encoded command ({@code length} bytes of CommandCodec at {@code offset}) as the next sequence of
     * gateway {@code instance}; the caller checked {@link #room}.
     */
    void append(final DirectBuffer command, final int offset, final int length, final long instance)
    {
        final long sequence = appended + 1;
        final UnsafeBuffer buffer = slots[(int)(sequence & mask)];
        buffer.putByte(TYPE_OFFSET, COMMAND);
        buffer.putLong(COMMAND_INSTANCE_OFFSET, instance);
        buffer.putLong(COMMAND_SEQUENCE_OFFSET, sequence);
        buffer.putBytes(COMMAND_PAYLOAD_OFFSET, command, offset, length);
        lengths[(int)(sequence & mask)] = COMMAND_PAYLOAD_OFFSET + length;
        appended = sequence;
    }

    /** Whether a command waits to be offered. */
    boolean hasNext()
    {
        return offered < appended;
    }

    /** The next command to offer (see {@link #nextLength}); {@link #offered} once the cluster took it. */
    DirectBuffer next()
    {
        return slots[(int)((offered + 1) & mask)];
    }

    int nextLength()
    {
        return lengths[(int)((offered + 1) & mask)];
    }

    void offered()
    {
        offered++;
    }

    /** The events of every command through {@code sequence} have arrived. */
    void completeThrough(final long sequence)
    {
        completed = Math.max(completed, sequence);
    }

    /** Every command sent and not answered is due again (a new leader may not have it). */
    void rewind()
    {
        offered = completed;
    }

    /** Whether some command was offered and not answered. */
    boolean awaitsAnswers()
    {
        return completed < offered;
    }

    long unanswered()
    {
        return appended - completed;
    }
}
