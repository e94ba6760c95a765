package io.kairos.engine;

/** Order side; {@link #fixCode()} is the FIX tag 54 value. Immutable. */
public enum Side
{
    BUY('1'),
    SELL('2');

    private final char fixCode;

    Side(final char fixCode)
    {
        this.fixCode = fixCode;
    }

    public char fixCode()
    {
        return fixCode;
    }

    public Side opposite()
    {
        return this == BUY ? SELL : BUY;
    }

    /** @return the side for a FIX 54 value, or null when it is not one Kairos supports. */
    public static Side fromFix(final char code)
    {
        return code == '1' ? BUY : code == '2' ? SELL : null;
    }
}
