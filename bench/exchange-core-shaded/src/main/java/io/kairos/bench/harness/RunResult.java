package io.kairos.bench.harness;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Properties;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

/**
 * What one engine did with one flow. Immutable once built (the histogram is not touched again).
 * Travels between JVMs as a small properties file ({@link #write}/{@link #read}) with the
 * histogram in HdrHistogram's compressed encoding.
 *
 * @param label                engine and durability mode
 * @param throughputCommands   commands in the throughput segment
 * @param throughputPerSecond  median over the trials of commands per second, first publish to last result, unthrottled
 * @param throughputMinPerSecond slowest trial
 * @param throughputMaxPerSecond fastest trial
 * @param offeredRatePerSecond fixed rate of the latency segment
 * @param latencyNs            publish-to-result latency of the latency segment, from planned send times, in ns
 * @param rejects              rejected commands over the whole flow (the flow's late cancels; equal across engines
 * expected)
 * @param fills                fills of resting orders over the whole flow (equal across engines expected)
 */
public record RunResult(
    String label, long throughputCommands, double throughputPerSecond, double throughputMinPerSecond,
    double throughputMaxPerSecond, long offeredRatePerSecond, Histogram latencyNs,
    long rejects, long fills)
{
    public double latencyMicros(final double percentile)
    {
        return latencyNs.getValueAtPercentile(percentile) / 1000.0;
    }

    public double maxMicros()
    {
        return latencyNs.getMaxValue() / 1000.0;
    }

    public void write(final Path file) throws IOException
    {
        final ByteBuffer buffer = ByteBuffer.allocate(latencyNs.getNeededByteBufferCapacity());
        final int length = latencyNs.encodeIntoCompressedByteBuffer(buffer);
        final Properties p = new Properties();
        p.setProperty("label", label);
        p.setProperty("throughputCommands", Long.toString(throughputCommands));
        p.setProperty("throughputPerSecond", Double.toString(throughputPerSecond));
        p.setProperty("throughputMinPerSecond", Double.toString(throughputMinPerSecond));
        p.setProperty("throughputMaxPerSecond", Double.toString(throughputMaxPerSecond));
        p.setProperty("offeredRatePerSecond", Long.toString(offeredRatePerSecond));
        p.setProperty("rejects", Long.toString(rejects));
        p.setProperty("fills", Long.toString(fills));
        p.setProperty("latencyNs", Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length)));
        try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            p.store(out, "Kairos bench run result");
        }
    }

    public static RunResult read(final Path file) throws IOException
    {
        final Properties p = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            p.load(in);
        }
        try
        {
            final Histogram histogram = Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(required(p, "latencyNs", file))), 0);
            return new RunResult(required(p, "label", file), Long.parseLong(required(p, "throughputCommands", file)),
                Double.parseDouble(required(p, "throughputPerSecond", file)),
                Double.parseDouble(required(p, "throughputMinPerSecond", file)),
                Double.parseDouble(required(p, "throughputMaxPerSecond", file)),
                Long.parseLong(required(p, "offeredRatePerSecond", file)),
                histogram, Long.parseLong(required(p, "rejects", file)), Long.parseLong(required(p, "fills", file)));
        }
        catch (final DataFormatException | RuntimeException e)
        {
            throw new IOException(file + ": unreadable run result: " + e, e);
        }
    }

    private static String required(final Properties p, final String key, final Path file) throws IOException
    {
        final String value = p.getProperty(key);
        if (value == null)
        {
            throw new IOException(file + ": run result lacks '" + key + "'");
        }
        return value;
    }
}
