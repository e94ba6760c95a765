package io.kairos.engine;

/**
 * The 128-bit sum of fill quantity × fill price behind an order's AvgPx: two {@code long}s, high and (unsigned) low
 * word, added with {@link Math#multiplyHigh} and a carry, so a fill of 10^11 shares at 190.00 (1.9 × 10^19 in fixed
 * point) neither wraps nor turns the average negative. Pure functions, allocation-free.
 */
final class WideNotional
{
    private WideNotional()
    {
    }

    /** Low word of {@code (high, low) + quantity × price}; quantity and price are non-negative. */
    static long addLow(final long low, final long quantity, final long price)
    {
        return low + quantity * price;
    }

    /** High word of {@code (high, low) + quantity × price}; quantity and price are non-negative. */
    static long addHigh(final long high, final long low, final long quantity, final long price)
    {
        final long productLow = quantity * price;
        final long sumLow = low + productLow;
        final long carry = Long.compareUnsigned(sumLow, low) < 0 ? 1 : 0;
        return high + Math.multiplyHigh(quantity, price) + carry;
    }

    /**
     * {@code (high, low) / divisor}, rounded half up, for a positive divisor and a quotient that fits in a
     * {@code long} (an average price always does: it lies between the lowest and highest fill price).
     */
    static long roundedQuotient(final long high, final long low, final long divisor)
    {
        long quotient;
        long remainder;
        if (high == 0 && low >= 0)
        {
            quotient = low / divisor;
            remainder = low % divisor;
        }
        else
        {
            quotient = 0;
            remainder = 0;
            for (int bit = 127; bit >= 0; bit--)
            {
                final long next = bit >= 64 ? (high >>> (bit - 64)) & 1 : (low >>> bit) & 1;
                remainder = (remainder << 1) | next; // remainder < divisor < 2^63 before the shift: no bit is lost
                quotient <<= 1;
                if (Long.compareUnsigned(remainder, divisor) >= 0)
                {
                    remainder -= divisor;
                    quotient |= 1;
                }
            }
        }
        return remainder >= divisor - divisor / 2 ? quotient + 1 : quotient;
    }
}
