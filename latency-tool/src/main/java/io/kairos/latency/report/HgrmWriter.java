package io.kairos.latency.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.latency.correlate.LatencyMetric;

/**
 * Writes each non-empty metric as an HdrHistogram percentile distribution ({@code NAME.hgrm}, values in µs).
 * Stateless; runs once after the analysis on the calling thread.
 */
public final class HgrmWriter
{
    private HgrmWriter()
    {
    }

    public static int write(final Iterable<LatencyMetric> metrics, final Path directory) throws IOException
    {
        int files = 0;
        for (final LatencyMetric metric : metrics)
        {
            if (metric.histogram().getTotalCount() == 0)
            {
                continue;
            }
            try (PrintStream out = new PrintStream(Files.newOutputStream(directory.resolve(metric.name() + ".hgrm")),
                false, java.nio.charset.StandardCharsets.UTF_8))
            {
                out.printf("#[%s: values in microseconds (us), recorded in ns, scaled by 1000]%n", metric.name());
                if (metric.signed())
                {
                    out.printf("#[signed metric: only its %d non-negative values are below; %d negative values are " +
                        "in orders.csv and the console table]%n", metric.count() - metric.negatives(),
                        metric.negatives());
                }
                metric.histogram().outputPercentileDistribution(out, 5, 1000.0);
            }
            files++;
        }
        return files;
    }
}
