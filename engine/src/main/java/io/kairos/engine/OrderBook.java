package io.kairos.engine;

/** Both sides of one instrument's book. Owned by the matcher thread of the instrument's partition. */
final class OrderBook
{
    final Instrument instrument;
    final BookSide bids;
    final BookSide asks;
    long bookSequence;

    OrderBook(final Instrument instrument, final NodePool<PriceLevel> levelPool)
    {
        this.instrument = instrument;
        bids = new BookSide(Side.BUY, levelPool);
        asks = new BookSide(Side.SELL, levelPool);
    }

    BookSide side(final Side side)
    {
        return side == Side.BUY ? bids : asks;
    }
}
