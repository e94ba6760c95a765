package io.kairos.bench.exchangecore;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import exchange.core2.core.common.CoreWaitStrategy;

/**
 * The {@code --name value} pairs of a child JVM main's command line ({@link ExchangeCoreRunner},
 * {@link ExchangeCoreReplayRunner}): every name must be one the main knows and needs a value; the last of a repeated
 * name wins. Bad input is an {@link IllegalArgumentException} naming the option, as is a value that does not parse,
 * which the mains turn into exit status 2 ({@link #refuse}). Used by the main thread only.
 */
final class ChildOptions
{
    private final Map<String, String> values = new HashMap<>();

    ChildOptions(final String[] args, final String... known)
    {
        final List<String> names = List.of(known);
        for (int i = 0; i < args.length; i += 2)
        {
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            if (!names.contains(args[i]))
            {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
            values.put(args[i], args[i + 1]);
        }
    }

    /** The option's value, or {@code otherwise} when it was not given. */
    String value(final String name, final String otherwise)
    {
        return values.getOrDefault(name, otherwise);
    }

    /** The option's value as a path, or null when it was not given. */
    Path path(final String name)
    {
        final String value = values.get(name);
        return value == null ? null : Path.of(value);
    }

    long longValue(final String name, final long otherwise)
    {
        final String value = values.get(name);
        return value == null ? otherwise : Long.parseLong(value);
    }

    int intValue(final String name, final int otherwise)
    {
        final String value = values.get(name);
        return value == null ? otherwise : Integer.parseInt(value);
    }

    /** The {@code --wait} option: an exchange-core {@link CoreWaitStrategy} name in any case, or {@code otherwise}. */
    String waitStrategy(final CoreWaitStrategy otherwise)
    {
        return CoreWaitStrategy.valueOf(value("--wait", otherwise.name()).toUpperCase(Locale.ROOT)).name();
    }

    /** Refuses a child main's arguments: says why on standard error and exits with status 2. */
    static void refuse(final String main, final IllegalArgumentException e)
    {
        System.err.println(main + ": " + e.getMessage());
        System.exit(2);
    }
}
