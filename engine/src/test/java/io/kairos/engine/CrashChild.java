package io.kairos.engine;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Child JVM for {@link CrashRecoveryTest}: runs the engine with a sync journal (each force lengthened by the
 * microseconds of its second argument) and sends orders
 * until it is killed (or 60 s pass). Prints "ACK clOrdId orderId" for each acknowledged resting
 * sell and "FILL clOrdId cumQty" for each of its fills, flushed at once: what the parent saw is
 * what a client saw acknowledged.
 */
public final class CrashChild
{
    private CrashChild()
    {
    }

    public static void main(final String[] args)
    {
        final Path dir = Path.of(args[0]);
        final PrintStream out = System.out;
        final EngineConfig config = CrashRecoveryTest.config(dir).withJournalForceDelayUs(Long.parseLong(args[1]));
        final EngineEventListener printer = new EngineEventListener()
        {
            public void onExecution(final ExecutionEvent e)
            {
                if (e.side != Side.SELL || e.kind != ExecutionEvent.Kind.EXECUTION_REPORT)
                {
                    return;
                }
                if (e.execType == ExecType.NEW)
                {
                    out.println("ACK " + e.clOrdId + " " + e.orderId);
                    out.flush();
                }
                else if (e.execType == ExecType.TRADE)
                {
                    out.println("FILL " + e.clOrdId + " " + e.cumQty);
                    out.flush();
                }
            }

            public void onBookEvent(final BookEvent event)
            {
            }
        };
        final Engine engine = new Engine(config).start(printer);
        final EngineCommand command = new EngineCommand();
        final long deadline = System.nanoTime() + 60_000_000_000L;
        for (int i = 0; System.nanoTime() < deadline; i++)
        {
            final long price = Prices.parse("101") + (i % 50) * Prices.parse("0.01");
            engine.publisher().publish(command.newOrder(1, "s" + i, 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY,
                price, CrashRecoveryTest.SELL_QUANTITY));
            if (i % 3 == 0)
            {
                engine.publisher().publish(command.newOrder(2, "b" + i, 1, Side.BUY, OrderType.LIMIT, TimeInForce.IOC,
                    Prices.parse("110"), 1));
            }
        }
        engine.close();
    }
}
