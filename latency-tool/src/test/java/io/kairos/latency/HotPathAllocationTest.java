package io.kairos.latency;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.capture.TimeSource;
import io.kairos.latency.correlate.LatencyMetric;
import io.kairos.latency.generate.SyntheticCaptureGenerator;
import io.kairos.latency.testing.RecordingSink;
import io.kairos.latency.testing.TestCaptureWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-packet path — pcap reading, decoding, TCP reassembly, FIX framing, correlation and metric recording —
 * allocates nothing once warmed up (all connections seen, order pool and exact-value arrays grown), also when every
 * frame carries a tap's trailer whose stamp replaces the host's time. The tick wait
 * is shortened to 20 ms so the number of open orders reaches its steady state inside the warm-up half.
 */
class HotPathAllocationTest
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @TempDir
    Path directory;

    @Test
    void shouldNotAllocatePerPacketAfterWarmUp() throws Exception
    {
        final Path capture = directory.resolve("generated.pcap");
        final SyntheticCaptureGenerator.Summary generated =
            new SyntheticCaptureGenerator(4, 3, 7).generate(capture, 200_000);

        assertNoAllocationAfterWarmUp(capture, generated);
    }

    @Test
    void shouldNotAllocatePerPacketWhenReadingTrailerStamps() throws Exception
    {
        final Path plain = directory.resolve("generated.pcap");
        final SyntheticCaptureGenerator.Summary generated =
            new SyntheticCaptureGenerator(4, 3, 7).generate(plain, 200_000);
        final Path capture = directory.resolve("metamako.pcap");
        TestCaptureWriter.appendTrailers(plain, capture, stampNs -> TestCaptureWriter.metamakoTrailer(stampNs, 2, true),
            3_000);

        final AnalysisResult result = assertNoAllocationAfterWarmUp(capture, generated);

        assertEquals(generated.packets(), result.clocks().packets(TimeSource.METAMAKO));
    }

    /** Analyses with the default --timestamps (auto: trailers looked for in every frame). */
    private AnalysisResult assertNoAllocationAfterWarmUp(final Path capture,
        final SyntheticCaptureGenerator.Summary generated) throws Exception
    {
        final long warmUpPackets = generated.packets() / 2;
        final long[] allocated = new long[2];
        final long threadId = Thread.currentThread().threadId();
        final AnalysisConfig shortTickWait = new AnalysisConfig(PortSet.parse("9880"), PortSet.parse("9881"), 10_000,
            20, AnalysisConfig.DEFAULT_MAX_QUEUED_SEGMENTS, AnalysisConfig.DEFAULT_MAX_QUEUED_BYTES,
            AnalysisConfig.DEFAULT_MAP_WINDOW_BYTES, AnalysisConfig.DEFAULT_PREALLOCATED_ORDERS, false);
        final CaptureAnalyzer analyzer = new CaptureAnalyzer(shortTickWait, new NullSink());
        analyzer.packetObserver((buffer, offset, captured, original, linkType, timeNs, source, packetNumber,
            fileOffset) ->
        {
            if (packetNumber == warmUpPackets)
            {
                allocated[0] = THREADS.getThreadAllocatedBytes(threadId);
            }
            else if (packetNumber == generated.packets())
            {
                allocated[1] = THREADS.getThreadAllocatedBytes(threadId);
            }
        });

        final AnalysisResult result = analyzer.analyze(capture, null);

        assertEquals(generated.messages(), result.fixStatistics().messages());
        assertTrue(generated.orders() / 2 > LatencyMetric.EXACT_VALUES, "warm-up fills the exact-value arrays");
        final long packets = generated.packets() - warmUpPackets;
        assertTrue(allocated[1] - allocated[0] < 1024, "bytes allocated while analysing the last " + packets +
            " packets: " + (allocated[1] - allocated[0]) +
            " (a one-off JIT deoptimisation may rematerialise an object or two; one allocation per packet would be" +
            " at least 16 bytes x " + packets + ")");
        return result;
    }

    @Test
    void shouldPairEveryGeneratedOrderAndTick() throws Exception
    {
        final Path capture = directory.resolve("generated.pcap");
        final SyntheticCaptureGenerator.Summary generated =
            new SyntheticCaptureGenerator(3, 4, 11).generate(capture, 20_000);
        final RecordingSink sink = new RecordingSink();

        final AnalysisResult result = new CaptureAnalyzer(AnalysisConfig.defaults().withMapWindowBytes(65_536), sink)
            .analyze(capture, null);

        assertEquals(generated.messages(), result.fixStatistics().messages());
        assertEquals(generated.orders(), result.correlator().metrics().orderAck.count());
        assertEquals(generated.cancels(), result.correlator().metrics().cancelAck.count());
        assertEquals(generated.orders(), result.correlator().metrics().orderToTickFirst.count());
        assertEquals(generated.orders(), result.correlator().metrics().orderToTickLast.count());
        assertEquals(4, result.correlator().metrics().perSubscriber().size());
        assertEquals(generated.orders(), result.correlator().metrics().hopEngineInToEngineOut.count());
        assertEquals(0, result.problems().problemCount() + result.problems().warningCount());
        assertEquals(generated.orders() + generated.cancels(), sink.rows().size());
    }

    /** Discards order records (the CSV writer is exercised elsewhere; here only the analysis path is measured). */
    private static final class NullSink implements io.kairos.latency.correlate.OrderRecordSink
    {
        public void onOrder(final String kind, final int connectionId, final String connection,
            final byte[] clOrdId, final int clOrdIdLength,
            final byte[] orderId, final int orderIdLength, final byte execType, final int subscribers,
            final long[] times)
        {
        }
    }
}
