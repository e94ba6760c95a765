package io.kairos.md;

import io.kairos.fix.wire.FixWriter;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;

/**
 * The Netty side of a session's output: messages are copied, header, body and trailer, into the session's batch, a
 * pooled direct buffer that each flush hands to the channel as one write and that is reused once the channel has
 * written it (a buffer still queued behind a slow socket is left to the channel, and a new one taken). Why a copy and
 * not the zero-copy gathering write this used to do (header buffer, retained body duplicate, trailer duplicate: three
 * outbound entries a message): at 20,000 orders/s with ten subscribers those were ~1 M pooled-buffer and
 * outbound-entry recyclings a second, a third of the event loop; copying ~250 bytes costs less (bench/README.md,
 * "Market data fan-out"). Owned by the channel's event loop.
 */
final class ChannelBatch implements OutboundBatch
{
    /** A batch is flushed before it passes this size (a message larger than this goes alone). */
    static final int BATCH_BYTES = 16 * 1024;
    /**
     * A new batch starts this small and grows as messages are added: a batch queued behind a slow socket holds about
     * what it carries, not {@link #BATCH_BYTES} (a stalled subscriber queues one batch per update until it is cut off).
     */
    static final int FIRST_BATCH_BYTES = 1024;

    private final Channel channel;
    private final ChannelPromise voidPromise;
    private final Trailers trailers;
    /**
     * Hand batches to the pipeline's head, the TLS handler that encrypts them, rather than straight to the socket's
     * outbound buffer (which plain connections do to skip the pipeline's empty walk).
     */
    private final boolean throughPipeline;
    private ByteBuf batch;
    /** The batch was handed to the channel and may still be queued there: nothing more may be written into it. */
    private boolean batchHandedOver;
    private int unflushedMessages;

    ChannelBatch(final Channel channel, final Trailers trailers, final boolean throughPipeline)
    {
        this.channel = channel;
        voidPromise = channel.voidPromise();
        this.trailers = trailers;
        this.throughPipeline = throughPipeline;
    }

    /** Copies the header into the batch (first flushing a batch without room for the whole message). */
    @Override
    public void begin(final FixWriter head, final FixWriter tail, final int bodyLength)
    {
        final int messageLength = head.position() + tail.position() + bodyLength + Trailers.LENGTH;
        if (unflushedMessages > 0 && batch.readableBytes() + messageLength > BATCH_BYTES)
        {
            flush();
        }
        if (batchHandedOver)
        {
            reclaimBatch();
        }
        if (batch == null)
        {
            batch = channel.alloc().directBuffer(FIRST_BATCH_BYTES);
        }
        batch.ensureWritable(messageLength); // pooled reallocation while a new batch grows; none once it is reused
        batch.writeBytes(head.bytes(), 0, head.position()).writeBytes(tail.bytes(), 0, tail.position());
    }

    @Override
    public void body(final byte[] part, final int offset, final int length)
    {
        batch.writeBytes(part, offset, length);
    }

    @Override
    public void end(final int checksum)
    {
        trailers.write(batch, checksum);
        unflushedMessages++;
    }

    @Override
    public int unflushedMessages()
    {
        return unflushedMessages;
    }

    /**
     * Those of the open batch, plus the bytes in the channel's queue (what the socket has not taken) counted in
     * messages of {@link OutboundBatch#LIMIT_MESSAGE_BYTES}: batches are queued as bytes, and a batched incremental may
     * hold many entries, so a count at the session's own mean message size would let a slow subscriber hold many
     * times more memory under the same limit.
     */
    @Override
    public int pendingMessages()
    {
        final ChannelOutboundBuffer outbound = channel.unsafe().outboundBuffer();
        final long queuedBytes = outbound == null ? 0 : outbound.totalPendingWriteBytes();
        final long queued = (queuedBytes + OutboundBatch.LIMIT_MESSAGE_BYTES - 1) / OutboundBatch.LIMIT_MESSAGE_BYTES;
        return (int)Math.min(Integer.MAX_VALUE, queued + unflushedMessages);
    }

    /** Hands the open batch to the channel and flushes it to the socket. */
    @Override
    public void flush()
    {
        if (unflushedMessages == 0)
        {
            return;
        }
        unflushedMessages = 0;
        batchHandedOver = true;
        // the channel (or the TLS handler, once encrypted) releases its reference once written
        if (throughPipeline)
        {
            channel.write(batch.retain(), voidPromise);
        }
        else
        {
            channel.unsafe().write(batch.retain(), voidPromise);
        }
        channel.flush();
    }

    @Override
    public void release()
    {
        if (batch != null)
        {
            batch.release();
            batch = null;
            batchHandedOver = false;
            unflushedMessages = 0;
        }
    }

    /** Reuses the handed-over batch if the channel has written and released it, else leaves it to the channel. */
    private void reclaimBatch()
    {
        batchHandedOver = false;
        if (batch.refCnt() == 1)
        {
            batch.clear();
        }
        else
        {
            batch.release();
            batch = null;
        }
    }
}
