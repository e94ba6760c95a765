package io.kairos.server;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.EventCodec;
import io.kairos.engine.EventDigest;
import io.kairos.engine.ExecutionEvent;
import org.agrona.ExpandableArrayBuffer;

/**
 * The events one replayed command produced, each in the {@link EventDigest} encoding, back to back: what the journal
 * tools print, digest and compare. As the matcher's listener it collects a command's events; {@link #clear} starts
 * the next command. {@link #writeTo}/{@link #readFrom} carry it between a parent and a child JVM ({@code --compare}).
 * Owned by the replay thread.
 */
final class CommandEvents implements EngineEventListener
{
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(4096);
    private int[] offsets = new int[16];
    private int count;
    private int length;

    void clear()
    {
        count = 0;
        length = 0;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        zeroNext();
        add(EventDigest.encode(event, buffer, length));
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
        zeroNext();
        add(EventDigest.encode(event, buffer, length));
    }

    /**
     * Room for the next event, zeroed: whatever an encoder leaves unwritten (an older release's {@link EventCodec}
     * skipped its padding) reads the same in every replay, so {@code --compare} sees only real differences.
     */
    private void zeroNext()
    {
        buffer.checkLimit(length + EventDigest.MAX_LENGTH);
        buffer.setMemory(length, EventDigest.MAX_LENGTH, (byte)0);
    }

    private void add(final int eventLength)
    {
        if (count + 1 >= offsets.length)
        {
            offsets = Arrays.copyOf(offsets, offsets.length * 2);
        }
        offsets[count] = length;
        count++;
        length += eventLength;
        offsets[count] = length;
    }

    int count()
    {
        return count;
    }

    /** Adds every event to {@code digest}. */
    void digestInto(final EventDigest digest)
    {
        for (int i = 0; i < count; i++)
        {
            digest.update(buffer, offsets[i], offsets[i + 1] - offsets[i]);
        }
    }

    boolean isExecution(final int i)
    {
        return buffer.getByte(offsets[i]) == EventDigest.EXECUTION;
    }

    void decode(final int i, final ExecutionEvent into)
    {
        EventCodec.decode(buffer, offsets[i] + 1, offsets[i + 1] - offsets[i] - 1, into);
    }

    void decode(final int i, final BookEvent into)
    {
        EventCodec.decode(buffer, offsets[i] + 1, offsets[i + 1] - offsets[i] - 1, into);
    }

    /** Whether event {@code i} of this and event {@code j} of {@code other} have the same bytes. */
    boolean sameEvent(final int i, final CommandEvents other, final int j)
    {
        final int lengthHere = offsets[i + 1] - offsets[i];
        return lengthHere == other.offsets[j + 1] - other.offsets[j] &&
            equalBytes(offsets[i], other, other.offsets[j], lengthHere);
    }

    private boolean equalBytes(final int offset, final CommandEvents other, final int otherOffset, final int bytes)
    {
        for (int k = 0; k < bytes; k++)
        {
            if (buffer.getByte(offset + k) != other.buffer.getByte(otherOffset + k))
            {
                return false;
            }
        }
        return true;
    }

    void writeTo(final DataOutputStream out) throws IOException
    {
        out.writeInt(count);
        for (int i = 0; i < count; i++)
        {
            final int eventLength = offsets[i + 1] - offsets[i];
            out.writeInt(eventLength);
            out.write(buffer.byteArray(), offsets[i], eventLength);
        }
    }

    /** Replaces this with what {@link #writeTo} wrote. */
    void readFrom(final DataInputStream in) throws IOException
    {
        clear();
        final int events = in.readInt();
        for (int i = 0; i < events; i++)
        {
            final int eventLength = in.readInt();
            if (eventLength < 1 || eventLength > EventDigest.MAX_LENGTH)
            {
                throw new IOException("bad event length " + eventLength + " from the other replay");
            }
            buffer.checkLimit(length + eventLength);
            in.readFully(buffer.byteArray(), length, eventLength);
            add(eventLength);
        }
    }
}
