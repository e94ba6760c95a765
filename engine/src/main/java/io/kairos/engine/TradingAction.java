package io.kairos.engine;

/**
 * What a {@link CommandType#TRADING_STATUS} command asks of an instrument's book (or every book). The trading day and
 * an operator's halt are independent: {@link #OPEN} and {@link #CLOSE} are the schedule's (the close expires every
 * DAY order), {@link #HALT} and {@link #RESUME} an operator's (orders rest meanwhile). A book takes orders only when
 * open and not halted ({@link TradingStatus}). Immutable.
 */
public enum TradingAction
{
    OPEN,
    CLOSE,
    HALT,
    RESUME
}
