package io.kairos.md;

import io.kairos.engine.Prices;

/**
 * Appends MDEntries of one view update (35=X, NoMDEntries group) or one snapshot (35=W) to a
 * {@link FixBuffer}, skipping entry types the view does not carry and numbering incremental
 * entries with the view's RptSeq (83). Field order follows the FIX 4.4 groups. One instance per
 * gateway, owned by its event loop; {@link #begin} before each message.
 */
final class EntryWriter
{
    static final char NEW = '0';
    static final char CHANGE = '1';
    static final char DELETE = '2';
    static final char BID = '0';
    static final char OFFER = '1';
    static final char TRADE = '2';
    static final int BIDS_MASK = 1;
    static final int OFFERS_MASK = 2;
    static final int TRADES_MASK = 4;
    static final int ALL_TYPES_MASK = BIDS_MASK | OFFERS_MASK | TRADES_MASK;
    static final long NONE = Long.MIN_VALUE;

    private final FixBuffer out = new FixBuffer(1024);
    private byte[] symbol;
    private int typeMask;
    private long rptSeq;
    private int count;

    FixBuffer buffer()
    {
        return out;
    }

    void begin(final byte[] symbolBytes, final int entryTypeMask, final long lastRptSeq)
    {
        out.reset();
        symbol = symbolBytes;
        typeMask = entryTypeMask;
        rptSeq = lastRptSeq;
        count = 0;
    }

    int count()
    {
        return count;
    }

    long rptSeq()
    {
        return rptSeq;
    }

    static char entryType(final int bookSide)
    {
        return bookSide == io.kairos.l3.Sides.BID ? BID : OFFER;
    }

    /**
     * An incremental book entry: 279, 269, [278], 55, 83, 270, [271], [346].
     *
     * @param entryId    order id for order-level entries, {@link #NONE} for price levels
     * @param size       {@link #NONE} to omit (deletes)
     * @param orderCount NumberOfOrders for price levels, negative to omit
     */
    void update(final char action, final char type, final long entryId, final long price, final long size, final int orderCount)
    {
        if (!carries(type))
        {
            return;
        }
        out.field(279, action).field(269, type);
        if (entryId != NONE)
        {
            out.field(278, entryId);
        }
        out.field(55, symbol, 0, symbol.length).field(83, ++rptSeq).priceField(270, price, Prices.DECIMALS);
        if (size != NONE)
        {
            out.field(271, size);
        }
        if (orderCount >= 0)
        {
            out.field(346, orderCount);
        }
        count++;
    }

    /** An incremental trade entry: 278 = the aggressor's order id, 37 = the resting order's id. */
    void trade(final long aggressorOrderId, final long price, final long size, final long restingOrderId)
    {
        if (!carries(TRADE))
        {
            return;
        }
        out.field(279, NEW).field(269, TRADE).field(278, aggressorOrderId).field(55, symbol, 0, symbol.length)
            .field(83, ++rptSeq).priceField(270, price, Prices.DECIMALS).field(271, size).field(37, restingOrderId);
        count++;
    }

    /** A snapshot entry: 269, [278], 270, 271, [346]. */
    void snapshot(final char type, final long entryId, final long price, final long size, final int orderCount)
    {
        if (!carries(type))
        {
            return;
        }
        out.field(269, type);
        if (entryId != NONE)
        {
            out.field(278, entryId);
        }
        out.priceField(270, price, Prices.DECIMALS).field(271, size);
        if (orderCount >= 0)
        {
            out.field(346, orderCount);
        }
        count++;
    }

    private boolean carries(final char type)
    {
        return (typeMask & (1 << (type - '0'))) != 0;
    }
}
