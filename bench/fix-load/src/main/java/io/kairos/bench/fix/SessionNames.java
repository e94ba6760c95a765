package io.kairos.bench.fix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * CompIDs and passwords of numbered sessions from format patterns ({@code CLIENT%02d}, {@code client%02dpass}):
 * number 1 is CLIENT01/client01pass, number 130 is CLIENT130/client130pass, as the server's demo config names them.
 * Stateless.
 */
public final class SessionNames
{
    private SessionNames()
    {
    }

    public static List<String> compIds(final String format, final int first, final int count)
    {
        final List<String> names = new ArrayList<>(count);
        for (int i = first; i < first + count; i++)
        {
            names.add(String.format(Locale.ROOT, format, i));
        }
        return names;
    }

    /** Password of each session, in session order; empty when {@code passwordFormat} is null. */
    public static Map<String, String> passwords(final String compIdFormat, final String passwordFormat,
        final int first, final int count)
    {
        final Map<String, String> passwords = new LinkedHashMap<>();
        if (passwordFormat != null)
        {
            for (int i = first; i < first + count; i++)
            {
                passwords.put(String.format(Locale.ROOT, compIdFormat, i),
                    String.format(Locale.ROOT, passwordFormat, i));
            }
        }
        return passwords;
    }
}
