package io.kairos.engine;

/** Order state; {@link #fixCode()} is the FIX tag 39 value. Immutable. */
public enum OrdStatus
{
    NEW,
    PARTIALLY_FILLED,
    FILLED,
    CANCELED,
    REJECTED,
    EXPIRED;

    /** FIX 39: NEW 0, PARTIALLY_FILLED 1, FILLED 2, CANCELED 4, REJECTED 8, EXPIRED C. */
    private static final FixCodes<OrdStatus> FIX = new FixCodes<>(values(), "01248C");

    public char fixCode()
    {
        return FIX.code(this);
    }

    public boolean isTerminal()
    {
        return this == FILLED || this == CANCELED || this == REJECTED || this == EXPIRED;
    }
}
