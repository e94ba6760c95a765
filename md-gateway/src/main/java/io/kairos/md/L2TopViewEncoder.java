package io.kairos.md;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.kairos.l3.L3Book;
import io.kairos.l3.Sides;

/**
 * Price-level view of the best {@code depth} levels per side (266=Y, 264=depth). It remembers the
 * levels it last published and, after each update, diffs them against the book's current top
 * levels of the touched side: levels that left the window are deleted, levels that entered are
 * new (even if they existed deeper in the book), levels whose quantity or order count changed are
 * changed. A client that applies the entries by price therefore always holds exactly the top
 * {@code depth} levels. O(depth) per update, allocation-free. Owned by the gateway's event loop.
 */
final class L2TopViewEncoder implements ViewEncoder
{
    private final int depth;
    private final long[][] prices;
    private final long[][] quantities;
    private final int[][] orderCounts;
    private final int[] published = new int[2];

    L2TopViewEncoder(final int depth, final L3Book book)
    {
        this.depth = depth;
        prices = new long[2][depth];
        quantities = new long[2][depth];
        orderCounts = new int[2][depth];
        remember(Sides.BID, book);
        remember(Sides.ASK, book);
    }

    @Override
    public void encodeUpdate(final BookUpdate u, final L3Book book, final EntryWriter out)
    {
        if (u.type == BookEvent.Type.EXECUTE)
        {
            out.trade(u.aggressorOrderId, u.price, u.tradeQuantity, u.orderId);
        }
        final int side = u.side == Side.BUY ? Sides.BID : Sides.ASK;
        diff(side, book, out);
        remember(side, book);
    }

    @Override
    public void encodeSnapshot(final L3Book book, final EntryWriter out)
    {
        for (int side = Sides.BID; side <= Sides.ASK; side++)
        {
            for (int i = 0; i < published[side]; i++)
            {
                out.snapshot(EntryWriter.entryType(side), EntryWriter.NONE, prices[side][i], quantities[side][i],
                    orderCounts[side][i]);
            }
        }
    }

    private void diff(final int side, final L3Book book, final EntryWriter out)
    {
        final char type = EntryWriter.entryType(side);
        final long[] oldPrices = prices[side];
        final int oldCount = published[side];
        final int newCount = book == null ? 0 : Math.min(depth, book.levelCount(side));
        int i = 0;
        int j = 0;
        while (i < oldCount || j < newCount)
        {
            final long newPrice = j < newCount ? book.price(side, j) : 0;
            if (i < oldCount && j < newCount && oldPrices[i] == newPrice)
            {
                final long quantity = book.quantity(side, j);
                final int orders = book.orderCount(side, j);
                if (quantity != quantities[side][i] || orders != orderCounts[side][i])
                {
                    out.update(EntryWriter.CHANGE, type, EntryWriter.NONE, newPrice, quantity, orders);
                }
                i++;
                j++;
            }
            else if (j == newCount || i < oldCount && better(side, oldPrices[i], newPrice))
            {
                out.update(EntryWriter.DELETE, type, EntryWriter.NONE, oldPrices[i], EntryWriter.NONE, -1);
                i++;
            }
            else
            {
                out.update(EntryWriter.NEW, type, EntryWriter.NONE, newPrice, book.quantity(side, j),
                    book.orderCount(side, j));
                j++;
            }
        }
    }

    private void remember(final int side, final L3Book book)
    {
        final int n = book == null ? 0 : Math.min(depth, book.levelCount(side));
        for (int i = 0; i < n; i++)
        {
            prices[side][i] = book.price(side, i);
            quantities[side][i] = book.quantity(side, i);
            orderCounts[side][i] = book.orderCount(side, i);
        }
        published[side] = n;
    }

    private static boolean better(final int side, final long a, final long b)
    {
        return side == Sides.BID ? a > b : a < b;
    }
}
