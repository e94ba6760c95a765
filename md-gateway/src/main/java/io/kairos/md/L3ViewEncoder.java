package io.kairos.md;

import io.kairos.engine.Side;
import io.kairos.l3.L3Book;
import io.kairos.l3.OrderVisitor;
import io.kairos.l3.Sides;

/**
 * Order-by-order view (AggregatedBook 266=N, full depth): one entry per resting order, MDEntryID
 * (278) = the engine order id. New when an order rests, Change when it is sized down in place
 * (modify or partial fill), Delete when it leaves (cancel or fill); a price amend or a size-up that
 * loses priority is Delete + New, so the client's FIFO order stays right. Stateless apart from the
 * reusable snapshot visitor; owned by the gateway's event loop.
 */
final class L3ViewEncoder implements ViewEncoder, OrderVisitor
{
    private EntryWriter snapshotOut;

    @Override
    public void encodeUpdate(final BookUpdate u, final L3Book book, final EntryWriter out)
    {
        final char type = u.side == Side.BUY ? EntryWriter.BID : EntryWriter.OFFER;
        switch (u.type)
        {
            case ADD:
                out.update(EntryWriter.NEW, type, u.orderId, u.price, u.quantity, -1);
                break;
            case MODIFY_KEEP_PRIORITY:
                out.update(EntryWriter.CHANGE, type, u.orderId, u.price, u.quantity, -1);
                break;
            case MODIFY_LOSE_PRIORITY:
                out.update(EntryWriter.DELETE, type, u.orderId, u.previousPrice, EntryWriter.NONE, -1);
                out.update(EntryWriter.NEW, type, u.orderId, u.price, u.quantity, -1);
                break;
            case DELETE:
                out.update(EntryWriter.DELETE, type, u.orderId, u.price, EntryWriter.NONE, -1);
                break;
            case EXECUTE:
                out.trade(u.aggressorOrderId, u.price, u.tradeQuantity, u.orderId);
                if (u.quantity == 0)
                {
                    out.update(EntryWriter.DELETE, type, u.orderId, u.price, EntryWriter.NONE, -1);
                }
                else
                {
                    out.update(EntryWriter.CHANGE, type, u.orderId, u.price, u.quantity, -1);
                }
                break;
            default:
                break;
        }
    }

    @Override
    public void encodeSnapshot(final L3Book book, final EntryWriter out)
    {
        if (book != null)
        {
            snapshotOut = out;
            book.forEachOrder(Sides.BID, Integer.MAX_VALUE, this);
            book.forEachOrder(Sides.ASK, Integer.MAX_VALUE, this);
            snapshotOut = null;
        }
    }

    @Override
    public void onOrder(final int instrumentId, final int side, final int depth, final long price, final long orderId,
        final long quantity)
    {
        snapshotOut.snapshot(EntryWriter.entryType(side), orderId, price, quantity, -1);
    }
}
