package io.kairos.bench.orderentry;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.kairos.fix.InboundFrameGuard;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the order-entry port's framer thread pays per NewOrderSingle before Artio sees it: {@link InboundFrameGuard}
 * stepping through the frame's header and summing its body, on the order the lean load generator sends, read from a
 * direct buffer as the framer's socket reads are. Owned by the one benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class InboundFrameGuardBenchmark
{
    private final InboundFrameGuard guard = new InboundFrameGuard();
    private final ByteBuffer frame;
    private final int length;

    public InboundFrameGuardBenchmark()
    {
        final String body = OrderDecodeBenchmark.NEW_ORDER_SINGLE.replace('|', '\u0001');
        final String fields = body.substring(body.indexOf("35="), body.indexOf("10="));
        final String head = "8=FIX.4.4\u00019=" + fields.length() + "\u0001" + fields;
        int sum = 0;
        for (int i = 0; i < head.length(); i++)
        {
            sum += head.charAt(i);
        }
        final byte[] bytes = (head + String.format("10=%03d\u0001", sum & 0xFF)).getBytes(StandardCharsets.US_ASCII);
        frame = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        length = bytes.length;
    }

    /** One whole order through the guard; it must stay accepted (a refusal would end the benchmark's meaning). */
    @Benchmark
    public boolean order()
    {
        if (!guard.onBytes(frame, 0, length))
        {
            throw new IllegalStateException("the guard refused a valid order");
        }
        return true;
    }
}
