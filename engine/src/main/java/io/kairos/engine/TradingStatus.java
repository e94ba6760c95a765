package io.kairos.engine;

/**
 * Whether an instrument's book takes orders, as {@link TradingAction}s left it: {@link #OPEN} (continuous trading),
 * {@link #HALTED} (the day is open but an operator halted it: orders rest, new ones and replaces are refused, cancels
 * are taken) or {@link #CLOSED} (outside the trading day, halted or not: DAY orders expired at the close, GTC orders
 * rest; new ones and replaces are refused). Immutable.
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
