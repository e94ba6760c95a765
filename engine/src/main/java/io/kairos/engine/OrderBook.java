package io.kairos.engine;

/** Both sides of one instrument's book. Owned by the matcher thread of the instrument's partition. */
final class OrderBook implements OrderBookView
{
    final Instrument instrument;
    final BookSide bids;
    final BookSide asks;
    long bookSequence;
    /** Outside the trading day (the schedule's CLOSE); kept in snapshots. */
    boolean closed;
    /** Halted by an operator (HALT until RESUME); kept in snapshots. */
    boolean halted;
    /** The trading day (yyyymmdd) the book last opened, 0 before any dated OPEN; kept in snapshots. */
    int tradingDate;

    OrderBook(final Instrument instrument, final NodePool<PriceLevel> levelPool)
    {
        this.instrument = instrument;
        bids = new BookSide(Side.BUY, levelPool);
        asks = new BookSide(Side.SELL, levelPool);
    }

    /** Whether it takes orders now: closed first, then halted. */
    TradingStatus status()
    {
        return closed ? TradingStatus.CLOSED : halted ? TradingStatus.HALTED : TradingStatus.OPEN;
    }

    BookSide side(final Side side)
    {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    public Instrument instrument()
    {
        return instrument;
    }

    @Override
    public long bestPrice(final Side side)
    {
        final PriceLevel best = side(side).best();
        return best == null ? NO_PRICE : best.price;
    }

    @Override
    public long quantityAt(final Side side, final long price)
    {
        final PriceLevel level = side(side).find(price);
        return level == null ? 0 : level.totalQty;
    }

    @Override
    public int levelCount(final Side side)
    {
        return side(side).size();
    }

    @Override
    public long levelPrice(final Side side, final int fromBest)
    {
        return levelOf(side, fromBest).price;
    }

    @Override
    public long levelQuantity(final Side side, final int fromBest)
    {
        return levelOf(side, fromBest).totalQty;
    }

    @Override
    public int levelOrderCount(final Side side, final int fromBest)
    {
        return levelOf(side, fromBest).orderCount;
    }

    @Override
    public int forEachOrder(final Side side, final int fromBest, final RestingOrderVisitor visitor)
    {
        int visited = 0;
        for (Order order = levelOf(side, fromBest).head; order != null; order = order.next)
        {
            visitor.onOrder(order.orderId, order.sessionId, order.price, order.leavesQty);
            visited++;
        }
        return visited;
    }

    private PriceLevel levelOf(final Side side, final int fromBest)
    {
        final BookSide bookSide = side(side);
        if (fromBest < 0 || fromBest >= bookSide.size())
        {
            throw new IndexOutOfBoundsException("level " + fromBest + " of " + bookSide.size() + " on " + side);
        }
        return bookSide.level(fromBest);
    }
}
