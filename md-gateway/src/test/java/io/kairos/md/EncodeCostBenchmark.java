package io.kairos.md;

import java.util.Arrays;

import io.kairos.engine.BookEvent;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * JMH-free harness for the per-subscriber cost of one incremental: (1) encoding the session's
 * header and picking its trailer, and (2) that plus the three buffer writes through a Netty
 * pipeline (an EmbeddedChannel: no socket), against the once-per-view cost of encoding the body.
 * Prints the median of 2 000 batches of 1 000 operations, in ns per operation. Run:
 * {@code java -cp <test classpath> io.kairos.md.EncodeCostBenchmark}. Single-threaded.
 */
public final class EncodeCostBenchmark
{
    private static final int BATCH = 1_000;
    private static final int BATCHES = 2_000;

    private EncodeCostBenchmark()
    {
    }

    public static void main(final String[] args)
    {
        NettyDefaults.apply();
        final MdCounters counters = new MdCounters();
        final EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setAllocator(PooledByteBufAllocator.DEFAULT);
        final Trailers trailers = new Trailers(PooledByteBufAllocator.DEFAULT);
        final SessionState state = new SessionState(new MdSessionConfig("MD01", "md01pass"));
        final SessionWriter writer = new SessionWriter(channel, "KAIROS-MD".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            state, trailers, counters, new SystemEpochNanoClock());
        final FixBuffer sendingTime = new FixBuffer(SendingTimeEncoder.LENGTH);
        new SendingTimeEncoder().append(sendingTime, System.currentTimeMillis() * 1_000_000L);

        final BodyFixture body = new BodyFixture();
        final ByteBuf shared = PooledByteBufAllocator.DEFAULT.directBuffer(body.length);
        shared.writeBytes(body.bytes, 0, body.length);

        final long[] header = new long[BATCHES];
        final long[] write = new long[BATCHES];
        final long[] encodeBody = new long[BATCHES];
        int sink = 0;
        for (int round = 0; round < 2; round++)
        {
            for (int b = 0; b < BATCHES; b++)
            {
                long start = System.nanoTime();
                for (int i = 0; i < BATCH; i++)
                {
                    sink += writer.encodeHeader((byte)'X', 1_000_000 + i, sendingTime.bytes(), false, body.length);
                    sink += trailers.trailer(sink).release() ? 1 : 0;
                }
                header[b] = System.nanoTime() - start;

                start = System.nanoTime();
                for (int i = 0; i < BATCH; i++)
                {
                    writer.sendShared((byte)'X', shared, body.length, body.checksum, sendingTime.bytes());
                }
                write[b] = System.nanoTime() - start;
                writer.flush();
                channel.releaseOutbound();

                start = System.nanoTime();
                for (int i = 0; i < BATCH; i++)
                {
                    sink += body.encode(i);
                }
                encodeBody[b] = System.nanoTime() - start;
            }
        }
        System.out.printf("per subscriber: header+trailer %d ns, header+trailer+3 pipeline writes %d ns; per view: body encode %d ns" +
            " (body %d bytes, sink %d)%n", median(header), median(write), median(encodeBody), body.length, sink & 1);
        shared.release();
        trailers.release();
        channel.finishAndReleaseAll();
    }

    private static long median(final long[] batchNs)
    {
        final long[] sorted = batchNs.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / BATCH;
    }

    /** A typical L3 incremental body (size-down of one order) encoded with the gateway's own writer. */
    private static final class BodyFixture
    {
        private final EntryWriter entries = new EntryWriter();
        private final FixBuffer out = new FixBuffer(512);
        private final L3ViewEncoder encoder = new L3ViewEncoder();
        private final BookUpdate update = new BookUpdate();
        private final byte[] symbol = "AAPL".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        final byte[] bytes;
        final int length;
        final int checksum;

        BodyFixture()
        {
            update.type = BookEvent.Type.MODIFY_KEEP_PRIORITY;
            update.side = io.kairos.engine.Side.BUY;
            update.orderId = 4_294_967_301L;
            update.price = 99_990_000;
            update.quantity = 60;
            update.engineInNs = 1_763_790_000_123_456_789L;
            update.engineOutNs = update.engineInNs + 850;
            encode(0);
            bytes = Arrays.copyOf(out.bytes(), out.length());
            length = out.length();
            checksum = out.checksum();
        }

        int encode(final long rptSeq)
        {
            entries.begin(symbol, EntryWriter.ALL_TYPES_MASK, rptSeq);
            encoder.encodeUpdate(update, null, entries);
            final FixBuffer e = entries.buffer();
            out.reset().field(21002, update.engineInNs).field(21003, update.engineOutNs).field(268, entries.count())
                .appendBytes(e.bytes(), 0, e.length());
            return out.checksum();
        }
    }
}
