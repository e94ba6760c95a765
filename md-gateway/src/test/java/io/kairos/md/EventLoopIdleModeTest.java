package io.kairos.md;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import io.kairos.engine.Side;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both idle modes of the event loop serve sessions, timers and the engine's hand-off; only busy-spin keeps its core
 * busy.
 */
class EventLoopIdleModeTest
{
    private static final long QUIET_MS = 500;
    private static final long SPIN_EVIDENCE_CPU_NS = 200_000_000L;
    private static final long SPIN_WAIT_MS = 60_000;

    @ParameterizedTest
    @EnumSource(MdIdleMode.class)
    void shouldServeSessionsHeartbeatsAndEngineEventsAndSpinOnlyWhenAskedTo(final MdIdleMode mode) throws Exception
    {
        final TestVenue venue = new TestVenue();
        try (MarketDataGateway gateway = TestVenue.launch(TestVenue.config().withIdleMode(mode),
            new SimpleMeterRegistry());
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            if (Boolean.getBoolean("io.netty.transport.noNative"))
            {
                assertFalse(gateway.nativeTransport(), "the NIO fallback run uses NIO");
            }
            client.send("A", "98=0", "108=1", "553=MD01", "554=md01pass");
            assertNotNull(client.readUntil("A", 5_000), "logon answered");
            client.subscribe("L3", "AAPL", 0, "N");
            assertNotNull(client.readUntil("W", 5_000), "snapshot");

            gateway.onBookEvent(venue.add(1, 11, Side.BUY, TestVenue.REFERENCE_PRICE - TestVenue.TICK, 100));
            final FixFrame update = client.readUntil("X", 5_000);
            assertNotNull(update,
                "the engine's event reaches the subscriber without a later event or I/O to wake the loop");
            assertEquals("11", update.get(278));
            assertNotNull(client.readUntil("0", 5_000), "the 1-second heartbeat timer runs");

            if (mode == MdIdleMode.BUSY_SPIN)
            {
                final long cpuNs = awaitEventLoopCpu(gateway.eventLoopThreadId(), SPIN_EVIDENCE_CPU_NS);
                assertTrue(cpuNs >= SPIN_EVIDENCE_CPU_NS, "a busy-spinning loop keeps using CPU while quiet, used " +
                    cpuNs + " ns within " + SPIN_WAIT_MS + " ms");
            }
            else
            {
                final double busy = eventLoopCpuShare(gateway.eventLoopThreadId());
                assertTrue(busy < 0.2, "a blocking loop sleeps while quiet, used " + busy);
            }
        }
    }

    /**
     * Waits (bounded) until the quiet event-loop thread has used {@code cpuNs} of CPU time; returns what it used. A
     * spinning loop gets there however little of a core a loaded machine gives it; a blocking one never does.
     */
    private static long awaitEventLoopCpu(final long id, final long cpuNs) throws InterruptedException
    {
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final long cpuStart = threads.getThreadCpuTime(id);
        final long deadline = System.nanoTime() + SPIN_WAIT_MS * 1_000_000L;
        long used = 0;
        while (used < cpuNs && System.nanoTime() < deadline)
        {
            Thread.sleep(10);
            used = threads.getThreadCpuTime(id) - cpuStart;
        }
        return used;
    }

    /** CPU time of the gateway's event-loop thread over a quiet half second, as a share of that time. */
    private static double eventLoopCpuShare(final long id) throws InterruptedException
    {
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final long cpuStart = threads.getThreadCpuTime(id);
        final long wallStart = System.nanoTime();
        Thread.sleep(QUIET_MS);
        return (threads.getThreadCpuTime(id) - cpuStart) / (double)(System.nanoTime() - wallStart);
    }
}
