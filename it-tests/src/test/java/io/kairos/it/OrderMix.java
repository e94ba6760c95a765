package io.kairos.it;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The published order-to-tick order model (as in bench/fix-load's {@code OrderModel}), inserts only:
 * a share of market orders (IOC), the rest Day limit orders priced {@code mid + round(N(0,1) × σ)}
 * ticks (never below one tick), buy or sell at random, 1..{@code maxLots} lots, on a random symbol.
 * Seeded, so a run is reproducible. Owned by the sending thread.
 */
final class OrderMix
{
    /** One instrument of the mix: all prices in ticks of {@code tickSize}. */
    record Symbol(String name, BigDecimal tickSize, long midTicks, long lotSize)
    {
    }

    /** The next order: {@code priceTicks} is 0 for a market order. */
    record Order(String symbol, char side, boolean market, long priceTicks, BigDecimal tickSize, long quantity)
    {
        BigDecimal price()
        {
            return tickSize.multiply(BigDecimal.valueOf(priceTicks));
        }
    }

    private final List<Symbol> symbols;
    private final double marketRatio;
    private final double sigmaTicks;
    private final int maxLots;
    private final SplittableRandom random;

    OrderMix(final List<Symbol> symbols, final double marketRatio, final double sigmaTicks, final int maxLots,
        final long seed)
    {
        if (symbols.isEmpty() || marketRatio < 0 || marketRatio > 1 || sigmaTicks < 0 || maxLots < 1)
        {
            throw new IllegalArgumentException("symbols " + symbols + ", market ratio " + marketRatio + ", sigma " +
                sigmaTicks + " ticks, max lots " + maxLots);
        }
        this.symbols = List.copyOf(symbols);
        this.marketRatio = marketRatio;
        this.sigmaTicks = sigmaTicks;
        this.maxLots = maxLots;
        this.random = new SplittableRandom(seed);
    }

    Order next()
    {
        final Symbol symbol = symbols.get(random.nextInt(symbols.size()));
        final char side = random.nextBoolean() ? quickfix.field.Side.BUY : quickfix.field.Side.SELL;
        final long quantity = symbol.lotSize() * (1 + random.nextInt(maxLots));
        if (random.nextDouble() < marketRatio)
        {
            return new Order(symbol.name(), side, true, 0, symbol.tickSize(), quantity);
        }
        final long offsetTicks = Math.round(random.nextGaussian() * sigmaTicks);
        return new Order(symbol.name(), side, false, Math.max(1, symbol.midTicks() + offsetTicks), symbol.tickSize(),
            quantity);
    }
}
