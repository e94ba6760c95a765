package io.kairos.latency;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.cli.ExitCodes;
import io.kairos.latency.cli.LatencyTool;
import io.kairos.latency.correlate.CorrelationStatistics;
import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.testing.Analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three third-party captures give exactly the results stated in src/test/resources/captures/README.md. */
class RealCapturesTest
{
    private static final String SESSION1 = "captures/andymalakov_libpcap-latency-meter_fix-session1.pcap";
    private static final String NDPI_FIX = "captures/ntop_nDPI_fix.pcap";
    private static final String NDPI_FIX2 = "captures/ntop_nDPI_fix2.pcap";

    @TempDir
    Path out;

    @Test
    void shouldPairTwentyRejectedOrdersOnClOrdIdAloneWithTheReferenceLatencies() throws Exception
    {
        final StringWriter console = new StringWriter();
        final int exit = LatencyTool.execute(new PrintWriter(console), new PrintWriter(new StringWriter()),
            "analyze", Analysis.resource(SESSION1).toString(), "--order-ports", "9999", "--out", out.toString());

        assertEquals(ExitCodes.OK, exit, console.toString());
        final Map<String, String> latencyByClOrdId = new HashMap<>();
        final List<String> csv = Files.readAllLines(out.resolve("orders.csv"));
        for (final String line : csv.subList(1, csv.size()))
        {
            final String[] cells = line.split(",", -1);
            assertEquals("D", cells[0]);
            assertTrue(cells[2].contains(":9999"), "client -> server address: " + cells[2]);
            assertEquals("", cells[4], "no OrderID (37) in this capture");
            assertEquals("8", cells[8], "ExecType 8 (rejected)");
            latencyByClOrdId.put(cells[3], cells[7]);
        }
        final Map<String, String> expected = new HashMap<>();
        final String[] reference = {"3", "33221", "4", "32636", "5", "23101", "6", "22859", "7", "23044", "8", "23614",
            "9", "23312", "10", "22687", "11", "22922", "12", "23521", "13", "24120", "14", "23328", "15", "32214",
            "16", "28217", "17", "22779", "18", "23318", "19", "22837", "20", "23195", "21", "23482", "22", "22852"};
        for (int i = 0; i < reference.length; i += 2)
        {
            expected.put(reference[i], reference[i + 1] + ".000");
        }
        assertEquals(expected, latencyByClOrdId);

        final Analysis analysis = Analysis.of(Analysis.resource(SESSION1), "9999", "9881");
        final Metrics metrics = analysis.result().correlator().metrics();
        assertEquals(20, metrics.orderAck.count());
        assertEquals(20, metrics.orderAckReject.count());
        assertEquals(22_687_000, metrics.orderAck.min());
        assertEquals(23_312_000, metrics.orderAck.percentile(50));
        assertEquals(33_221_000, metrics.orderAck.max());
        assertEquals(0, metrics.orderToTickFirst.count());
        final CorrelationStatistics statistics = analysis.result().correlator().statistics();
        assertEquals(0, statistics.unmatchedRequests("D"));
        assertEquals(20, statistics.messages("D"));
        assertEquals(20, statistics.messages("8"));
        assertEquals(2, statistics.messages("A"));
        assertEquals(2, statistics.messages("B"));
        assertEquals(2, statistics.messages("5"));
        assertTrue(console.toString().contains("order-ack"), console.toString());
        assertTrue(Files.size(out.resolve("report.html")) > 1000);
        assertTrue(Files.exists(out.resolve("order-ack.hgrm")));
    }

    @Test
    void shouldResynchroniseOnFixAmongALookalikeProtocolWithoutInventingOrders()
    {
        final Analysis analysis = Analysis.of(Analysis.resource(NDPI_FIX), "4000", "9881");
        final AnalysisResult result = analysis.result();
        final CorrelationStatistics statistics = result.correlator().statistics();

        assertEquals(1261, result.packets());
        assertEquals(34, result.fixStatistics().messages());
        assertEquals(28, statistics.messages("1"));
        assertEquals(5, statistics.messages("0"));
        assertEquals(1, statistics.messages("U"));
        assertEquals(0, result.correlator().metrics().orderAck.count());
        assertEquals(0, result.correlator().metrics().orderToTickFirst.count());
        assertEquals(0, statistics.requests("D"));
        assertTrue(result.fixStatistics().resynchronisations() > 0, "resynchronisations counted");
        assertEquals(24, result.streams().statistics().midStreamStarts(), "12 connections, no SYN, both directions");
        assertTrue(result.fixStatistics().garbageEvents() > 0, "the lookalike protocol is reported");
        assertTrue(result.problems().problems().get(0).contains("garbage inside FIX stream"));
    }

    @Test
    void shouldDropTcpRetransmissionsAndCountEachFixMessageOnce()
    {
        final Analysis analysis = Analysis.of(Analysis.resource(NDPI_FIX2), "1024", "9881");
        final AnalysisResult result = analysis.result();
        final CorrelationStatistics statistics = result.correlator().statistics();

        assertEquals(3049, result.packets());
        assertEquals(374, result.fixStatistics().messages());
        final Map<String, Long> expected = Map.of("1", 88L, "0", 88L, "BE", 44L, "A", 44L, "j", 22L, "BF", 22L,
            "BD", 22L, "BC", 22L, "5", 22L);
        expected.forEach((type, count) -> assertEquals(count, statistics.messages(type), "MsgType " + type));
        assertEquals(0, result.correlator().metrics().orderAck.count());
        assertEquals(0, result.correlator().metrics().orderToTickFirst.count());
        assertEquals(2, result.streams().connectionCount());
        assertTrue(result.streams().statistics().retransmittedSegments() >= 322);
        assertEquals(0, result.fixStatistics().garbageEvents());
        assertEquals(0, result.problems().problemCount());
    }
}
