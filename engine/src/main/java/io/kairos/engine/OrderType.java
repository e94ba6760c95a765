package io.kairos.engine;

/** Order type; {@link #fixCode()} is the FIX tag 40 value. Immutable. */
public enum OrderType
{
    MARKET,
    LIMIT;

    /** FIX 40: MARKET 1, LIMIT 2. */
    private static final FixCodes<OrderType> FIX = new FixCodes<>(values(), "12");

    public char fixCode()
    {
        return FIX.code(this);
    }

    /** @return the type for a FIX 40 value, or null when it is not one Kairos supports. */
    public static OrderType fromFix(final char code)
    {
        return FIX.constant(code);
    }
}
