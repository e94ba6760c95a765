package io.kairos.engine;

/**
 * Why the engine refused a command. Business rejects are values, never exceptions.
 * {@link #text()} is what gateways put in FIX Text (58); {@link #ordRejReason()} is FIX 103
 * and {@link #cxlRejReason()} FIX 102 (99 = other). Immutable.
 */
public enum RejectReason
{
    NONE("", 0, 0),
    UNKNOWN_INSTRUMENT("unknown instrument", 1, 99),
    INVALID_QUANTITY("quantity must be positive", 13, 99),
    QUANTITY_NOT_LOT_MULTIPLE("quantity is not a multiple of the lot size", 13, 99),
    INVALID_PRICE("limit price must be positive", 99, 99),
    PRICE_OFF_TICK("price is not a multiple of the tick size", 99, 99),
    PRICE_OUTSIDE_BAND("price is outside the price band", 99, 99),
    UNKNOWN_ORDER("unknown order", 5, 1),
    NOT_OWNER("order belongs to another session", 5, 1),
    DUPLICATE_CL_ORD_ID("duplicate client order id", 6, 6),
    CL_ORD_ID_TOO_LONG("client order id is too long", 99, 99),
    ORDER_NOT_ACTIVE("order is no longer active", 5, 0),
    INSTRUMENT_MISMATCH("replace must keep the instrument and side", 99, 99),
    ORDER_TERMS_CHANGED("replace must keep the order type and time in force", 99, 99),
    INSTRUMENT_HALTED("trading in the instrument is halted", 2, 99),
    MARKET_CLOSED("the market is closed", 2, 99),
    NOT_HOSTED("instrument is not hosted by this engine", 1, 99),
    INVALID_ORDER("unsupported side, order type or time in force", 99, 99),
    QUANTITY_NOT_ABOVE_FILLED("new quantity must exceed the filled quantity", 99, 99),
    QUANTITY_ABOVE_MAX("quantity exceeds the instrument's max-order-qty", 13, 99),
    NOTIONAL_ABOVE_MAX("order value (quantity x price) exceeds the instrument's max-notional", 99, 99),
    INVALID_MIN_QTY("MinQty(110) must be a positive multiple of the lot size, at most the order quantity", 99, 99),
    INVALID_MAX_FLOOR("MaxFloor(111) must be a positive multiple of the lot size, at most the order quantity, on "
        + "a limit order that may rest (DAY, GTC)", 99, 99);

    private final String text;
    private final int ordRejReason;
    private final int cxlRejReason;

    RejectReason(final String text, final int ordRejReason, final int cxlRejReason)
    {
        this.text = text;
        this.ordRejReason = ordRejReason;
        this.cxlRejReason = cxlRejReason;
    }

    public String text()
    {
        return text;
    }

    public int ordRejReason()
    {
        return ordRejReason;
    }

    public int cxlRejReason()
    {
        return cxlRejReason;
    }
}
