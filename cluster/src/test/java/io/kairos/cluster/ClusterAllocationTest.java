package io.kairos.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecType;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replicated engine's hot paths allocate nothing per command once warm: the leader's matching service thread
 * (decode, match, encode the events, keep them in the history, send them), the leader's member thread (its media
 * driver, archive and consensus module, compact threading with no forces) and the gateways' client agent thread
 * (poll the egress, decode, hand the events over, and its media driver). Measured with the JVM's per-thread
 * allocation counter over {@value #MEASURED_ORDERS} orders (new + cancel), after warming up until
 * {@value #QUIET_ROUNDS} rounds in a row allocated nothing on any of them (a one-off growth — the history filling its
 * slots, a late JIT compilation — must not fall in the measured window); a window that still catches one is measured
 * again, up to {@value #MEASURED_WINDOWS} times, the quietest counting: an allocation per command shows in every one.
 * The drivers' transport pollers walk their lists without an iterator only because {@link ReusedIteratorPollers}
 * replaced them.
 */
class ClusterAllocationTest
{
    private static final int AAPL = 1;
    private static final EngineConfig ENGINE = EngineConfig.defaults(
        List.of(new Instrument("AAPL", AAPL, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 0)))
        .withSnapshotEveryCommands(0);
    private static final int BATCH = 200;
    private static final int MIN_WARM_UP_ROUNDS = 10;
    private static final int QUIET_ROUNDS = 3;
    private static final int MAX_WARM_UP_ROUNDS = 100;
    private static final int MEASURED_ORDERS = 2_000;
    private static final int MEASURED_WINDOWS = 3;
    /** Slack for the odd timer or resize inside Aeron over the whole run, not per order. */
    private static final long MAX_BYTES_PER_ORDER = 16;
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    private final Counting counting = new Counting();
    private final EngineCommand command = new EngineCommand();
    private InProcessCluster cluster;
    private ClusterEngine client;
    private long sent;

    @AfterEach
    void close()
    {
        CloseHelper.close(cluster);
    }

    @Test
    void shouldNotAllocatePerCommandOnTheServiceTheMemberOrTheClientThread()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        client = cluster.startClient(ENGINE, counting, true);
        final int leader = cluster.leader();
        final String[] names = {"leader's service thread", "leader's member thread (driver, archive, consensus module)",
            "client agent thread (client, its driver)"};
        final long[] threads = {cluster.members[leader].serviceThread().threadId(),
            threadNamed("kairos-member-" + leader).threadId(), cluster.clientThread().thread().threadId()};

        int quiet = 0;
        for (int round = 0; round < MAX_WARM_UP_ROUNDS && (round < MIN_WARM_UP_ROUNDS || quiet < QUIET_ROUNDS); round++)
        {
            final long before = allocated(threads);
            placeAndCancel(BATCH);
            quiet = allocated(threads) == before ? quiet + 1 : 0;
        }
        long[] quietest = null;
        for (int window = 0; window < MEASURED_WINDOWS && !withinLimit(quietest); window++)
        {
            final long[] before = new long[threads.length];
            for (int t = 0; t < threads.length; t++)
            {
                before[t] = THREADS.getThreadAllocatedBytes(threads[t]);
            }
            placeAndCancel(MEASURED_ORDERS);
            final long[] bytes = new long[threads.length];
            for (int t = 0; t < threads.length; t++)
            {
                bytes[t] = THREADS.getThreadAllocatedBytes(threads[t]) - before[t];
                System.out.printf("cluster allocation, window %d: %s %d bytes over %d orders (new + cancel)%n",
                    window + 1, names[t], bytes[t], MEASURED_ORDERS);
            }
            if (quietest == null || Arrays.stream(bytes).sum() < Arrays.stream(quietest).sum())
            {
                quietest = bytes;
            }
        }
        for (int t = 0; t < threads.length; t++)
        {
            assertTrue(quietest[t] <= MAX_BYTES_PER_ORDER * MEASURED_ORDERS,
                names[t] + " allocated " + quietest[t] + " bytes");
        }
    }

    private static boolean withinLimit(final long[] bytes)
    {
        return bytes != null && Arrays.stream(bytes).allMatch(b -> b <= MAX_BYTES_PER_ORDER * MEASURED_ORDERS);
    }

    private static Thread threadNamed(final String name)
    {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).findFirst()
            .orElseThrow(() -> new AssertionError("no thread named " + name));
    }

    private static long allocated(final long[] threads)
    {
        return THREADS.getThreadAllocatedBytes(threads[0]) + THREADS.getThreadAllocatedBytes(threads[1]);
    }

    /** Places and cancels {@code orders} bids, waiting (bounded) for every answer. */
    private void placeAndCancel(final int orders)
    {
        for (int i = 0; i < orders; i++)
        {
            final String id = Long.toString(sent++);
            client.publish(command.newOrder(1, id, AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                Prices.parse("99"), 1));
            client.publish(command.cancel(1, "c" + id, id, AAPL, Side.BUY));
        }
        final long expected = sent;
        Await.until(expected + " orders placed and cancelled", () -> counting.cancelled == expected);
    }

    /** Counts what the client delivers without allocating; called on the client's agent thread. */
    private static final class Counting implements EngineEventListener
    {
        private volatile long cancelled;

        @Override
        public void onExecution(final ExecutionEvent event)
        {
            if (event.execType == ExecType.CANCELED)
            {
                cancelled++;
            }
        }

        @Override
        public void onBookEvent(final BookEvent event)
        {
        }
    }
}
