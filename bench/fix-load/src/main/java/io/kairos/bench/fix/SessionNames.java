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
 *
 * <p>The constants are the venue's shipped names and ports (the server's default config), defined once for every
 * command that defaults to them (as Strings: picocli takes defaults as text).
 */
public final class SessionNames
{
    public static final String ORDER_ENTRY_PORT = "9880";
    public static final String MARKET_DATA_PORT = "9881";
    public static final String VENUE_COMP_ID = "KAIROS";
    public static final String MARKET_DATA_COMP_ID = "KAIROS-MD";
    public static final String CLIENT_COMP_ID_FORMAT = "CLIENT%02d";
    public static final String CLIENT_PASSWORD_FORMAT = "client%02dpass";
    public static final String MD_COMP_ID_FORMAT = "MD%02d";
    public static final String MD_PASSWORD_FORMAT = "md%02dpass";
    /** Order-entry and market-data sessions the shipped config has, ten of each. */
    public static final String SHIPPED_SESSIONS = "10";

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
