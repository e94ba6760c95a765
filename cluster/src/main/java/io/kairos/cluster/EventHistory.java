package io.kairos.cluster;

import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

/**
 * The egress messages of the last {@code capacity} commands, by command index, so that a gateway that missed some
 * (a leader change lost them in flight, or the gateway restarted) gets them again. Every member keeps the same
 * history, since every member applies the same commands; a member that started from a snapshot keeps only what came
 * after it. A slot's buffer is allocated on first use and reused ever after (it grows for a larger message). Owned
 * by the service thread.
 */
final class EventHistory
{
    /** Receives one kept message. */
    interface Replay
    {
        /** @return false to stop the replay (the receiver cannot take more now) */
        boolean onMessage(long commandIndex, DirectBuffer buffer, int offset, int length);
    }

    private final ExpandableArrayBuffer[] slots;
    private final int[] lengths;
    private final int mask;
    /** The first index this history holds (indices before it were before this member's start or are overwritten). */
    private long firstIndex = 1;
    private long lastIndex;

    EventHistory(final int capacity)
    {
        final int size = BitUtil.findNextPositivePowerOfTwo(capacity);
        slots = new ExpandableArrayBuffer[size];
        lengths = new int[size];
        mask = size - 1;
    }

    /** Where the history begins when the state it follows was restored at {@code lastIndex} (a snapshot). */
    void startAfter(final long lastIndex)
    {
        this.lastIndex = lastIndex;
        firstIndex = lastIndex + 1;
    }

    /** Keeps the message of command {@code index}, which is {@link #lastIndex()} + 1. */
    void append(final long index, final DirectBuffer buffer, final int offset, final int length)
    {
        if (index != lastIndex + 1)
        {
            throw new IllegalStateException("history expects command " + (lastIndex + 1) + ", got " + index);
        }
        final int slot = (int)(index & mask);
        ExpandableArrayBuffer target = slots[slot];
        if (target == null)
        {
            target = new ExpandableArrayBuffer(Math.max(256, length));
            slots[slot] = target;
        }
        target.putBytes(0, buffer, offset, length);
        lengths[slot] = length;
        lastIndex = index;
        if (lastIndex - firstIndex + 1 > slots.length)
        {
            firstIndex = lastIndex - slots.length + 1;
        }
    }

    long lastIndex()
    {
        return lastIndex;
    }

    /** The oldest command index kept; {@link #lastIndex()} + 1 when nothing is. */
    long firstIndex()
    {
        return firstIndex;
    }

    /**
     * Hands over, oldest first, the kept messages of the commands after {@code after}.
     * @return the index of the last message handed over and accepted, or {@code after} (or the index before the first
     * kept one, when that is later) when none was
     */
    long replay(final long after, final Replay replay)
    {
        long index = Math.max(after + 1, firstIndex);
        for (; index <= lastIndex; index++)
        {
            final int slot = (int)(index & mask);
            if (!replay.onMessage(index, slots[slot], 0, lengths[slot]))
            {
                break;
            }
        }
        return index - 1;
    }
}
