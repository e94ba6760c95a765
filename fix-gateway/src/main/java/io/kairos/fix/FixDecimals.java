package io.kairos.fix;

import io.kairos.engine.Prices;
import uk.co.real_logic.artio.fields.ReadOnlyDecimalFloat;

/**
 * Converts Artio's decoded decimals to Kairos fixed-point values without allocating. Stateless.
 * Results that cannot be represented come back as {@link #INVALID}.
 */
final class FixDecimals
{
    /** Returned when a value has more decimals than the target scale or overflows a long. */
    static final long INVALID = Long.MIN_VALUE;

    private static final long[] POWERS_OF_TEN = new long[19];

    static
    {
        long power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++)
        {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private FixDecimals()
    {
    }

    /** @return the price in {@link Prices#SCALE}ths, or {@link #INVALID} when it needs more than 6 decimals. */
    static long toPrice(final ReadOnlyDecimalFloat value)
    {
        return rescale(value.value(), value.scale(), Prices.DECIMALS);
    }

    /** @return the quantity as whole units, or {@link #INVALID} when it has a fractional part. */
    static long toQuantity(final ReadOnlyDecimalFloat value)
    {
        return rescale(value.value(), value.scale(), 0);
    }

    static long rescale(final long value, final int scale, final int targetScale)
    {
        if (scale == targetScale)
        {
            return value;
        }
        if (scale < targetScale)
        {
            final int shift = targetScale - scale;
            if (shift >= POWERS_OF_TEN.length)
            {
                return value == 0 ? 0 : INVALID;
            }
            final long factor = POWERS_OF_TEN[shift];
            final long result = value * factor;
            return result / factor == value ? result : INVALID;
        }
        final int shift = scale - targetScale;
        if (shift >= POWERS_OF_TEN.length)
        {
            return value == 0 ? 0 : INVALID;
        }
        final long divisor = POWERS_OF_TEN[shift];
        return value % divisor == 0 ? value / divisor : INVALID;
    }
}
