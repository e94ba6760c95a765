package io.kairos.engine;

import static io.kairos.engine.ConfigChecks.isPrintableToken;

/**
 * Reference data for one instrument. Prices are fixed-point ({@link Prices}). Immutable; the
 * constructor refuses bad values with a {@link ConfigValueException} carrying the server key of the field
 * ({@code instrument.<SYM>.<field>}, {@link #propName}); its message names the field ({@code instrument tick-size}).
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
    /** The server key listing the symbols; each symbol's settings are {@code instrument.<SYM>.<field>}. */
    public static final String INSTRUMENTS_PROP_NAME = "instruments";
    /** Fields of {@code instrument.<SYM>.<field>} ({@link #propName}). */
    public static final String ID_FIELD = "id";
    public static final String PARTITION_FIELD = "partition";
    public static final String TICK_SIZE_FIELD = "tick-size";
    public static final String LOT_SIZE_FIELD = "lot-size";
    public static final String REFERENCE_PRICE_FIELD = "reference-price";
    public static final String PRICE_BAND_PERCENT_FIELD = "price-band-percent";
    public static final String MAX_ORDER_QTY_FIELD = "max-order-qty";
    public static final String MAX_NOTIONAL_FIELD = "max-notional";
    private static final String PROP_PREFIX = "instrument.";

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
        check(symbol != null && !symbol.isBlank(), symbol, "symbol", "must not be empty");
        check(isPrintableToken(symbol), symbol, "symbol", "must be printable ASCII without '='");
        check(id >= 0, symbol, ID_FIELD, "must be >= 0, was " + id);
        check(partition >= 0, symbol, PARTITION_FIELD, "must be >= 0, was " + partition);
        check(tickSize > 0, symbol, TICK_SIZE_FIELD, "must be > 0");
        check(lotSize > 0, symbol, LOT_SIZE_FIELD, "must be > 0");
        check(referencePrice > 0, symbol, REFERENCE_PRICE_FIELD, "must be > 0");
        check(referencePrice % tickSize == 0, symbol, REFERENCE_PRICE_FIELD, "must be a multiple of tick-size");
        check(priceBandPercent >= 0 && priceBandPercent <= 1000, symbol, PRICE_BAND_PERCENT_FIELD,
            "must be in [0, 1000]");
        check(maxOrderQty >= lotSize && maxOrderQty <= MAX_ORDER_QTY_LIMIT, symbol, MAX_ORDER_QTY_FIELD,
            "must be in [lot-size, " + MAX_ORDER_QTY_LIMIT + "], was " + maxOrderQty);
        check(maxNotional >= 1 && maxNotional <= MAX_NOTIONAL_LIMIT, symbol, MAX_NOTIONAL_FIELD,
            "must be in [" + Prices.toString(1) + ", " + Prices.toString(MAX_NOTIONAL_LIMIT) + "], was " +
            Prices.toString(maxNotional));
    }

    /** The server key of one field of one instrument: {@code instrument.<symbol>.<field>}. */
    public static String propName(final String symbol, final String field)
    {
        return PROP_PREFIX + symbol + "." + field;
    }

    /**
     * Refuses a field, naming it {@code instrument <field>} in the message as always; a bad symbol is the fault of
     * the list of symbols.
     */
    private static void check(final boolean ok, final String symbol, final String field, final String detail)
    {
        if (!ok)
        {
            final boolean ofSymbol = "symbol".equals(field);
            throw ConfigValueException.ofEntry(ofSymbol ? INSTRUMENTS_PROP_NAME : propName(symbol, field), symbol,
                field, "instrument " + field, detail);
        }
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
