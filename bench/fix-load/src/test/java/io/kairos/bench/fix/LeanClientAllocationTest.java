package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lean client's hot threads allocate nothing per order in steady state: ThreadMXBean's allocated bytes of the
 * sender and the receiver over the measured part (after a warm-up) of a short and a three times longer run against
 * the echo server; what the longer run allocated beyond the shorter one, per extra request, is about zero (a
 * per-message allocation would be tens of bytes). Counts requests, never times them.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LeanClientAllocationTest
{
    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);
    private static final List<String> HOT_THREADS = List.of("lean-sender", "lean-receiver");

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    private LoadResult run(final int port, final long durationNs) throws Exception
    {
        // cancels outweigh inserts, so the sessions' resting sets stay small and never grow in the measured part
        final OrderModelConfig model = new OrderModelConfig(Instrument.parseList(Instrument.DEMO_LIST), 0.2, 20, -1,
            1, 2, 1, 10, 0, 11);
        final LoadConfig config = new LoadConfig("alloc", "127.0.0.1", port, "FIX.4.4", "KAIROS",
            SessionNames.compIds("CLIENT%02d", 1, 2), SessionNames.passwords("CLIENT%02d", "client%02dpass", 1, 2),
            2_000, SECOND_NS, durationNs, 30 * SECOND_NS, 0, 1_000, 0, 30 * SECOND_NS, model, null, null, null);
        final LoadResult result = new LeanLoadRunner(config, out).run();
        LoadReport.print(result, out);
        assertEquals(0, result.unanswered(), console::toString);
        return result;
    }

    private static long requests(final LoadResult result)
    {
        return result.outcome().measuredRequests() + result.outcome().lifetimeCancels();
    }

    @Test
    void shouldAllocateNothingPerOrderOnTheSenderAndReceiverThreadsInSteadyState() throws Exception
    {
        try (FixEchoServer server = new FixEchoServer("127.0.0.1", 0, out))
        {
            final LoadResult shorter = run(server.port(), SECOND_NS);
            final LoadResult longer = run(server.port(), 3 * SECOND_NS);

            final long extraRequests = requests(longer) - requests(shorter);
            assertEquals(4_000, extraRequests, console::toString);
            for (final String thread : HOT_THREADS)
            {
                final long shorterBytes = shorter.cpu().hotThreadAllocations().get(thread);
                final long longerBytes = longer.cpu().hotThreadAllocations().get(thread);
                assertTrue(shorterBytes >= 0 && longerBytes >= 0, "the JVM measures thread allocation");
                final double bytesPerExtraRequest = (double)(longerBytes - shorterBytes) / extraRequests;
                assertTrue(bytesPerExtraRequest < 1.0, thread + " allocated " + shorterBytes + " B in the short run, " +
                    longerBytes + " B in the long one: " + bytesPerExtraRequest + " B per extra request\n" + console);
            }
        }
    }
}
