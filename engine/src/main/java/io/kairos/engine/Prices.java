package io.kairos.engine;

/**
 * Fixed-point prices: a price is a {@code long} number of {@link #SCALE}ths of a currency unit
 * (six decimals), so 101.25 is {@code 101_250_000}. Quantities are whole units. Stateless.
 */
public final class Prices
{
    public static final int DECIMALS = 6;
    public static final long SCALE = 1_000_000L;

    private Prices()
    {
    }

    /** Converts a decimal string such as "101.25" exactly; throws on more than {@link #DECIMALS} decimals. */
    public static long parse(final CharSequence text)
    {
        return parse(text, 0, text.length());
    }

    /** Parses {@code text[start, end)}; throws NumberFormatException with the offending text when invalid. */
    public static long parse(final CharSequence text, final int start, final int end)
    {
        if (start >= end)
        {
            throw new NumberFormatException("empty price");
        }
        int i = start;
        boolean negative = false;
        if (text.charAt(i) == '-')
        {
            negative = true;
            i++;
        }
        long units = 0;
        long fraction = 0;
        int decimals = -1;
        boolean digits = false;
        for (; i < end; i++)
        {
            final char c = text.charAt(i);
            if (c == '.' && decimals < 0)
            {
                decimals = 0;
            }
            else if (c >= '0' && c <= '9')
            {
                digits = true;
                if (decimals < 0)
                {
                    units = Math.addExact(Math.multiplyExact(units, 10), c - '0');
                }
                else if (++decimals <= DECIMALS)
                {
                    fraction = fraction * 10 + (c - '0');
                }
                else if (c != '0')
                {
                    throw new NumberFormatException("more than " + DECIMALS + " decimals: "
                        + text.subSequence(start, end));
                }
            }
            else
            {
                throw new NumberFormatException("not a price: " + text.subSequence(start, end));
            }
        }
        if (!digits)
        {
            throw new NumberFormatException("not a price: " + text.subSequence(start, end));
        }
        for (int d = Math.max(decimals, 0); d < DECIMALS; d++)
        {
            fraction *= 10;
        }
        final long value = Math.addExact(Math.multiplyExact(units, SCALE), fraction);
        return negative ? -value : value;
    }

    /**
     * Appends the decimal form (no trailing zeros beyond one decimal) to {@code out}; allocation-free for StringBuilder
     * with capacity.
     */
    public static StringBuilder append(final StringBuilder out, final long price)
    {
        long value = price;
        if (value < 0)
        {
            out.append('-');
            value = -value;
        }
        out.append(value / SCALE);
        long fraction = value % SCALE;
        if (fraction != 0)
        {
            out.append('.');
            long divisor = SCALE / 10;
            while (fraction != 0)
            {
                out.append((char)('0' + fraction / divisor));
                fraction %= divisor;
                divisor /= 10;
            }
        }
        return out;
    }

    /** Allocates: for config, tests and diagnostics. */
    public static String toString(final long price)
    {
        return append(new StringBuilder(24), price).toString();
    }
}
