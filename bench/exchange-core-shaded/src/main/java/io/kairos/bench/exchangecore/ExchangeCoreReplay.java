package io.kairos.bench.exchangecore;

import java.util.function.LongUnaryOperator;

import io.kairos.bench.harness.ReplayTarget;

/**
 * What both exchange-core replays (the order book alone, the whole pipeline) share: they place orders under the
 * flow's own order refs and prices in ticks, so the log needs no translation. Owned by the driving thread.
 */
interface ExchangeCoreReplay extends ReplayTarget
{
    /** exchange-core's order ids are the flow's refs. */
    @Override
    default LongUnaryOperator idToRef()
    {
        return id -> id;
    }

    /** exchange-core's prices are the flow's ticks. */
    @Override
    default long priceUnit()
    {
        return 1;
    }
}
