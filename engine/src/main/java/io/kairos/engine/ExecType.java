package io.kairos.engine;

/** What an execution report reports; {@link #fixCode()} is the FIX 4.4 tag 150 value. Immutable. */
public enum ExecType
{
    NEW('0'),
    CANCELED('4'),
    REPLACED('5'),
    REJECTED('8'),
    EXPIRED('C'),
    TRADE('F'),
    ORDER_STATUS('I');

    private final char fixCode;

    ExecType(final char fixCode)
    {
        this.fixCode = fixCode;
    }

    public char fixCode()
    {
        return fixCode;
    }
}
