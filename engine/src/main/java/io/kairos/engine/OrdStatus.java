package io.kairos.engine;

/** Order state; {@link #fixCode()} is the FIX tag 39 value. Immutable. */
public enum OrdStatus
{
    NEW('0'),
    PARTIALLY_FILLED('1'),
    FILLED('2'),
    CANCELED('4'),
    REJECTED('8'),
    EXPIRED('C');

    private final char fixCode;

    OrdStatus(final char fixCode)
    {
        this.fixCode = fixCode;
    }

    public char fixCode()
    {
        return fixCode;
    }

    public boolean isTerminal()
    {
        return this == FILLED || this == CANCELED || this == REJECTED || this == EXPIRED;
    }
}
