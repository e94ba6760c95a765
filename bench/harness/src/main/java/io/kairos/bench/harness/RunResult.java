package io.kairos.bench.harness;

import java.io.IOException;
import java.nio.ByteBuffer;
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
        ResultFile.write(p, file, "run result");
    }

    public static RunResult read(final Path file) throws IOException
    {
        final ResultFile in = ResultFile.read(file, "run result");
        try
        {
            final Histogram histogram = Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(in.required("latencyNs"))), 0);
            return new RunResult(in.required("label"), Long.parseLong(in.required("throughputCommands")),
                Double.parseDouble(in.required("throughputPerSecond")),
                Double.parseDouble(in.required("throughputMinPerSecond")),
                Double.parseDouble(in.required("throughputMaxPerSecond")),
                Long.parseLong(in.required("offeredRatePerSecond")),
                histogram, Long.parseLong(in.required("rejects")), Long.parseLong(in.required("fills")));
        }
        catch (final DataFormatException | RuntimeException e)
        {
            throw new IOException(file + ": unreadable run result: " + e, e);
        }
    }
}
