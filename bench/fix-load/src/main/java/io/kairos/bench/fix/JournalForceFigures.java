package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The venue's journal force (fsync) time over a measured run, from two scrapes of its Prometheus endpoint: the
 * histogram {@value #METRIC} (a Micrometer Timer with a percentile histogram, one series per {@code partition}),
 * read just before and just after the run. The bucket counts of the second minus those of the first, summed over the
 * partitions, are the forces of the run; p50 and p99 are interpolated inside their bucket as Prometheus'
 * {@code histogram_quantile} does (linearly, from the bucket's lower bound; the +Inf bucket answers with the highest
 * finite bound). Immutable.
 *
 * @param state     what the figures are: {@link State#MEASURED} or why there are none
 * @param forces    forces in the run (all partitions)
 * @param p50Micros median force time in microseconds (NaN without forces; the mean with {@link State#MEAN_ONLY})
 * @param p99Micros 99th percentile in microseconds (NaN without forces)
 * @param longestMicros the upper bound of the bucket that holds the run's slowest force, in microseconds (the
 *                  highest finite bound when it is past all of them; NaN without buckets). One force of 100 ms
 *                  holds up every order of those 100 ms, so it moves the orders' p99 where it hardly moves the
 *                  forces' own.
 */
public record JournalForceFigures(State state, long forces, double p50Micros, double p99Micros, double longestMicros)
{
    public static final String METRIC = "kairos_journal_force_seconds";
    public static final String SCRAPE_BEFORE = "venue-metrics-before.txt";
    public static final String SCRAPE_AFTER = "venue-metrics-after.txt";

    private static final Pattern BUCKET = Pattern.compile("^" + METRIC + "_bucket\\{([^}]*)}\\s+(\\S+)");
    private static final Pattern COUNT_OR_SUM = Pattern.compile("^" + METRIC + "_(count|sum)(?:\\{[^}]*})?\\s+(\\S+)");
    private static final Pattern LE = Pattern.compile("(?:^|,)\\s*le\\s*=\\s*\"([^\"]*)\"");

    /** Why a run has figures or not. */
    public enum State
    {
        /** The count moved: p50 and p99 are known. */
        MEASURED,
        /** The venue exports the histogram but no force happened in the run (the journal is not in sync mode). */
        NO_FORCES,
        /** Forces happened but the venue exports no buckets (a Timer without percentile histogram): the mean. */
        MEAN_ONLY,
        /** The after-scrape has no such histogram (an older venue, or the scrape failed). */
        NOT_EXPORTED,
        /** A count went down: the venue restarted between the scrapes. */
        RESET
    }

    /** The figures between two exposition texts (Prometheus text format 0.0.4 or OpenMetrics). */
    public static JournalForceFigures between(final String before, final String after)
    {
        final Map<String, Map<Double, Double>> start = buckets(before);
        final Map<String, Map<Double, Double>> end = buckets(after);
        if (end.isEmpty())
        {
            return withoutBuckets(before, after);
        }
        // cumulative count per upper bound, summed over the series (partitions)
        final TreeMap<Double, Double> delta = new TreeMap<>();
        for (final Map.Entry<String, Map<Double, Double>> series : end.entrySet())
        {
            final Map<Double, Double> earlier = start.getOrDefault(series.getKey(), Map.of());
            for (final Map.Entry<Double, Double> bucket : series.getValue().entrySet())
            {
                final double moved = bucket.getValue() - earlier.getOrDefault(bucket.getKey(), 0.0);
                if (moved < 0)
                {
                    return none(State.RESET);
                }
                delta.merge(bucket.getKey(), moved, Double::sum);
            }
        }
        final double total = delta.lastEntry().getValue();
        if (total <= 0)
        {
            return none(State.NO_FORCES);
        }
        return new JournalForceFigures(State.MEASURED, Math.round(total), quantile(0.5, delta) * 1e6,
            quantile(0.99, delta) * 1e6, quantile(1.0, delta) * 1e6);
    }

    private static JournalForceFigures none(final State state)
    {
        return new JournalForceFigures(state, 0, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * The figures between the scrapes {@code venue-metrics-before.txt} and {@code venue-metrics-after.txt} of a
     * directory (bench/bin/scenario and bench/bin/fix-load write them into the load's --out directory), or null when
     * the directory has none (a run against another peer).
     */
    public static JournalForceFigures fromScrapes(final Path dir) throws IOException
    {
        final Path before = dir.resolve(SCRAPE_BEFORE);
        final Path after = dir.resolve(SCRAPE_AFTER);
        if (!Files.exists(before) || !Files.exists(after))
        {
            return null;
        }
        return between(Files.readString(before, StandardCharsets.UTF_8),
            Files.readString(after, StandardCharsets.UTF_8));
    }

    /**
     * A Timer without its percentile histogram exports only {@code _count}, {@code _sum} and {@code _max}: then the
     * run's mean (in the p50 field) is all there is, or the same answers as with buckets when nothing moved.
     */
    private static JournalForceFigures withoutBuckets(final String before, final String after)
    {
        final double[] start = countAndSum(before);
        final double[] end = countAndSum(after);
        if (Double.isNaN(end[0]))
        {
            return none(State.NOT_EXPORTED);
        }
        final double forces = end[0] - (Double.isNaN(start[0]) ? 0 : start[0]);
        final double seconds = end[1] - (Double.isNaN(start[1]) ? 0 : start[1]);
        if (forces < 0)
        {
            return none(State.RESET);
        }
        return forces == 0 ? none(State.NO_FORCES) :
            new JournalForceFigures(
                State.MEAN_ONLY, Math.round(forces), seconds / forces * 1e6, Double.NaN, Double.NaN);
    }

    /** The {@code _count} and {@code _sum} of every series added up; NaN when there is no {@code _count}. */
    static double[] countAndSum(final String exposition)
    {
        final double[] totals = {Double.NaN, 0};
        for (final String line : exposition.split("\n"))
        {
            final Matcher matcher = COUNT_OR_SUM.matcher(line.trim());
            if (matcher.find())
            {
                final double value = Double.parseDouble(matcher.group(2));
                if ("count".equals(matcher.group(1)))
                {
                    totals[0] = (Double.isNaN(totals[0]) ? 0 : totals[0]) + value;
                }
                else
                {
                    totals[1] += value;
                }
            }
        }
        return totals;
    }

    /** Series (labels without le) to cumulative count per upper bound (seconds; +Inf as infinity). */
    static Map<String, Map<Double, Double>> buckets(final String exposition)
    {
        final Map<String, Map<Double, Double>> series = new TreeMap<>();
        for (final String line : exposition.split("\n"))
        {
            final Matcher bucket = BUCKET.matcher(line.trim());
            if (!bucket.find())
            {
                continue;
            }
            final String labels = bucket.group(1);
            final Matcher le = LE.matcher(labels);
            if (!le.find())
            {
                continue;
            }
            final double bound = "+Inf".equals(le.group(1)) ? Double.POSITIVE_INFINITY :
                Double.parseDouble(le.group(1));
            final String key = labels.substring(0, le.start()) + labels.substring(le.end());
            series.computeIfAbsent(key, k -> new TreeMap<>()).put(bound, Double.parseDouble(bucket.group(2)));
        }
        return series;
    }

    /** histogram_quantile over cumulative counts by upper bound, in seconds. */
    static double quantile(final double q, final TreeMap<Double, Double> cumulative)
    {
        final double rank = q * cumulative.lastEntry().getValue();
        double lowerBound = 0;
        double lowerCount = 0;
        for (final Map.Entry<Double, Double> bucket : cumulative.entrySet())
        {
            if (bucket.getValue() >= rank && bucket.getValue() > lowerCount)
            {
                if (bucket.getKey() == Double.POSITIVE_INFINITY)
                {
                    return lowerBound;
                }
                return lowerBound + (bucket.getKey() - lowerBound) * (rank - lowerCount) /
                    (bucket.getValue() - lowerCount);
            }
            lowerBound = bucket.getKey();
            lowerCount = bucket.getValue();
        }
        return lowerBound;
    }

    /** One line for the result tables, e.g. {@code force p50/p99: 812.4 / 2301.0 us, longest <= 4194 us (...)}. */
    public String describe()
    {
        return switch (state)
        {
            case MEASURED -> String.format(Locale.ROOT, "force p50/p99: %.1f / %.1f us, longest <= %.0f us (%,d " +
                "journal forces in the measured run, all partitions; %s)", p50Micros, p99Micros, longestMicros, forces,
                METRIC);
            case MEAN_ONLY -> String.format(Locale.ROOT, "force p50/p99: n/a (the venue's %s has no buckets); " +
                "mean %.1f us over %,d journal forces in the measured run", METRIC, p50Micros, forces);
            case NO_FORCES -> "force p50/p99: n/a (journal not in sync mode)";
            case NOT_EXPORTED -> "force p50/p99: n/a (the venue's metrics have no " + METRIC + ")";
            case RESET -> "force p50/p99: n/a (the venue restarted during the run)";
        };
    }
}
