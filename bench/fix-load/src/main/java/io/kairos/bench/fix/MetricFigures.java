package io.kairos.bench.fix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One latency metric's figures in microseconds (NaN where unknown), read from a latency-tool report directory
 * ({@code summary.txt} table row and {@code NAME.hgrm} mean) or a fix-load {@code summary.properties}. Immutable.
 *
 * @param count number of samples (0: the metric is absent)
 */
public record MetricFigures(long count, double p50, double p90, double p99, double mean)
{
    public static final MetricFigures ABSENT = new MetricFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    private static final Pattern MEAN = Pattern.compile("#\\[Mean\\s*=\\s*([0-9.eE+-]+)");

    public boolean present()
    {
        return count > 0;
    }

    /**
     * Reads {@code metric} from a latency-tool output directory: the row of the console table in summary.txt
     * ({@code name count min 50% 90% 99% 99.9% 99.99% max}) and the mean line of {@code metric.hgrm}.
     */
    public static MetricFigures fromLatencyTool(final Path reportDir, final String metric) throws IOException
    {
        final Path summary = reportDir.resolve("summary.txt");
        if (!Files.exists(summary))
        {
            return ABSENT;
        }
        return fromLatencyToolSummary(Files.readAllLines(summary, StandardCharsets.UTF_8), metric,
            readMean(reportDir.resolve(metric + ".hgrm")));
    }

    static MetricFigures fromLatencyToolSummary(final List<String> lines, final String metric, final double mean)
    {
        for (final String line : lines)
        {
            final String[] columns = line.trim().split("\\s+");
            if (columns.length >= 9 && columns[0].equals(metric))
            {
                try
                {
                    final long count = Long.parseLong(columns[1]);
                    return count == 0 ? ABSENT : new MetricFigures(count, Double.parseDouble(columns[3]),
                        Double.parseDouble(columns[4]), Double.parseDouble(columns[5]), mean);
                }
                catch (final NumberFormatException ex)
                {
                    return ABSENT;
                }
            }
        }
        return ABSENT;
    }

    static double readMean(final Path hgrm) throws IOException
    {
        if (!Files.exists(hgrm))
        {
            return Double.NaN;
        }
        final Matcher matcher = MEAN.matcher(Files.readString(hgrm, StandardCharsets.UTF_8));
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : Double.NaN;
    }

    /** Reads {@code metric} (e.g. {@code order-ack}) from a fix-load output directory's summary.properties. */
    public static MetricFigures fromLoad(final Path loadDir, final String metric) throws IOException
    {
        final Properties properties = loadSummary(loadDir);
        final long count = Long.parseLong(properties.getProperty(metric + ".count", "0"));
        if (count == 0)
        {
            return ABSENT;
        }
        return new MetricFigures(count, number(properties, metric + ".p50.us"), number(properties, metric + ".p90.us"),
            number(properties, metric + ".p99.us"), number(properties, metric + ".mean.us"));
    }

    static Properties loadSummary(final Path loadDir) throws IOException
    {
        final Properties properties = new Properties();
        final Path file = loadDir.resolve("summary.properties");
        if (Files.exists(file))
        {
            try (InputStream in = Files.newInputStream(file))
            {
                properties.load(in);
            }
        }
        return properties;
    }

    private static double number(final Properties properties, final String key)
    {
        final String value = properties.getProperty(key);
        return value == null ? Double.NaN : Double.parseDouble(value);
    }

    /** {@code p50 / p90 / p99} with one decimal, or {@code n/a}. */
    public String percentiles()
    {
        return present() ? String.format(Locale.ROOT, "%.1f / %.1f / %.1f", p50, p90, p99) : "n/a";
    }

    /** Each percentile of this divided by the same of {@code floor}, e.g. {@code 1.4x / 1.2x / 1.1x}. */
    public String ratios(final MetricFigures floor)
    {
        if (!present() || !floor.present())
        {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%s / %s / %s", ratio(p50, floor.p50), ratio(p90, floor.p90),
            ratio(p99, floor.p99));
    }

    static String ratio(final double value, final double base)
    {
        return Double.isNaN(value) || Double.isNaN(base) || base <= 0 ? "n/a" :
            String.format(Locale.ROOT, "%.1fx", value / base);
    }
}
