package io.kairos.server;

import java.io.PrintStream;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;

/**
 * {@code --demo-flow}: publishes random orders straight into the engine so that a newcomer sees
 * books, trades and metrics move without a FIX client. Limit orders within a few ticks of each
 * instrument's reference price (most rest, some cross), one market order in five, and each order
 * cancelled again {@value #LIVE_ORDERS} orders later so the books stay small. Uses engine session
 * {@value #SESSION_ID}, which no FIX session has. Owns one thread ("kairos-demo-flow") that publishes
 * and prints a summary every ten seconds; its counters are updated on matcher threads (atomics).
 * Not a hot path: it allocates a ClOrdID string per order.
 */
final class DemoOrderFlow implements EngineEventListener, AutoCloseable
{
    static final int SESSION_ID = 0;
    private static final int LIVE_ORDERS = 100;
    private static final long SUMMARY_EVERY_NS = TimeUnit.SECONDS.toNanos(10);

    private final CommandSink publisher;
    private final List<Instrument> instruments;
    private final int ordersPerSecond;
    private final PrintStream out;
    private final String clOrdPrefix = "DEMO" + Long.toString(System.currentTimeMillis(), 36) + "-";
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong fills = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    DemoOrderFlow(final CommandSink publisher, final List<Instrument> instruments, final int ordersPerSecond,
        final PrintStream out)
    {
        this.publisher = publisher;
        this.instruments = List.copyOf(instruments);
        this.ordersPerSecond = ordersPerSecond;
        this.out = out;
        thread = new Thread(this::run, "kairos-demo-flow");
        thread.setDaemon(true);
    }

    void start()
    {
        thread.start();
    }

    private void run()
    {
        final SplittableRandom random = new SplittableRandom(42);
        final EngineCommand command = new EngineCommand();
        final Instrument[] sentInstrument = new Instrument[LIVE_ORDERS];
        final Side[] sentSide = new Side[LIVE_ORDERS];
        final long intervalNs = TimeUnit.SECONDS.toNanos(1) / ordersPerSecond;
        long next = System.nanoTime();
        long lastSummary = next;
        for (long n = 0; running; n++)
        {
            final int slot = (int)(n % LIVE_ORDERS);
            if (n >= LIVE_ORDERS)
            {
                command.cancel(SESSION_ID, clOrdPrefix + "C" + n, clOrdPrefix + (n - LIVE_ORDERS),
                    sentInstrument[slot].id(), sentSide[slot]);
                publish(command);
            }
            final Instrument instrument = instruments.get(random.nextInt(instruments.size()));
            final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            final long quantity = instrument.lotSize() * (1 + random.nextInt(10));
            if (random.nextInt(5) == 0)
            {
                command.newOrder(SESSION_ID, clOrdPrefix + n, instrument.id(), side, OrderType.MARKET, TimeInForce.IOC,
                    0, quantity);
            }
            else
            {
                final long offsetTicks = random.nextInt(-10, 11) + (side == Side.BUY ? -2 : 2);
                final long price = Math.max(instrument.tickSize(),
                    instrument.referencePrice() + offsetTicks * instrument.tickSize());
                command.newOrder(SESSION_ID, clOrdPrefix + n, instrument.id(), side, OrderType.LIMIT, TimeInForce.DAY,
                    price, quantity);
            }
            sentInstrument[slot] = instrument;
            sentSide[slot] = side;
            publish(command);
            next += intervalNs;
            final long now = System.nanoTime();
            if (now - lastSummary >= SUMMARY_EVERY_NS)
            {
                lastSummary = now;
                out.printf("demo-flow: %d orders sent, %d accepted, %d fills, %d rejected%n", n + 1, accepted.get(),
                    fills.get(), rejected.get());
            }
            final long sleepNs = next - System.nanoTime();
            if (sleepNs > 0)
            {
                sleep(sleepNs);
            }
        }
    }

    private void publish(final EngineCommand command)
    {
        if (publisher.publish(command) == CommandSink.CLOSED)
        {
            running = false;
        }
    }

    private void sleep(final long nanos)
    {
        try
        {
            TimeUnit.NANOSECONDS.sleep(nanos);
        }
        catch (final InterruptedException ex)
        {
            running = false;
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        if (event.execType == ExecType.NEW)
        {
            accepted.incrementAndGet();
        }
        else if (event.execType == ExecType.TRADE)
        {
            fills.incrementAndGet();
        }
        else if (event.execType == ExecType.REJECTED)
        {
            rejected.incrementAndGet();
        }
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
    }

    @Override
    public void close()
    {
        running = false;
        thread.interrupt();
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
