package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much a counter of the venue moved over a measured run, from the two scrapes of its Prometheus endpoint that
 * bench/bin/scenario writes into the load's directory ({@link JournalForceFigures#SCRAPE_BEFORE} and
 * {@link JournalForceFigures#SCRAPE_AFTER}): the after value minus the before value, summed over the counter's
 * series. Stateless.
 */
final class VenueCounters
{
    private VenueCounters()
    {
    }

    /** The counter's delta between the scrapes in {@code dir}; NaN when a scrape or the counter is missing. */
    static double delta(final Path dir, final String counter) throws IOException
    {
        final Path before = dir.resolve(JournalForceFigures.SCRAPE_BEFORE);
        final Path after = dir.resolve(JournalForceFigures.SCRAPE_AFTER);
        if (!Files.exists(before) || !Files.exists(after))
        {
            return Double.NaN;
        }
        return between(Files.readString(before, StandardCharsets.UTF_8),
            Files.readString(after, StandardCharsets.UTF_8), counter);
    }

    /** The counter's delta between two exposition texts; NaN when either lacks it. */
    static double between(final String before, final String after, final String counter)
    {
        return value(after, counter) - value(before, counter);
    }

    /** The counter's value summed over its series in a Prometheus text exposition, or NaN when it has none. */
    static double value(final String exposition, final String counter)
    {
        final Pattern line = Pattern.compile("^" + Pattern.quote(counter) + "(?:\\{[^}]*})?\\s+(\\S+)",
            Pattern.MULTILINE);
        final Matcher matcher = line.matcher(exposition);
        double sum = Double.NaN;
        while (matcher.find())
        {
            try
            {
                final double value = Double.parseDouble(matcher.group(1));
                sum = Double.isNaN(sum) ? value : sum + value;
            }
            catch (final NumberFormatException ex)
            {
                return Double.NaN;
            }
        }
        return sum;
    }
}
