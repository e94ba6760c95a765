package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link LoopbackCost} over real loopback TCP: every byte arrives, the figures print. */
class LoopbackCostTest
{
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldDeliverEveryMessageToTheReceiver() throws Exception
    {
        final LoopbackCost.Result result = LoopbackCost.measure(new LoopbackCost.Config(3, 120, 3_000, 0));

        assertEquals(360_000, result.bytesReceived());
        assertTrue(result.reads() >= 1 && result.reads() <= 3_000, () -> "reads " + result.reads());
        assertTrue(result.sendCpuNs() > 0 && result.receiveCpuNs() > 0, result::toString);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldSubtractThePacingLoopAndStillDeliverEverything() throws Exception
    {
        final LoopbackCost.Result result = LoopbackCost.measure(new LoopbackCost.Config(2, 50, 200, 20_000));

        assertEquals(10_000, result.bytesReceived());
        assertTrue(result.sendCpuNs() >= 0, result::toString);
    }

    @Test
    void shouldPrintTheCostPerMessageAndTheCoresForTheRate()
    {
        final LoopbackCost.Config config = new LoopbackCost.Config(10, 300, 1_000, 0);
        final LoopbackCost.Result result = new LoopbackCost.Result(config, 300_000, 500, 5_000_000, 4_000_000,
            1_000_000_000);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LoopbackCostCommand.print(result, 200_000, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertEquals("""
            loopback TCP: 1,000 messages of 300 bytes over 10 connections, back to back, 1.0 s
            send:    5.00 us CPU per message (one write each)
            receive: 4.00 us CPU per message (0.50 reads per message)
            200,000 such messages a second take 1.80 cores (sender and receiver)
            """, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldRefuseAConfigurationThatCannotRunWithTheFieldNamed()
    {
        assertEquals("connections must be in [1, 1000], was 0",
            assertThrows(IllegalArgumentException.class, () -> new LoopbackCost.Config(0, 300, 1, 0)).getMessage());
        assertEquals("message bytes must be in [1, 65536], was 0",
            assertThrows(IllegalArgumentException.class, () -> new LoopbackCost.Config(1, 0, 1, 0)).getMessage());
        assertEquals("messages must be at least 1, was 0",
            assertThrows(IllegalArgumentException.class, () -> new LoopbackCost.Config(1, 300, 0, 0)).getMessage());
        assertEquals("pace must not be negative, was -1 ns",
            assertThrows(IllegalArgumentException.class, () -> new LoopbackCost.Config(1, 300, 1, -1)).getMessage());
    }
}
