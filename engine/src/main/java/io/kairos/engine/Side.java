package io.kairos.engine;

/** Order side; {@link #fixCode()} is the FIX tag 54 value. Immutable. */
public enum Side
{
    BUY,
    SELL;

    /** FIX 54: BUY 1, SELL 2. */
    private static final FixCodes<Side> FIX = new FixCodes<>(values(), "12");

    public char fixCode()
    {
        return FIX.code(this);
    }

    public Side opposite()
    {
        return this == BUY ? SELL : BUY;
    }

    /** @return the side for a FIX 54 value, or null when it is not one Kairos supports. */
    public static Side fromFix(final char code)
    {
        return FIX.constant(code);
    }
}
