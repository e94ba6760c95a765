package io.kairos.engine;

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
 */
public record Instrument(
    String symbol, int id, int partition, long tickSize, long lotSize, long referencePrice, int priceBandPercent)
{
    public Instrument
    {
        require(symbol != null && !symbol.isBlank(), "symbol", "must not be empty");
        require(symbol.chars().allMatch(c -> c > ' ' && c < 127 && c != '='), "symbol", "must be printable ASCII without '='");
        require(id >= 0, "id", "must be >= 0, was " + id);
        require(partition >= 0, "partition", "must be >= 0, was " + partition);
        require(tickSize > 0, "tick-size", "must be > 0");
        require(lotSize > 0, "lot-size", "must be > 0");
        require(referencePrice > 0, "reference-price", "must be > 0");
        require(referencePrice % tickSize == 0, "reference-price", "must be a multiple of tick-size");
        require(priceBandPercent >= 0 && priceBandPercent <= 1000, "price-band-percent", "must be in [0, 1000]");
    }

    private static void require(final boolean ok, final String field, final String message)
    {
        if (!ok)
        {
            throw new IllegalArgumentException("instrument " + field + " " + message);
        }
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
