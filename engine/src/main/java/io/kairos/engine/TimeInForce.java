package io.kairos.engine;

/** Time in force; {@link #fixCode()} is the FIX tag 59 value. Immutable. */
public enum TimeInForce
{
    DAY('0'),
    GTC('1'),
    IOC('3'),
    FOK('4');

    private final char fixCode;

    TimeInForce(final char fixCode)
    {
        this.fixCode = fixCode;
    }

    public char fixCode()
    {
        return fixCode;
    }

    /** @return the TIF for a FIX 59 value (absent tag means DAY), or null when unsupported. */
    public static TimeInForce fromFix(final char code)
    {
        switch (code)
        {
            case '0': return DAY;
            case '1': return GTC;
            case '3': return IOC;
            case '4': return FOK;
            default: return null;
        }
    }

    public boolean restsOnBook()
    {
        return this == DAY || this == GTC;
    }
}
