package io.kairos.bench.orderentry;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.kairos.fix.codecs.decoder.NewOrderSingleDecoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * What the order-entry gateway does with every NewOrderSingle before reading its fields: Artio's generated decoder's
 * {@code reset()}, {@code decode()} and {@code validate()}, on the message the lean load generator sends. The same
 * benchmark in two forks: with HotSpot's default {@code -XX:+DontCompileHugeMethods} the 8,370-byte {@code decode}
 * is never JIT-compiled; with {@code -XX:-DontCompileHugeMethods} (what {@code bin/kairos-server} runs with) it is
 * (io.kairos.fix.DecoderCompilation). Owned by the one benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class OrderDecodeBenchmark
{
    static final String NEW_ORDER_SINGLE = "8=FIX.4.4|9=150|35=D|34=12345|49=CLIENT01|52=20261127-03:10:11.123456|" +
        "56=KAIROS|11=ORD000000001234|21=1|40=2|54=1|59=0|60=20261127-03:10:11.123456|55=AAPL|38=100|44=190.25|" +
        "10=123|";

    private final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();
    private final MutableAsciiBuffer buffer;
    private final int length;

    public OrderDecodeBenchmark()
    {
        final byte[] bytes = NEW_ORDER_SINGLE.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        buffer = new MutableAsciiBuffer(bytes);
        length = bytes.length;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-XX:+DontCompileHugeMethods")
    public boolean decodeInterpreted()
    {
        return decode();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-XX:-DontCompileHugeMethods")
    public boolean decodeCompiled()
    {
        return decode();
    }

    private boolean decode()
    {
        decoder.reset();
        decoder.decode(buffer, 0, length);
        if (!decoder.validate())
        {
            throw new IllegalStateException("tag " + decoder.invalidTagId() + " reason " + decoder.rejectReason());
        }
        return decoder.hasPrice();
    }
}
