package io.kairos.fix.delivery;

import java.util.Arrays;

/**
 * The framer's connections that hold outbound bytes not yet written to their sockets: Artio's framer hands each
 * message to its connection ({@link SentSequenceTrackingChannel#write}) as it reads it from the library's stream, one
 * socket write per message; the connection copies it instead and the messages of one duty cycle leave in one write
 * per connection when {@link #flush()} runs. That is the first socket read of the next step of the same duty cycle
 * (the framer reads its sockets right after it sends) or, where no socket had anything to read, its poll for new
 * connections: the acknowledgements of requests read together then cost one system call, not one each, with no
 * waiting added (nothing waits for more messages to come). Owned by Artio's framer thread; allocation-free once the
 * list has grown to the number of connections.
 */
final class CoalescedWrites
{
    private SentSequenceTrackingChannel[] queued = new SentSequenceTrackingChannel[16];
    private int count;

    /** A connection that now holds bytes; queued once until they are written. */
    void queue(final SentSequenceTrackingChannel channel)
    {
        if (count == queued.length)
        {
            queued = Arrays.copyOf(queued, count << 1);
        }
        queued[count++] = channel;
    }

    /** Forgets a connection (it closed). */
    void remove(final SentSequenceTrackingChannel channel)
    {
        for (int i = 0; i < count; i++)
        {
            if (queued[i] == channel)
            {
                System.arraycopy(queued, i + 1, queued, i, count - i - 1);
                queued[--count] = null;
                return;
            }
        }
    }

    boolean isEmpty()
    {
        return count == 0;
    }

    /**
     * Writes what each queued connection holds; one whose socket takes only part stays queued for the next flush
     * (Artio sees its slow consumer when the connection then accepts less). @return bytes written
     */
    int flush()
    {
        int written = 0;
        int kept = 0;
        for (int i = 0; i < count; i++)
        {
            final SentSequenceTrackingChannel channel = queued[i];
            written += channel.writePending();
            if (channel.hasPending())
            {
                queued[kept++] = channel;
            }
            else
            {
                channel.dequeued();
            }
        }
        for (int i = kept; i < count; i++)
        {
            queued[i] = null;
        }
        count = kept;
        return written;
    }
}
