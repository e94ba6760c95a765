package io.kairos.l3;

/**
 * Result codes of {@link L3BookSet} event methods: {@link #OK} or a named negative value. A
 * rejected event leaves the book untouched. Stateless.
 */
public final class L3Result
{
    public static final int OK = 0;
    /** The order id is not resting in any book of the set. */
    public static final int UNKNOWN_ORDER = -1;
    /** An add for an order id that is already resting. */
    public static final int DUPLICATE_ORDER = -2;
    /** A quantity that must be positive was zero or negative (or a remaining quantity was negative). */
    public static final int INVALID_QUANTITY = -3;
    /** The instrument id is outside {@code [0, maxInstrumentId]}. */
    public static final int UNKNOWN_INSTRUMENT = -4;
    /** The side is neither {@link Sides#BID} nor {@link Sides#ASK}. */
    public static final int INVALID_SIDE = -5;
    /** An execution whose executed plus remaining quantity differs from the resting quantity. */
    public static final int QUANTITY_MISMATCH = -6;
    /** The event would take its price level's total quantity past {@code Long.MAX_VALUE}. */
    public static final int LEVEL_QUANTITY_OVERFLOW = -7;

    private L3Result()
    {
    }

    /** @return the constant's name, for logs and test messages. */
    public static String name(final int result)
    {
        switch (result)
        {
            case OK: return "OK";
            case UNKNOWN_ORDER: return "UNKNOWN_ORDER";
            case DUPLICATE_ORDER: return "DUPLICATE_ORDER";
            case INVALID_QUANTITY: return "INVALID_QUANTITY";
            case UNKNOWN_INSTRUMENT: return "UNKNOWN_INSTRUMENT";
            case INVALID_SIDE: return "INVALID_SIDE";
            case QUANTITY_MISMATCH: return "QUANTITY_MISMATCH";
            case LEVEL_QUANTITY_OVERFLOW: return "LEVEL_QUANTITY_OVERFLOW";
            default: return "UNKNOWN(" + result + ")";
        }
    }
}
