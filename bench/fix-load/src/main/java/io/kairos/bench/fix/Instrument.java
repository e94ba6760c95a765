package io.kairos.bench.fix;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One instrument the load trades: symbol, mid price (where limit prices centre), tick size and lot size, prices in
 * micro units (6 decimals, as the engine's fixed-point prices). Immutable.
 *
 * @param symbol     FIX Symbol (55)
 * @param midMicros  mid price × 10^6 (the venue's reference price)
 * @param tickMicros tick size × 10^6
 * @param lotSize    quantities are whole multiples of it
 */
public record Instrument(String symbol, long midMicros, long tickMicros, long lotSize)
{
    /** Prefix of a generated instrument list: {@code gen:1000} is S0001..S1000 at 100.00, tick 0.01, lot 1. */
    public static final String GENERATED_PREFIX = "gen:";
    /** Prices are fixed-point numbers in micro units: six decimals. */
    public static final int PRICE_DECIMALS = 6;

    /** The demo instruments shipped in the server's default config. */
    public static final String DEMO_LIST =
        "AAPL:190.00:0.01:1,MSFT:420.00:0.01:1,AMZN:180.00:0.01:1,GOOG:170.00:0.01:1,TSLA:250.00:0.05:1," +
        "NVDA:120.00:0.01:10";

    public Instrument
    {
        if (symbol == null || symbol.isEmpty() || symbol.indexOf('\u0001') >= 0)
        {
            throw new IllegalArgumentException("instrument symbol must be non-empty FIX text, was '" + symbol + "'");
        }
        if (tickMicros <= 0 || lotSize <= 0 || midMicros <= 0 || midMicros % tickMicros != 0)
        {
            throw new IllegalArgumentException("instrument " + symbol + ": mid, tick and lot must be positive and " +
                "the mid a multiple of the tick");
        }
    }

    /**
     * Parses {@code SYM:MID:TICK:LOT[,...]} (e.g. {@code AAPL:190.00:0.01:1}) or {@code gen:COUNT}.
     *
     * @throws IllegalArgumentException naming the item that is wrong
     */
    public static List<Instrument> parseList(final String text)
    {
        final String trimmed = text.trim();
        if (trimmed.startsWith(GENERATED_PREFIX))
        {
            return generated(Integer.parseInt(trimmed.substring(GENERATED_PREFIX.length()).trim()));
        }
        final List<Instrument> instruments = new ArrayList<>();
        for (final String item : trimmed.split(","))
        {
            final String[] parts = item.trim().split(":");
            if (parts.length != 4)
            {
                throw new IllegalArgumentException("instrument '" + item + "' is not SYMBOL:MID:TICK:LOT");
            }
            try
            {
                instruments.add(new Instrument(parts[0], micros(parts[1]), micros(parts[2]), Long.parseLong(parts[3])));
            }
            catch (final NumberFormatException | ArithmeticException ex)
            {
                throw new IllegalArgumentException("instrument '" + item + "' has a bad number: " + ex.getMessage(),
                    ex);
            }
        }
        return List.copyOf(instruments);
    }

    /** {@code count} instruments S0001.. at 100.00, tick 0.01, lot 1 (the scenario runner's books). */
    public static List<Instrument> generated(final int count)
    {
        if (count < 1 || count > 99_999)
        {
            throw new IllegalArgumentException("generated instrument count must be in [1, 99999], was " + count);
        }
        final List<Instrument> instruments = new ArrayList<>(count);
        for (int i = 1; i <= count; i++)
        {
            instruments.add(new Instrument(String.format(Locale.ROOT, "S%04d", i), 100_000_000, 10_000, 1));
        }
        return List.copyOf(instruments);
    }

    /** Decimal text (at most 6 decimals) to micro units. */
    public static long micros(final String decimal)
    {
        return new BigDecimal(decimal.trim()).movePointRight(PRICE_DECIMALS).longValueExact();
    }

    /** Micro units to the shortest decimal text (e.g. 190010000 → "190.01"). Allocates. */
    public static String decimal(final long micros)
    {
        return BigDecimal.valueOf(micros, PRICE_DECIMALS).stripTrailingZeros().toPlainString();
    }
}
