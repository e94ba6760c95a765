package io.kairos.bench.exchangecore;

import exchange.core2.core.common.MatcherEventType;
import exchange.core2.core.common.MatcherTradeEvent;
import exchange.core2.core.common.OrderType;
import exchange.core2.core.common.cmd.CommandResultCode;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.common.cmd.OrderCommandType;
import io.kairos.bench.harness.OutcomeLog;

/**
 * Turns one processed exchange-core {@link OrderCommand} (result code and its matcher event chain)
 * into {@link OutcomeLog} records, the same way for the bare order book and for the full pipeline.
 * exchange-core's order id is the flow ref and its price the tick, so the log holds refs and ticks.
 * Mapping to the canonical outcomes (bench/README.md, "Matcher vs exchange-core"):
 * <ul>
 *   <li>TRADE event: a fill of maker {@code matchedOrderId} at the maker's {@code price};</li>
 *   <li>REJECT event of an IOC order: its unfilled size expired (exchange-core calls it a reject; Kairos
 *       reports EXPIRED; both are "E ref qty"). exchange-core puts it at the head of the chain, before
 *       the trades, so it is recorded after them;</li>
 *   <li>a GTC order with size left after its trades and no REJECT rests it;</li>
 *   <li>CANCEL_ORDER: SUCCESS with its REDUCE event is "C ref qty"; MATCHING_UNKNOWN_ORDER_ID (filled or
 *       already cancelled) is "X ref".</li>
 * </ul>
 * Stateless; called on the thread that sees the result (the replaying thread or exchange-core's
 * results thread).
 */
final class ExchangeCoreOutcomes
{
    private ExchangeCoreOutcomes()
    {
    }

    static void record(final OrderCommand cmd, final int command, final OutcomeLog log)
    {
        final OrderCommandType type = cmd.command;
        if (type == OrderCommandType.PLACE_ORDER)
        {
            recordPlace(cmd, command, log);
        }
        else if (type == OrderCommandType.CANCEL_ORDER)
        {
            if (cmd.resultCode == CommandResultCode.SUCCESS && cmd.matcherEvent != null)
            {
                log.cancelled(command, cmd.orderId, cmd.matcherEvent.size);
            }
            else
            {
                log.cancelRejected(command, cmd.orderId);
            }
        }
        else
        {
            throw new IllegalStateException("unexpected exchange-core command in a matcher flow: " + type);
        }
    }

    private static void recordPlace(final OrderCommand cmd, final int command, final OutcomeLog log)
    {
        if (cmd.resultCode != CommandResultCode.SUCCESS)
        {
            log.rejected(command, cmd.orderId);
            return;
        }
        long filled = 0;
        long rejected = -1;
        for (MatcherTradeEvent e = cmd.matcherEvent; e != null; e = e.nextEvent)
        {
            if (e.eventType == MatcherEventType.TRADE)
            {
                log.trade(command, e.matchedOrderId, cmd.orderId, e.price, e.size);
                filled += e.size;
            }
            else if (e.eventType == MatcherEventType.REJECT)
            {
                rejected = e.size;
            }
        }
        if (rejected >= 0)
        {
            if (cmd.orderType == OrderType.IOC)
            {
                log.expired(command, cmd.orderId, rejected);
            }
            else
            {
                log.rejected(command, cmd.orderId);
            }
        }
        else if (filled < cmd.size)
        {
            log.rested(command, cmd.orderId, cmd.size - filled);
        }
    }
}
