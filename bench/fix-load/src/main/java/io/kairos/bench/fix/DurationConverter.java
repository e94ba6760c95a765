package io.kairos.bench.fix;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine;

/** Parses {@code 250ms}, {@code 20s}, {@code 2m} or a bare number of seconds into nanoseconds. Stateless. */
public final class DurationConverter implements CommandLine.ITypeConverter<Long>
{
    public Long convert(final String value)
    {
        return parseNs(value);
    }

    public static long parseNs(final String value)
    {
        final String text = value.trim().toLowerCase(Locale.ROOT);
        try
        {
            if (text.endsWith("ms"))
            {
                return TimeUnit.MILLISECONDS.toNanos(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            if (text.endsWith("us"))
            {
                return TimeUnit.MICROSECONDS.toNanos(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            if (text.endsWith("s"))
            {
                return TimeUnit.SECONDS.toNanos(Long.parseLong(text.substring(0, text.length() - 1)));
            }
            if (text.endsWith("m"))
            {
                return TimeUnit.MINUTES.toNanos(Long.parseLong(text.substring(0, text.length() - 1)));
            }
            return TimeUnit.SECONDS.toNanos(Long.parseLong(text));
        }
        catch (final NumberFormatException ex)
        {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration like 250ms, 20s or 2m");
        }
    }
}
