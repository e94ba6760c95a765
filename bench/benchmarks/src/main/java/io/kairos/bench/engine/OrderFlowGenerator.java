package io.kairos.bench.engine;

import java.util.SplittableRandom;

import io.kairos.bench.harness.OrderFlow;

/**
 * Writes a scenario's {@link OrderFlow} from a seed: a prefill of passive orders around the
 * reference price, then the measured mix. Each insert or update either trades on arrival (priced
 * at the opposite best) or rests (priced behind the best on its own side); the probability of
 * trading starts at the scenario's target and is nudged by how far the resting order count has
 * drifted from the scenario's, so the book keeps its size over millions of commands. A
 * {@link ReferenceBook} per instrument tracks what is live, so cancels and updates always name
 * a live order. Single-threaded; allocates (runs before timing).
 */
public final class OrderFlowGenerator
{
    /** Reference price of every book, in ticks. */
    public static final long REFERENCE_TICKS = 10_000;
    public static final long MAX_PRICE_TICKS = 2 * REFERENCE_TICKS;
    private static final int MAX_RESTING_LOTS = 100;
    private static final int MAX_EXECUTING_LOTS = 20;
    private static final int DEPTH_TICKS = 40;

    private final Scenario scenario;
    private final SplittableRandom random;
    private final ReferenceBook[] books;
    private final int targetPerBook;
    private OrderFlow flow;
    private long nextOrderRef = 1;
    private long nextClOrdNum = 1;
    private FlowStats.Builder stats;

    private OrderFlowGenerator(final Scenario scenario, final long seed)
    {
        this.scenario = scenario;
        random = new SplittableRandom(seed);
        books = new ReferenceBook[scenario.books()];
        for (int i = 0; i < books.length; i++)
        {
            books[i] = new ReferenceBook();
        }
        targetPerBook = scenario.activeOrders() / scenario.books();
    }

    /** A generated flow with what its mixed part does. */
    public record GeneratedFlow(Scenario scenario, OrderFlow flow, FlowStats stats)
    {
    }

    /** Generates prefill + warm-up + throughput + latency segments of the given lengths. */
    public static GeneratedFlow generate(final Scenario scenario, final long seed, final int warmup,
        final int throughput, final int latency)
    {
        final OrderFlowGenerator generator = new OrderFlowGenerator(scenario, seed);
        final int prefill = generator.targetPerBook * scenario.books();
        final OrderFlow flow = new OrderFlow(scenario.key(), scenario.users(), scenario.books(), MAX_PRICE_TICKS,
            prefill + warmup + throughput + latency);
        generator.flow = flow;
        generator.stats = new FlowStats.Builder();
        for (int i = 0; i < prefill; i++)
        {
            generator.prefillOrder(i % scenario.books());
        }
        flow.markPrefillEnd();
        generator.mixed(warmup);
        flow.markWarmupEnd();
        generator.mixed(throughput);
        flow.markThroughputEnd();
        generator.mixed(latency);
        return new GeneratedFlow(scenario, flow, generator.stats.build());
    }

    private void prefillOrder(final int bookIndex)
    {
        final byte side = random.nextBoolean() ? OrderFlow.BUY : OrderFlow.SELL;
        final long depth = depth();
        final long price = side == OrderFlow.BUY ? REFERENCE_TICKS - 1 - depth : REFERENCE_TICKS + 1 + depth;
        insert(bookIndex, side, price, 1 + random.nextInt(MAX_RESTING_LOTS));
    }

    private void mixed(final int count)
    {
        final int updateFrom = scenario.insertPercent() + scenario.cancelPercent();
        for (int i = 0; i < count; i++)
        {
            final int bookIndex = random.nextInt(books.length);
            final ReferenceBook book = books[bookIndex];
            final int roll = random.nextInt(100);
            if (roll < scenario.insertPercent() || book.activeCount() == 0)
            {
                mixedInsert(bookIndex, book);
            }
            else if (roll < updateFrom)
            {
                final ReferenceBook.SimOrder late = random.nextDouble() < lateCancelProbability(book)
                    ? book.randomRecentlyDone(random) : null;
                if (late != null)
                {
                    lateCancel(bookIndex, late);
                }
                else
                {
                    cancel(bookIndex, book.randomActive(random));
                }
            }
            else
            {
                update(bookIndex, book);
            }
            stats.sampleActive(totalActive());
        }
    }

    private void mixedInsert(final int bookIndex, final ReferenceBook book)
    {
        final byte side = aggressorSide(book);
        final long oppositeBest = side == OrderFlow.BUY ? book.bestAsk() : book.bestBid();
        final boolean executing = oppositeBest > 0 && random.nextDouble() < executingProbability(book);
        final long price = executing ? oppositeBest : passivePrice(book, side);
        final int fills = insert(bookIndex, side, price,
            executing ? executingLots(book, side) : 1 + random.nextInt(MAX_RESTING_LOTS));
        stats.insert(fills > 0);
    }

    private int insert(final int bookIndex, final byte side, final long price, final long lots)
    {
        final ReferenceBook.SimOrder order = new ReferenceBook.SimOrder();
        order.ref = nextOrderRef++;
        order.user = 1 + random.nextInt(scenario.users());
        order.side = side;
        order.price = price;
        order.quantity = lots;
        order.clOrdNum = nextClOrdNum++;
        append(OrderFlow.INSERT, order, bookIndex, price, lots, 0);
        return books[bookIndex].insert(order);
    }

    private void cancel(final int bookIndex, final ReferenceBook.SimOrder order)
    {
        append(OrderFlow.CANCEL, order, bookIndex, order.price, order.quantity, order.clOrdNum);
        nextClOrdNum++;
        books[bookIndex].cancel(order);
        stats.cancel();
    }

    /** A cancel for an order that has just been filled or cancelled: both engines must reject it. */
    private void lateCancel(final int bookIndex, final ReferenceBook.SimOrder order)
    {
        append(OrderFlow.CANCEL, order, bookIndex, order.price, order.quantity, order.clOrdNum);
        nextClOrdNum++;
        stats.lateCancel();
    }

    private void update(final int bookIndex, final ReferenceBook book)
    {
        final boolean executing = random.nextDouble() < executingProbability(book);
        final ReferenceBook.SimOrder order = executing ? smallAgainstOppositeHead(book) : book.randomActive(random);
        final long oppositeBest = order.side == OrderFlow.BUY ? book.bestAsk() : book.bestBid();
        long price = executing && oppositeBest > 0 ? oppositeBest : passivePrice(book, order.side);
        if (price == order.price)
        {
            price += order.side == OrderFlow.BUY ? -1 : 1;
        }
        final long orig = order.clOrdNum;
        order.clOrdNum = nextClOrdNum++;
        append(OrderFlow.UPDATE, order, bookIndex, price, order.quantity, orig);
        stats.update(book.move(order, price) > 0);
    }

    private void append(final byte kind, final ReferenceBook.SimOrder order, final int bookIndex, final long price,
        final long lots, final long orig)
    {
        flow.append(kind, order.side, order.user, bookIndex, price, lots, order.ref,
            kind == OrderFlow.CANCEL ? nextClOrdNum : order.clOrdNum, orig);
    }

    /**
     * For a trading update: among a few random live orders, one smaller than the first order it will meet, so the
     * update trades once and is done instead of sweeping a level of partly filled orders (which would empty the book).
     */
    private ReferenceBook.SimOrder smallAgainstOppositeHead(final ReferenceBook book)
    {
        ReferenceBook.SimOrder best = book.randomActive(random);
        for (int i = 0; i < 8; i++)
        {
            final ReferenceBook.SimOrder candidate = book.randomActive(random);
            final long head = book.headLeaves(candidate.side == OrderFlow.BUY ? OrderFlow.SELL : OrderFlow.BUY);
            if (candidate.leaves() < head)
            {
                return candidate;
            }
            best = candidate.leaves() < best.leaves() ? candidate : best;
        }
        return best;
    }

    /** Small enough to leave the first resting order partly filled, so a trading insert does not shrink the book. */
    private long executingLots(final ReferenceBook book, final byte side)
    {
        final long head = book.headLeaves(side == OrderFlow.BUY ? OrderFlow.SELL : OrderFlow.BUY);
        return head <= 1 ? 1 : 1 + random.nextInt((int)Math.min(MAX_EXECUTING_LOTS, head - 1));
    }

    /** Leans against the mid's drift from the reference price so prices stay near it over long runs. */
    private byte aggressorSide(final ReferenceBook book)
    {
        final long bid = book.bestBid();
        final long ask = book.bestAsk();
        final long mid = bid > 0 && ask > 0 ? (bid + ask) / 2 : REFERENCE_TICKS;
        final double buyProbability = Math.max(0.2, Math.min(0.8, 0.5 - (mid - REFERENCE_TICKS) / 2000.0));
        return random.nextDouble() < buyProbability ? OrderFlow.BUY : OrderFlow.SELL;
    }

    /** The scenario's share, raised when the book has grown above its size (trading removes orders). */
    private double executingProbability(final ReferenceBook book)
    {
        return Math.min(0.98, scenario.executingPercent() / 100.0 + Math.max(0, drift(book)));
    }

    /**
     * Trading removes orders faster than the mix's passive inserts replace them once more than about a third of inserts
     * and updates trade (25 % cancels already balance 25 % resting inserts), so when the book has shrunk below its
     * size, part of the cancels arrive too late, after their order filled, as they do in real markets.
     */
    private double lateCancelProbability(final ReferenceBook book)
    {
        return Math.min(0.95, Math.max(0, -drift(book)) * 4);
    }

    private double drift(final ReferenceBook book)
    {
        return (book.activeCount() - targetPerBook) / (double)targetPerBook;
    }

    private long passivePrice(final ReferenceBook book, final byte side)
    {
        if (side == OrderFlow.BUY)
        {
            final long ask = book.bestAsk();
            final long top = ask > 0 ? ask - 1 : REFERENCE_TICKS - 1;
            return Math.max(1, top - depth());
        }
        final long bid = book.bestBid();
        final long bottom = bid > 0 ? bid + 1 : REFERENCE_TICKS + 1;
        return Math.min(MAX_PRICE_TICKS, bottom + depth());
    }

    /** Ticks behind the top, concentrated near it. */
    private long depth()
    {
        final double u = random.nextDouble();
        return (long)(u * u * DEPTH_TICKS);
    }

    private int totalActive()
    {
        int total = 0;
        for (final ReferenceBook book : books)
        {
            total += book.activeCount();
        }
        return total;
    }
}
