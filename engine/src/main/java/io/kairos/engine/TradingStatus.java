package io.kairos.engine;

/**
 * Whether an instrument's book takes orders: {@link #OPEN} (continuous trading), {@link #HALTED} (an operator's halt:
 * orders rest, new ones and replaces are refused, cancels are taken) or {@link #CLOSED} (outside the trading day: DAY
 * orders expired at the close, GTC orders rest; new ones and replaces are refused). Set by a
 * {@link CommandType#TRADING_STATUS} command, so the journal and the replicated log reproduce it. Immutable.
 */
public enum TradingStatus
{
    OPEN,
    HALTED,
    CLOSED;

    private static final TradingStatus[] VALUES = values();

    /** @return the status of {@code ordinal}, or null when there is none. */
    public static TradingStatus fromOrdinal(final int ordinal)
    {
        return ordinal >= 0 && ordinal < VALUES.length ? VALUES[ordinal] : null;
    }
}
