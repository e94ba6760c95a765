package io.kairos.md;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * Benchmark-facing entry point (used by {@code bench}'s JMH benchmarks, not by the gateway): the
 * gateway's own per-subscriber and per-view encoding steps around one typical L3 incremental
 * (a size-down of one order, 115-byte body), so their cost can be measured without a socket.
 * <ul>
 *   <li>{@link #encodeHeaderAndTrailer(int)}: what each subscriber costs — its header (8, 9, 35,
 *       49, 56, 34, 52), the checksum from the header sum plus the body's precomputed sum, and the
 *       pick of the cached trailer;</li>
 *   <li>{@link #writeShared()}: that plus copying header, body and trailer into the session's pooled
 *       batch, which goes to a Netty pipeline ({@code EmbeddedChannel}, no socket) as one write when it
 *       is full or flushed; {@link #releaseWritten()} flushes and frees what was written;</li>
 *   <li>{@link #encodeBody(long)}: the once-per-view work shared by every subscriber.</li>
 * </ul>
 * Construction allocates; the three operations do not. Owned by one thread; {@link #close()}
 * releases the buffers.
 */
public final class EncodeCostFixture implements AutoCloseable
{
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Trailers trailers = new Trailers();
    private final SessionWriter writer;
    private final FixWriter sendingTime = new FixWriter(SendingTimeEncoder.LENGTH);
    private final EntryWriter entries = new EntryWriter();
    private final FixWriter body = new FixWriter(512);
    private final L3ViewEncoder encoder = new L3ViewEncoder();
    private final BookUpdate update = new BookUpdate();
    private final byte[] symbol = "AAPL".getBytes(StandardCharsets.US_ASCII);
    private final byte[] shared;
    private final int bodyLength;
    private final int bodyChecksum;

    public EncodeCostFixture()
    {
        NettyDefaults.apply();
        channel.config().setAllocator(PooledByteBufAllocator.DEFAULT);
        final SessionState state = new SessionState("MD01", null);
        writer = new SessionWriter(new ChannelBatch(channel, trailers, false),
            "KAIROS-MD".getBytes(StandardCharsets.US_ASCII),
            state, new MdCounters(), new SystemEpochNanoClock());
        new SendingTimeEncoder().append(sendingTime, System.currentTimeMillis() * 1_000_000L);
        update.type = BookEvent.Type.MODIFY_KEEP_PRIORITY;
        update.side = Side.BUY;
        update.orderId = 4_294_967_301L;
        update.price = 99_990_000;
        update.quantity = 60;
        update.engineInNs = 1_763_790_000_123_456_789L;
        update.engineOutNs = update.engineInNs + 850;
        encodeBody(0);
        bodyLength = body.position();
        bodyChecksum = body.checksum(0, body.position());
        shared = Arrays.copyOf(body.bytes(), bodyLength);
    }

    /** Bytes of the shared incremental body. */
    public int bodyLength()
    {
        return bodyLength;
    }

    /** One subscriber's header and trailer for the shared body. @return the trailer's checksum (keep it). */
    public int encodeHeaderAndTrailer(final int msgSeqNum)
    {
        final int checksum = writer.encodeHeader((byte)MsgTypes.MARKET_DATA_INCREMENTAL_REFRESH, msgSeqNum,
            sendingTime.bytes(), false, bodyLength) + bodyChecksum;
        return trailers.byteAt(checksum, 3);
    }

    /** One subscriber's message copied into its batch: header, shared body, trailer (not flushed). */
    public void writeShared()
    {
        writer.sendShared((byte)MsgTypes.MARKET_DATA_INCREMENTAL_REFRESH, shared, bodyLength, bodyChecksum,
            sendingTime.bytes());
    }

    /** Flushes what {@link #writeShared()} wrote and releases it (outside what a subscriber costs). */
    public void releaseWritten()
    {
        writer.flush();
        channel.releaseOutbound();
    }

    /** The per-view body (21002, 21003, 268 and the L3 entry) encoded once. @return its checksum. */
    public int encodeBody(final long rptSeq)
    {
        entries.begin(symbol, EntryWriter.ALL_TYPES_MASK, rptSeq);
        encoder.encodeUpdate(update, null, entries);
        entries.incrementalBody(body, update.engineInNs, update.engineOutNs);
        return body.checksum(0, body.position());
    }

    @Override
    public void close()
    {
        releaseWritten();
        channel.finishAndReleaseAll();
    }
}
