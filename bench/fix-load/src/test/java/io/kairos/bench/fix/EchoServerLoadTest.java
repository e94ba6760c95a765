package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The load generator's QuickFIX/J sessions against the echo server over real loopback TCP, briefly. */
class EchoServerLoadTest
{
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldGetAnAnswerToEveryRequestAndWriteTheReport() throws Exception
    {
        final ByteArrayOutputStream console = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        try (FixEchoServer server = new FixEchoServer("127.0.0.1", 0, out))
        {
            final OrderModelConfig model = new OrderModelConfig(Instrument.parseList(Instrument.DEMO_LIST), 0.2, 20,
                -1, 60, 20, 20, 10, TimeUnit.MILLISECONDS.toNanos(200), 5);
            final LoadConfig config = new LoadConfig("echo", "127.0.0.1", server.port(), "FIX.4.4", "KAIROS",
                List.of("CLIENT01", "CLIENT02"), SessionNames.passwords("CLIENT%02d", "client%02dpass", 1, 2), 400,
                TimeUnit.MILLISECONDS.toNanos(200), TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(5), 20,
                2_000, 0, TimeUnit.SECONDS.toNanos(20), model, null, dir, dir.resolve("measuring"));
            final LoadResult result = new LoadRunner(config, out).run();
            LoadReport.print(result, out);
            LoadReport.write(result, dir);

            assertEquals(0, result.unanswered(), console::toString);
            assertEquals(400, result.outcome().measuredRequests(), "1 s planned at 400/s, whatever the sender's lag");
            final long answered = result.recorder().fromPlan(OrderRequest.INSERT).getTotalCount() +
                result.recorder().fromPlan(OrderRequest.CANCEL).getTotalCount() +
                result.recorder().fromPlan(OrderRequest.REPLACE).getTotalCount();
            assertEquals(result.outcome().measuredRequests() + result.outcome().lifetimeCancels(), answered,
                "one recorded answer per measured request, lifetime cancels included");
            assertTrue(result.recorder().fromPlan(OrderRequest.CANCEL).getTotalCount() > 0, "cancels were sent");
            assertTrue(result.actualRatePerSecond() > 0 && result.actualRatePerSecond() <= 400,
                "a late sender stretches the measured time, never shortens it: " + result.actualRatePerSecond());
            final MetricFigures ack = MetricFigures.fromLoad(dir, "order-ack");
            assertTrue(ack.present() && ack.p50() > 0 && ack.p99() >= ack.p50());
            assertTrue(Files.readString(dir.resolve("order-ack.hgrm")).contains("#[Mean"));
            assertTrue(server.messages() > 400);
            assertEquals(0, server.badFrames());
            assertTrue(Files.exists(dir.resolve("measuring")), "the measure-start marker was written");
        }
    }
}
