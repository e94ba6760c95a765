package io.kairos.engine;

import static io.kairos.engine.ConfigChecks.isPrintableToken;
import static io.kairos.engine.ConfigChecks.require;
import static io.kairos.engine.ConfigChecks.requireAtLeast;

/**
 * Reference data for one instrument. Prices are fixed-point ({@link Prices}). Immutable; the
 * constructor refuses bad values with a message naming the field.
 *
 * @param symbol            FIX Symbol (55)
 * @param id                numeric id, unique, ≥ 0
 * @param partition         the partition whose matcher owns the book
 * @param tickSize          minimum price increment, fixed-point, &gt; 0
 * @param lotSize           quantities must be multiples of it, &gt; 0
 * @param referencePrice    centre of the price band, fixed-point, &gt; 0
 * @param priceBandPercent  limit prices must lie within this percentage of the reference price; 0 disables the band
 * @param maxOrderQty       largest order quantity accepted, in [lotSize, {@value #MAX_ORDER_QTY_LIMIT}]: with fewer
 *                          than 2^31 orders in a partition, no sum of quantities (level totals, FOK checks, L2 views)
 *                          can overflow a {@code long}
 * @param maxNotional       largest order value accepted, quantity × price in fixed-point price units ({@link Prices}),
 *                          in [1, {@value #MAX_NOTIONAL_LIMIT}]; a market order is valued at the reference price
 */
public record Instrument(
    String symbol, int id, int partition, long tickSize, long lotSize, long referencePrice, int priceBandPercent,
    long maxOrderQty, long maxNotional)
{
    /** Hard ceiling of {@code max-order-qty}: 2^31 orders of it sum to less than 2^63. */
    public static final long MAX_ORDER_QTY_LIMIT = 1_000_000_000L;
    /** Default {@code max-order-qty}: the ceiling. */
    public static final long DEFAULT_MAX_ORDER_QTY = MAX_ORDER_QTY_LIMIT;
    /** Hard ceiling of {@code max-notional}: 10^12 currency units, 10^18 in fixed point (below 2^63). */
    public static final long MAX_NOTIONAL_LIMIT = 1_000_000_000_000L * Prices.SCALE;
    /** Default {@code max-notional}: the ceiling. */
    public static final long DEFAULT_MAX_NOTIONAL = MAX_NOTIONAL_LIMIT;

    /** An instrument with the default {@link #DEFAULT_MAX_ORDER_QTY} and {@link #DEFAULT_MAX_NOTIONAL}. */
    public Instrument(
        final String symbol, final int id, final int partition, final long tickSize, final long lotSize,
        final long referencePrice, final int priceBandPercent)
    {
        this(symbol, id, partition, tickSize, lotSize, referencePrice, priceBandPercent,
            DEFAULT_MAX_ORDER_QTY, DEFAULT_MAX_NOTIONAL);
    }

    public Instrument
    {
        require(symbol != null && !symbol.isBlank(), "instrument symbol", "must not be empty");
        require(isPrintableToken(symbol), "instrument symbol", "must be printable ASCII without '='");
        requireAtLeast(id, 0, "instrument id");
        requireAtLeast(partition, 0, "instrument partition");
        require(tickSize > 0, "instrument tick-size", "must be > 0");
        require(lotSize > 0, "instrument lot-size", "must be > 0");
        require(referencePrice > 0, "instrument reference-price", "must be > 0");
        require(referencePrice % tickSize == 0, "instrument reference-price", "must be a multiple of tick-size");
        require(priceBandPercent >= 0 && priceBandPercent <= 1000, "instrument price-band-percent",
            "must be in [0, 1000]");
        require(maxOrderQty >= lotSize && maxOrderQty <= MAX_ORDER_QTY_LIMIT, "instrument max-order-qty",
            "must be in [lot-size, " + MAX_ORDER_QTY_LIMIT + "], was " + maxOrderQty);
        require(maxNotional >= 1 && maxNotional <= MAX_NOTIONAL_LIMIT, "instrument max-notional",
            "must be in [" + Prices.toString(1) + ", " + Prices.toString(MAX_NOTIONAL_LIMIT) + "], was " +
            Prices.toString(maxNotional));
    }

    /**
     * Whether {@code quantity} × {@code price} (fixed point) exceeds {@link #maxNotional}, computed without overflow.
     */
    public boolean exceedsMaxNotional(final long quantity, final long price)
    {
        return Math.multiplyHigh(quantity, price) != 0 || quantity * price < 0 || quantity * price > maxNotional;
    }

    /** Lowest limit price inside the band (inclusive). */
    public long bandLow()
    {
        return priceBandPercent == 0 ? Long.MIN_VALUE : referencePrice - referencePrice * priceBandPercent / 100;
    }

    /** Highest limit price inside the band (inclusive). */
    public long bandHigh()
    {
        return priceBandPercent == 0 ? Long.MAX_VALUE : referencePrice + referencePrice * priceBandPercent / 100;
    }
}
