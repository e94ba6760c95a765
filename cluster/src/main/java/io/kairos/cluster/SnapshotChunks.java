package io.kairos.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A service snapshot of any size through the cluster's snapshot publication, whose largest message is small: the
 * state is cut into chunks of one frame each, {@code [0] int total length, [4] int offset, [8] bytes}. Stateless;
 * allocates (snapshots are rare).
 */
final class SnapshotChunks
{
    private static final int HEADER_LENGTH = 8;

    private SnapshotChunks()
    {
    }

    /** Writes {@code length} bytes of {@code state}, waiting out back pressure. */
    static void write(
        final ExclusivePublication publication, final DirectBuffer state, final int length, final IdleStrategy idle)
    {
        final int chunk = publication.maxPayloadLength() - HEADER_LENGTH;
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[publication.maxPayloadLength()]);
        int offset = 0;
        do
        {
            final int bytes = Math.min(chunk, length - offset);
            frame.putInt(0, length);
            frame.putInt(4, offset);
            frame.putBytes(HEADER_LENGTH, state, offset, bytes);
            idle.reset();
            long result;
            while ((result = publication.offer(frame, 0, HEADER_LENGTH + bytes)) < 0)
            {
                if (result == Publication.CLOSED || result == Publication.NOT_CONNECTED ||
                    result == Publication.MAX_POSITION_EXCEEDED)
                {
                    throw new IllegalStateException("cluster snapshot publication failed: " + result);
                }
                idle.idle();
            }
            offset += bytes;
        }
        while (offset < length);
    }

    /** Reads a whole state that {@link #write} wrote. */
    static DirectBuffer read(final Image image, final IdleStrategy idle)
    {
        final Assembly assembly = new Assembly();
        idle.reset();
        while (!assembly.complete())
        {
            if (image.poll(assembly, 16) == 0)
            {
                if (image.isEndOfStream() || image.isClosed())
                {
                    throw new IllegalStateException("cluster snapshot ended after " + assembly.received + " of " +
                        assembly.total + " bytes");
                }
                idle.idle();
            }
        }
        return assembly.state;
    }

    private static final class Assembly implements FragmentHandler
    {
        private UnsafeBuffer state;
        private int total = -1;
        private int received;

        boolean complete()
        {
            return state != null && received == total;
        }

        @Override
        public void onFragment(final DirectBuffer buffer, final int offset, final int length, final
            io.aeron.logbuffer.Header header)
        {
            if (state == null)
            {
                total = buffer.getInt(offset);
                state = new UnsafeBuffer(new byte[total]);
            }
            final int at = buffer.getInt(offset + 4);
            final int bytes = length - HEADER_LENGTH;
            state.putBytes(at, buffer, offset + HEADER_LENGTH, bytes);
            received += bytes;
        }
    }
}
