package io.kairos.engine;

/** Time in force; {@link #fixCode()} is the FIX tag 59 value. Immutable. */
public enum TimeInForce
{
    DAY,
    GTC,
    IOC,
    FOK;

    /** FIX 59: DAY 0, GTC 1, IOC 3, FOK 4. */
    private static final FixCodes<TimeInForce> FIX = new FixCodes<>(values(), "0134");

    public char fixCode()
    {
        return FIX.code(this);
    }

    /** @return the TIF for a FIX 59 value (absent tag means DAY), or null when unsupported. */
    public static TimeInForce fromFix(final char code)
    {
        return FIX.constant(code);
    }

    public boolean restsOnBook()
    {
        return this == DAY || this == GTC;
    }
}
