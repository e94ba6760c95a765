package io.kairos.engine;

/** The commands the engine accepts; the ordinal is the journal's record type. Immutable. */
public enum CommandType
{
    NEW_ORDER,
    CANCEL,
    REPLACE,
    MASS_CANCEL,
    ORDER_STATUS,
    /** Opens, closes, halts or resumes one instrument or all of them ({@link EngineCommand#tradingAction}). */
    TRADING_STATUS,
    /**
     * An operator threw a session out ({@link EngineCommand#byOperator}): journalled so that the record says who did
     * what and when; the matcher changes nothing (the order-entry gateway disconnects the session).
     */
    DISCONNECT;

    private static final CommandType[] VALUES = values();

    public static CommandType fromOrdinal(final int ordinal)
    {
        return ordinal >= 0 && ordinal < VALUES.length ? VALUES[ordinal] : null;
    }
}
