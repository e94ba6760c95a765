package io.kairos.engine;

/** The matcher's stateless rules: validation, whether prices cross, whether a fill-or-kill can fill. Pure functions. */
final class MatchingRules
{
    private MatchingRules()
    {
    }

    static RejectReason validateQuantity(final Instrument instrument, final long quantity)
    {
        if (quantity <= 0)
        {
            return RejectReason.INVALID_QUANTITY;
        }
        if (quantity > instrument.maxOrderQty())
        {
            return RejectReason.QUANTITY_ABOVE_MAX;
        }
        return quantity % instrument.lotSize() != 0 ? RejectReason.QUANTITY_NOT_LOT_MULTIPLE : RejectReason.NONE;
    }

    /**
     * Checks quantity × price against the instrument's max-notional, overflow-free; a market order ({@code limit}
     * false) is valued at the reference price.
     */
    static RejectReason validateNotional(final Instrument instrument, final long quantity, final boolean limit,
        final long price)
    {
        return instrument.exceedsMaxNotional(quantity, limit ? price : instrument.referencePrice())
            ? RejectReason.NOTIONAL_ABOVE_MAX : RejectReason.NONE;
    }

    static RejectReason validatePrice(final Instrument instrument, final long price)
    {
        if (price <= 0)
        {
            return RejectReason.INVALID_PRICE;
        }
        if (price % instrument.tickSize() != 0)
        {
            return RejectReason.PRICE_OFF_TICK;
        }
        return price < instrument.bandLow() || price > instrument.bandHigh() ? RejectReason.PRICE_OUTSIDE_BAND
            : RejectReason.NONE;
    }

    /**
     * MinQty (110) and MaxFloor (111) of a new order: each absent (0) or a positive lot multiple no larger than the
     * order; MaxFloor only on a limit order that may rest (DAY, GTC): a part shown of an order that never rests
     * means nothing.
     */
    static RejectReason validateInstructions(final Instrument instrument, final EngineCommand c)
    {
        if (c.minQty != 0 && !isPartOf(instrument, c.minQty, c.quantity))
        {
            return RejectReason.INVALID_MIN_QTY;
        }
        if (c.maxFloor != 0 && (!isPartOf(instrument, c.maxFloor, c.quantity) || c.orderType != OrderType.LIMIT ||
            !c.timeInForce.restsOnBook()))
        {
            return RejectReason.INVALID_MAX_FLOOR;
        }
        return RejectReason.NONE;
    }

    private static boolean isPartOf(final Instrument instrument, final long part, final long quantity)
    {
        return part > 0 && part <= quantity && part % instrument.lotSize() == 0;
    }

    static boolean crosses(final Order aggressor, final long restingPrice)
    {
        return crosses(aggressor.side, aggressor.orderType, aggressor.price, restingPrice);
    }

    static boolean crosses(final Side side, final OrderType type, final long limit, final long restingPrice)
    {
        if (type == OrderType.MARKET)
        {
            return true;
        }
        return side == Side.BUY ? restingPrice <= limit : restingPrice >= limit;
    }

    /**
     * Whether at least {@code quantity} of {@code order} can trade at once (hidden parts of icebergs count: they
     * trade as their shown parts fill): a fill-or-kill asks for all of it, a MinQty order for its minimum.
     */
    static boolean canFillAtLeast(final OrderBook book, final Order order, final long quantity,
        final SelfTradePrevention selfTradePrevention)
    {
        final BookSide opposite = book.side(order.side.opposite());
        long available = 0;
        for (int i = 0; i < opposite.size(); i++)
        {
            final PriceLevel level = opposite.level(i);
            if (!crosses(order, level.price))
            {
                break;
            }
            if (selfTradePrevention == SelfTradePrevention.OFF)
            {
                available += level.totalQty;
            }
            else
            {
                for (Order o = level.head; o != null; o = o.next)
                {
                    if (o.sessionId == order.sessionId)
                    {
                        if (selfTradePrevention == SelfTradePrevention.CANCEL_AGGRESSOR)
                        {
                            return available >= quantity;
                        }
                    }
                    else
                    {
                        available += o.leavesQty;
                    }
                }
            }
            if (available >= quantity)
            {
                return true;
            }
        }
        return available >= quantity;
    }
}
