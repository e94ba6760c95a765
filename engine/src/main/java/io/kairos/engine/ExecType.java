package io.kairos.engine;

/** What an execution report reports; {@link #fixCode()} is the FIX 4.4 tag 150 value. Immutable. */
public enum ExecType
{
    NEW,
    CANCELED,
    REPLACED,
    REJECTED,
    EXPIRED,
    TRADE,
    ORDER_STATUS;

    /** FIX 150: NEW 0, CANCELED 4, REPLACED 5, REJECTED 8, EXPIRED C, TRADE F, ORDER_STATUS I. */
    private static final FixCodes<ExecType> FIX = new FixCodes<>(values(), "0458CFI");

    public char fixCode()
    {
        return FIX.code(this);
    }
}
