package io.kairos.bench.md;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.Side;
import io.kairos.md.MarketDataGateway;
import io.kairos.md.MarketDataGatewayConfig;
import io.kairos.md.MdIdleMode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Fan-out of one book update to N market-data subscribers over loopback, through the real
 * {@link MarketDataGateway} (Netty, its event loop, real TCP sockets on 127.0.0.1, raw-socket
 * subscribers logged on and subscribed to the L3 view of one instrument). The benchmark thread
 * plays the engine: each invocation hands one event to {@link MarketDataGateway#onBookEvent} and
 * returns when
 * <ul>
 *   <li>{@code toLastWrite}: the gateway has flushed the update to every subscriber (its
 *       fan-out counter advanced: engine event → last subscriber's write), or</li>
 *   <li>{@code toLastReceive}: every subscriber's reader thread has received its copy.</li>
 * </ul>
 * One update at a time: before each invocation (outside the measured time) every subscriber has
 * received everything sent so far. Waiting threads yield rather than spin, to suit small shared
 * machines. With {@code idle=BLOCK} the figures include waking the sleeping event loop; with
 * {@code BUSY_SPIN} the loop never sleeps (it then takes a core from the subscribers' reader
 * threads on a small machine). Sample mode: one sample per update.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FanOutBenchmark extends MdBenchmark
{
    private static final int INSTRUMENT_ID = 1;
    private static final ReferenceData REFERENCE_DATA = new ReferenceData(
        List.of(new Instrument("AAPL", INSTRUMENT_ID, 0, 10_000, 1, 100_000_000, 20)), 1);

    @Param({"1", "10"})
    public int subscribers;

    /** How the gateway's event loop waits between updates ({@code md.idle-strategy}). */
    @Param({"BLOCK", "BUSY_SPIN"})
    public MdIdleMode idle;

    private final BookEvent event = new BookEvent();
    private final List<RawSubscriber> clients = new ArrayList<>();
    private MarketDataGateway gateway;
    private long updates;

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        gateway =
            MarketDataGateway.launch(MarketDataGatewayConfig.defaults().withPort(0).withIdleMode(idle), REFERENCE_DATA,
            new SimpleMeterRegistry());
        for (int i = 1; i <= subscribers; i++)
        {
            clients.add(new RawSubscriber(gateway.port(), String.format("MD%02d", i), "AAPL"));
        }
    }

    @Setup(Level.Invocation)
    public void nextUpdate()
    {
        awaitAllReceived();
        fill(event, updates++);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException
    {
        for (final RawSubscriber client : clients)
        {
            client.close();
        }
        clients.clear();
        gateway.close();
    }

    @Benchmark
    public long toLastWrite()
    {
        final long before = gateway.fanOutsCompleted();
        gateway.onBookEvent(event);
        long now;
        long spins = 0;
        while ((now = gateway.fanOutsCompleted()) == before)
        {
            Thread.yield();
            if ((++spins & 0xFFFF) == 0 && spins > 10_000_000L)
            {
                throw new IllegalStateException("no fan-out after " + spins + " yields");
            }
        }
        return now;
    }

    @Benchmark
    public long toLastReceive()
    {
        gateway.onBookEvent(event);
        return awaitAllReceived();
    }

    private long awaitAllReceived()
    {
        long received = 0;
        for (final RawSubscriber client : clients)
        {
            received += client.awaitIncrementals(updates);
        }
        return received;
    }

    /** Alternating add and delete of one order: every event changes the book and yields one X per subscriber. */
    private static void fill(final BookEvent event, final long i)
    {
        event.type = i % 2 == 0 ? BookEvent.Type.ADD : BookEvent.Type.DELETE;
        event.instrumentId = INSTRUMENT_ID;
        event.sequence = i + 1;
        event.orderId = 1_000_000 + i / 2;
        event.side = Side.BUY;
        event.price = 99_990_000;
        event.quantity = 100;
        event.engineInNs = System.currentTimeMillis() * 1_000_000L;
        event.engineOutNs = event.engineInNs + 1_000;
    }
}
