package io.kairos.bench.exchangecore;

import exchange.core2.collections.objpool.ObjectsPool;
import exchange.core2.core.common.OrderAction;
import exchange.core2.core.common.OrderType;
import exchange.core2.core.common.cmd.CommandResultCode;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.common.cmd.OrderCommandType;
import exchange.core2.core.common.config.LoggingConfiguration;
import exchange.core2.core.orderbook.IOrderBook;
import exchange.core2.core.orderbook.OrderBookDirectImpl;
import exchange.core2.core.orderbook.OrderBookEventsHelper;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.OutcomeLog;

/**
 * exchange-core's order book alone, driven synchronously as its own order-book performance test
 * ({@code ITOrderBookDirectImpl}) drives it: a fresh {@link OrderBookDirectImpl} with the default
 * test object pool and the non-pooled events helper, one reused {@link OrderCommand} filled per
 * command, marked valid for matching and passed to {@link IOrderBook#processCommand}. No ring, no
 * risk engine, no threads. Owned by the replaying thread.
 */
public final class ExchangeCoreDirectReplay implements ExchangeCoreReplay
{
    private final OrderCommand cmd = new OrderCommand();
    private IOrderBook book;

    @Override
    public String label()
    {
        return "exchange-core direct";
    }

    @Override
    public void prepare()
    {
        book = new OrderBookDirectImpl(ExchangeCoreTarget.symbol(0), ObjectsPool.createDefaultTestPool(),
            OrderBookEventsHelper.NON_POOLED_EVENTS_HELPER, LoggingConfiguration.DEFAULT);
    }

    @Override
    public void replay(final OrderFlow flow, final OutcomeLog log)
    {
        final OrderCommand c = cmd;
        final IOrderBook b = book;
        for (int i = 0, n = flow.size(); i < n; i++)
        {
            final byte kind = flow.kind(i);
            if (kind == OrderFlow.INSERT)
            {
                c.command = OrderCommandType.PLACE_ORDER;
                c.orderType = flow.timeInForce(i) == OrderFlow.IOC ? OrderType.IOC : OrderType.GTC;
                c.action = flow.side(i) == OrderFlow.BUY ? OrderAction.BID : OrderAction.ASK;
                c.price = flow.priceTicks(i);
                c.reserveBidPrice = flow.side(i) == OrderFlow.BUY ? flow.maxPriceTicks() : 0;
                c.size = flow.quantityLots(i);
            }
            else if (kind == OrderFlow.CANCEL)
            {
                c.command = OrderCommandType.CANCEL_ORDER;
            }
            else
            {
                throw new IllegalStateException("command " + i + ": a matcher flow has inserts and cancels only");
            }
            c.orderId = flow.orderRef(i);
            c.uid = flow.user(i);
            c.symbol = flow.book(i);
            c.timestamp = i;
            c.matcherEvent = null;
            c.resultCode = CommandResultCode.VALID_FOR_MATCHING_ENGINE;
            c.resultCode = IOrderBook.processCommand(b, c);
            ExchangeCoreOutcomes.record(c, i, log);
        }
    }

    /** Nothing to release: the engine is plain objects on this thread. */
    @Override
    public void close()
    {
    }
}
