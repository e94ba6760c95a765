package io.kairos.engine;

/** Order type; {@link #fixCode()} is the FIX tag 40 value. Immutable. */
public enum OrderType
{
    MARKET('1'),
    LIMIT('2');

    private final char fixCode;

    OrderType(final char fixCode)
    {
        this.fixCode = fixCode;
    }

    public char fixCode()
    {
        return fixCode;
    }

    /** @return the type for a FIX 40 value, or null when it is not one Kairos supports. */
    public static OrderType fromFix(final char code)
    {
        return code == '1' ? MARKET : code == '2' ? LIMIT : null;
    }
}
