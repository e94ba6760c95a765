package io.kairos.md;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.kairos.l3.L3Book;
import io.kairos.l3.LevelVisitor;
import io.kairos.l3.Sides;

/**
 * Price-level view of the whole book (266=Y, 264=0): each update reports the level(s) it touched
 * by price — New when a level appears, Change when its quantity or order count changes, Delete
 * when it empties — with NumberOfOrders (346). Owned by the gateway's event loop.
 */
final class L2FullViewEncoder implements ViewEncoder, LevelVisitor
{
    private EntryWriter snapshotOut;

    @Override
    public void encodeUpdate(final BookUpdate u, final L3Book book, final EntryWriter out)
    {
        final int side = u.side == Side.BUY ? Sides.BID : Sides.ASK;
        if (u.type == BookEvent.Type.EXECUTE)
        {
            out.trade(u.aggressorOrderId, u.price, u.tradeQuantity, u.orderId);
        }
        if (u.type == BookEvent.Type.MODIFY_LOSE_PRIORITY && u.previousPrice != u.price)
        {
            level(book, side, u.previousPrice, false, out);
        }
        final boolean mayBeNew = u.type == BookEvent.Type.ADD || u.type == BookEvent.Type.MODIFY_LOSE_PRIORITY
            && u.previousPrice != u.price;
        level(book, side, u.price, mayBeNew, out);
    }

    private static void level(final L3Book book, final int side, final long price, final boolean mayBeNew,
        final EntryWriter out)
    {
        final char type = EntryWriter.entryType(side);
        final int orders = book == null ? 0 : book.orderCountAt(side, price);
        if (orders == 0)
        {
            out.update(EntryWriter.DELETE, type, EntryWriter.NONE, price, EntryWriter.NONE, -1);
        }
        else
        {
            final char action = mayBeNew && orders == 1 ? EntryWriter.NEW : EntryWriter.CHANGE;
            out.update(action, type, EntryWriter.NONE, price, book.quantityAt(side, price), orders);
        }
    }

    @Override
    public void encodeSnapshot(final L3Book book, final EntryWriter out)
    {
        if (book != null)
        {
            snapshotOut = out;
            book.forEachLevel(Sides.BID, Integer.MAX_VALUE, this);
            book.forEachLevel(Sides.ASK, Integer.MAX_VALUE, this);
            snapshotOut = null;
        }
    }

    @Override
    public void onLevel(final int instrumentId, final int side, final int depth, final long price, final long quantity,
        final int orderCount)
    {
        snapshotOut.snapshot(EntryWriter.entryType(side), EntryWriter.NONE, price, quantity, orderCount);
    }
}
