package io.kairos.md;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.kairos.engine.TradingStatus;

/**
 * A book event as read back from the inbound ring ({@link BookEventDescriptor}), plus what the
 * gateway learnt while applying it (the order's previous price for a price amend). One reusable
 * instance, owned by the gateway's event loop.
 */
final class BookUpdate
{
    BookEvent.Type type;
    int instrumentId;
    long sequence;
    long orderId;
    Side side;
    long price;
    long quantity;
    long tradeQuantity;
    long aggressorOrderId;
    Side aggressorSide;
    long execId;
    boolean recovered;
    long engineInNs;
    long engineOutNs;
    long enqueuedNanoTime;
    /** For MODIFY_LOSE_PRIORITY: the price the order rested at before the event. */
    long previousPrice;
    /** For STATUS: the instrument's trading status from now on. */
    TradingStatus tradingStatus;
}
