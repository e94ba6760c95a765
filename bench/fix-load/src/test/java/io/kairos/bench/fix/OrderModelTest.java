package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class OrderModelTest
{
    private static final Instrument AAPL = Instrument.parseList("AAPL:190.00:0.01:1").get(0);

    private static OrderModelConfig publishedModel(final double marketRatio, final double sigmaTicks)
    {
        return new OrderModelConfig(List.of(AAPL), marketRatio, sigmaTicks, -1, 1, 0, 0, 10, 60_000_000_000L, 7);
    }

    @Test
    void shouldSendTheConfiguredShareOfMarketOrders()
    {
        final OrderModel model = new OrderModel(publishedModel(0.2, 20));
        final OrderRequest request = new OrderRequest();
        int market = 0;
        final int n = 100_000;
        for (int i = 0; i < n; i++)
        {
            model.insert(request);
            if (request.ordType() == OrderRequest.MARKET)
            {
                market++;
                assertEquals(0, request.priceMicros());
            }
        }
        assertEquals(0.2, market / (double)n, 0.01);
    }

    @Test
    void shouldDrawLimitPricesFromANormalDistributionAroundTheMidOnTheTickGrid()
    {
        final OrderModel model = new OrderModel(publishedModel(0, 20));
        final OrderRequest request = new OrderRequest();
        final int n = 100_000;
        double sum = 0;
        double sumSquares = 0;
        int withinOneSigma = 0;
        for (int i = 0; i < n; i++)
        {
            model.insert(request);
            assertEquals(0, request.priceMicros() % AAPL.tickMicros(), "price on the tick grid");
            assertTrue(request.quantity() >= 1 && request.quantity() <= 10);
            final double ticks = (request.priceMicros() - AAPL.midMicros()) / (double)AAPL.tickMicros();
            sum += ticks;
            sumSquares += ticks * ticks;
            if (Math.abs(ticks) <= 20)
            {
                withinOneSigma++;
            }
        }
        final double mean = sum / n;
        final double sigma = Math.sqrt(sumSquares / n - mean * mean);
        assertEquals(0, mean, 0.3);
        assertEquals(20, sigma, 0.5);
        assertEquals(0.68, withinOneSigma / (double)n, 0.02);
    }

    @Test
    void shouldPricePassiveOrdersOnTheirOwnSideAndExecutingOnesThroughTheMid()
    {
        final OrderModel model = new OrderModel(new OrderModelConfig(List.of(AAPL), 0, 5, 0.5, 1, 0, 0, 1, 0, 11));
        final OrderRequest request = new OrderRequest();
        int executing = 0;
        final int n = 20_000;
        for (int i = 0; i < n; i++)
        {
            model.insert(request);
            final boolean crosses = request.side() == OrderRequest.BUY ? request.priceMicros() > AAPL.midMicros() :
                request.priceMicros() < AAPL.midMicros();
            assertTrue(request.priceMicros() != AAPL.midMicros());
            executing += crosses ? 1 : 0;
        }
        assertEquals(0.5, executing / (double)n, 0.02);
    }

    @Test
    void shouldCancelAndReplaceOnlyOrdersThatRestAndFallBackToInserts()
    {
        final OrderModel model = new OrderModel(new OrderModelConfig(List.of(AAPL), 0, 5, 0.5, 50, 25, 25, 1, 0, 3));
        final RequestLog log = new RequestLog(16);
        final RestingOrders resting = log.newRestingOrders();
        final OrderRequest request = new OrderRequest();
        for (int i = 0; i < 50; i++)
        {
            model.next(request, resting, log);
            assertEquals(OrderRequest.INSERT, request.action(), "nothing rests, so every request is an insert");
        }
        model.insert(request);
        log.describe(5, request, 0, true);
        resting.add(5, 0);
        int actions = 0;
        while (resting.size() == 1)
        {
            model.next(request, resting, log);
            actions++;
        }
        assertTrue(request.action() == OrderRequest.CANCEL || request.action() == OrderRequest.REPLACE);
        assertEquals(5, request.targetRequest());
        assertEquals(log.side(5), request.side());
        assertTrue(actions < 100);
    }

    @Test
    void shouldTakeExpiredOrdersOldestFirstAndOnlyOnce()
    {
        final RequestLog log = new RequestLog(16);
        final RestingOrders resting = log.newRestingOrders();
        resting.add(1, 100);
        resting.add(2, 200);
        resting.add(3, 300);
        resting.remove(1);
        assertEquals(-1, resting.takeExpired(250, 100), "order 2 has rested only 50");
        assertEquals(2, resting.takeExpired(300, 100));
        assertEquals(3, resting.takeExpired(1_000, 100));
        assertEquals(-1, resting.takeExpired(10_000, 100));
        assertEquals(0, resting.size());
    }

    @Test
    void shouldReadInstrumentListsAndRefuseBadOnes()
    {
        assertEquals(6, Instrument.parseList(Instrument.DEMO_LIST).size());
        assertEquals("S1000", Instrument.parseList("gen:1000").get(999).symbol());
        assertEquals("190.01", Instrument.decimal(190_010_000));
        final IllegalArgumentException error = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> Instrument.parseList("AAPL:190.005:0.01:1"));
        assertTrue(error.getMessage().contains("AAPL"), error.getMessage());
    }
}
