package io.kairos.md;

import static io.kairos.fix.wire.FixTags.ENGINE_IN;
import static io.kairos.fix.wire.FixTags.ENGINE_OUT;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_ID;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_PX;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_SIZE;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_TYPE;
import static io.kairos.fix.wire.FixTags.MD_UPDATE_ACTION;
import static io.kairos.fix.wire.FixTags.NO_MD_ENTRIES;
import static io.kairos.fix.wire.FixTags.NUMBER_OF_ORDERS;
import static io.kairos.fix.wire.FixTags.ORDER_ID;
import static io.kairos.fix.wire.FixTags.RPT_SEQ;
import static io.kairos.fix.wire.FixTags.SYMBOL;

import io.kairos.engine.Prices;
import io.kairos.fix.wire.FixWriter;

/**
 * Appends MDEntries of one view update (35=X, NoMDEntries group) or one snapshot (35=W) to a
 * {@link FixWriter}, skipping entry types the view does not carry and numbering incremental
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

    private final FixWriter out = new FixWriter(1024);
    private byte[] symbol;
    private int typeMask;
    private long rptSeq;
    private int count;

    FixWriter buffer()
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
    void update(final char action, final char type, final long entryId, final long price, final long size,
        final int orderCount)
    {
        if (!carries(type))
        {
            return;
        }
        out.field(MD_UPDATE_ACTION, action).field(MD_ENTRY_TYPE, type);
        if (entryId != NONE)
        {
            out.field(MD_ENTRY_ID, entryId);
        }
        out.field(SYMBOL, symbol, 0, symbol.length).field(RPT_SEQ, ++rptSeq)
            .priceField(MD_ENTRY_PX, price, Prices.DECIMALS);
        if (size != NONE)
        {
            out.field(MD_ENTRY_SIZE, size);
        }
        if (orderCount >= 0)
        {
            out.field(NUMBER_OF_ORDERS, orderCount);
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
        out.field(MD_UPDATE_ACTION, NEW).field(MD_ENTRY_TYPE, TRADE).field(MD_ENTRY_ID, aggressorOrderId)
            .field(SYMBOL, symbol, 0, symbol.length).field(RPT_SEQ, ++rptSeq)
            .priceField(MD_ENTRY_PX, price, Prices.DECIMALS).field(MD_ENTRY_SIZE, size).field(ORDER_ID, restingOrderId);
        count++;
    }

    /** A snapshot entry: 269, [278], 270, 271, [346]. */
    void snapshot(final char type, final long entryId, final long price, final long size, final int orderCount)
    {
        if (!carries(type))
        {
            return;
        }
        out.field(MD_ENTRY_TYPE, type);
        if (entryId != NONE)
        {
            out.field(MD_ENTRY_ID, entryId);
        }
        out.priceField(MD_ENTRY_PX, price, Prices.DECIMALS).field(MD_ENTRY_SIZE, size);
        if (orderCount >= 0)
        {
            out.field(NUMBER_OF_ORDERS, orderCount);
        }
        count++;
    }

    /**
     * Writes the body of an incremental (35=X) into {@code body}: the engine stamps (21002, 21003), NoMDEntries (268)
     * and the entries written since {@link #begin}: a one-event incremental, as the benchmark fixture measures it (the
     * fan-out composes its messages from several events' entries in {@link IncrementalFanOut}).
     */
    void incrementalBody(final FixWriter body, final long engineInNs, final long engineOutNs)
    {
        body.reset().field(ENGINE_IN, engineInNs).field(ENGINE_OUT, engineOutNs).field(NO_MD_ENTRIES, count)
            .bytes(out.bytes(), 0, out.position());
    }

    private boolean carries(final char type)
    {
        return (typeMask & (1 << (type - '0'))) != 0;
    }
}
