package io.kairos.latency;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.correlate.CorrelationStatistics;
import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.report.ConsoleReport;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.Endpoint;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TcpConnection;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;
import io.kairos.latency.testing.TestFix;

import static io.kairos.latency.testing.KairosTraffic.ENGINE_IN_NS;
import static io.kairos.latency.testing.KairosTraffic.ENGINE_OUT_NS;
import static io.kairos.latency.testing.KairosTraffic.GATEWAY_IN_NS;
import static io.kairos.latency.testing.KairosTraffic.REQUEST_NS;
import static io.kairos.latency.testing.KairosTraffic.RESPONSE_IN_NS;
import static io.kairos.latency.testing.KairosTraffic.SENDING_NS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Order-ack, cancel/replace-ack, order-to-tick per subscriber, the Kairos hop stamps and unmatched counts. */
class CorrelationTest
{
    private static final long MS = 1_000_000;
    private static final Endpoint ORDER_ENTRY = Endpoint.ipv4(10, 0, 0, 2, 9880);
    private static final Endpoint MARKET_DATA = Endpoint.ipv4(10, 0, 0, 2, 9881);

    @TempDir
    Path directory;

    private Analysis analyse(final List<Frame> frames, final AnalysisConfig config) throws Exception
    {
        return Analysis.of(TestCaptureWriter.write(directory.resolve("c.pcap"), Format.PCAP_NANOS_BE,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames), config);
    }

    /** What the console report prints for this analysis. */
    private static String consoleText(final Analysis analysis)
    {
        final ByteArrayOutputStream console = new ByteArrayOutputStream();
        ConsoleReport.write(analysis.result(), new PrintStream(console, true, StandardCharsets.UTF_8));
        return console.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldDecomposeOrderAckIntoHopsFromTheKairosStamps() throws Exception
    {
        final Analysis analysis = analyse(KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 3),
            AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();
        final long ackWire = REQUEST_NS + KairosTraffic.ACK_LATENCY_NS;

        assertEquals(GATEWAY_IN_NS - REQUEST_NS, metrics.hopWireToGatewayIn.max());
        assertEquals(ENGINE_IN_NS - GATEWAY_IN_NS, metrics.hopGatewayInToEngineIn.max());
        assertEquals(ENGINE_OUT_NS - ENGINE_IN_NS, metrics.hopEngineInToEngineOut.max());
        assertEquals(RESPONSE_IN_NS - ENGINE_OUT_NS, metrics.hopEngineOutToResponseIn.max());
        assertEquals(SENDING_NS - RESPONSE_IN_NS, metrics.hopResponseInToGatewayOut.max());
        assertEquals(ackWire - SENDING_NS, metrics.hopGatewayOutToWire.max());
        assertEquals(0, metrics.hopEngineOutToGatewayOut.count(), "7765 present: split into two hops");
        assertEquals(3, metrics.mdEngineInToEngineOut.count());
        assertEquals(ENGINE_OUT_NS - ENGINE_IN_NS, metrics.mdEngineInToEngineOut.max());
        assertEquals(3, metrics.mdGatewayOutToWire.count());
        assertEquals(KairosTraffic.TICK_SENDING_DELAY_NS, metrics.mdEngineOutToGatewayOut.max());
        assertEquals(REQUEST_NS + KairosTraffic.tickLatencyNs(2) - ENGINE_OUT_NS - KairosTraffic.TICK_SENDING_DELAY_NS,
            metrics.mdGatewayOutToWire.max());
    }

    @Test
    void shouldLeaveOutAndCountTheHopsOfAStampOfZeroInsteadOfRecordingFiftySixYears() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection order = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final List<Frame> frames = new ArrayList<>(List.of(order.syn(t), order.synAck(t + 1)));
        frames.add(order.fromClient(REQUEST_NS, KairosTraffic.newOrder("N1")));
        frames.add(order.fromServer(REQUEST_NS + KairosTraffic.ACK_LATENCY_NS, TestFix.message("8", 49, "KAIROS",
            56, "CLIENT01", 52, KairosTraffic.utcTimestamp(SENDING_NS), 11, "N1", 37, "O1", 17, "EN1", 150, "F", 39,
            "2", 5979, 0, 21002, ENGINE_IN_NS, 21003, ENGINE_OUT_NS, 7765, RESPONSE_IN_NS)));

        final Analysis analysis = analyse(frames, AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();

        assertEquals(1, metrics.orderAck.count(), "the ack itself is timed on the wire");
        assertEquals(0, metrics.hopWireToGatewayIn.count());
        assertEquals(1, metrics.hopWireToGatewayIn.skippedUnstamped());
        assertEquals(0, metrics.hopGatewayInToEngineIn.count());
        assertEquals(1, metrics.hopGatewayInToEngineIn.skippedUnstamped());
        assertEquals(ENGINE_OUT_NS - ENGINE_IN_NS, metrics.hopEngineInToEngineOut.max());
        assertEquals(0, metrics.hopEngineInToEngineOut.skippedUnstamped());
        assertTrue(consoleText(analysis).contains(
            "(1 skipped: a stamp of 0, the server took no time)"));
    }

    @Test
    void shouldAnalyseInCaptureTimeOrderWhenTheFileHoldsAnAcknowledgementBeforeTheDataItAcknowledges() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection order = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final byte[] ack = KairosTraffic.ack("N1", "O1", "0");
        final byte[] fill = TestFix.message("8", 11, "N1", 37, "O1", 17, "F1", 150, "F", 39, "2");
        final Frame syn = order.syn(t);
        final Frame synAck = order.synAck(t + 1);
        final Frame request = order.fromClient(t + MS, KairosTraffic.newOrder("N1"));
        final Frame ackFrame = order.fromServerAt(t + MS + 250_000, 0, ack);
        final Frame fillFrame = order.fromServerAt(t + MS + 300_000, ack.length, fill);
        order.skipServer(ack.length + fill.length);
        final Frame acknowledgesBoth = order.fromClient(t + MS + 310_000, KairosTraffic.newOrder("N2"));
        // written as two CPUs can queue them: the ack's packet behind the client's acknowledgement of it
        final List<Frame> frames = List.of(syn, synAck, request, fillFrame, acknowledgesBoth, ackFrame);

        final Analysis analysis = analyse(frames, AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();

        assertEquals(1, metrics.orderAck.count());
        assertEquals(250_000, metrics.orderAck.max(), "N1's ack is its New, not the fill after it");
        assertEquals(0, analysis.result().streams().statistics().gaps());
        assertEquals(0, analysis.result().streams().statistics().retransmittedSegments());
        assertEquals(1, analysis.result().packetsReordered());
    }

    @Test
    void shouldDropARequestWhoseAnswerMayBeInACaptureGapInsteadOfPairingItWithALaterReport() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection order = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final TcpConnection other = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 3, 40_000), ORDER_ENTRY);
        final byte[] lostAck = KairosTraffic.ack("N1", "O1", "0");
        final byte[] fill = TestFix.message("8", 11, "N1", 37, "O1", 17, "F1", 150, "F", 39, "2");
        final List<Frame> frames = new ArrayList<>(List.of(order.syn(t), order.synAck(t + 1), other.syn(t + 2),
            other.synAck(t + 3)));
        frames.add(order.fromClient(t + MS, KairosTraffic.newOrder("N1")));
        frames.add(other.fromClient(t + MS + 1, KairosTraffic.newOrder("M1")));
        frames.add(order.fromServerAt(t + MS + 300_000, lostAck.length, fill)); // the ack before it was not captured
        order.skipServer(lostAck.length + fill.length);
        frames.add(order.fromClient(t + MS + 310_000, KairosTraffic.newOrder("N2"))); // acknowledges both: a gap
        frames.add(other.fromServer(t + MS + 400_000, KairosTraffic.ack("M1", "P1", "0")));
        frames.add(order.fromServer(t + MS + 500_000, KairosTraffic.ack("N2", "O2", "0")));

        final Analysis analysis = analyse(frames, AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();
        final CorrelationStatistics statistics = analysis.result().correlator().statistics();

        assertEquals(1, analysis.result().streams().statistics().gaps());
        assertEquals(1, statistics.requestsWithAnswerInGap(), "N1: its ack may be the lost bytes");
        assertEquals(1, statistics.unmatchedRequests("D"));
        assertEquals(1, statistics.reportsWithoutRequest(), "N1's fill answers no open request");
        assertEquals(2, metrics.orderAck.count(), "M1 on the other connection and N2, sent after the gap");
        assertEquals(500_000 - 310_000, metrics.orderAck.min(), "N2");
        assertEquals(400_000 - 1, metrics.orderAck.max(), "M1");
    }

    @Test
    void shouldMeasureOrderToTickPerSubscriberAndToTheLastSubscriber() throws Exception
    {
        final Analysis analysis = analyse(KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 4),
            AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();

        assertEquals(KairosTraffic.tickLatencyNs(0), metrics.orderToTickFirst.max());
        assertEquals(KairosTraffic.tickLatencyNs(3), metrics.orderToTickLast.max());
        assertEquals(4, metrics.perSubscriber().size());
        for (int s = 0; s < 4; s++)
        {
            assertEquals(1, metrics.perSubscriber().get(s).count());
            assertEquals(KairosTraffic.tickLatencyNs(s), metrics.perSubscriber().get(s).min());
        }
        assertEquals(REQUEST_NS + KairosTraffic.tickLatencyNs(0), analysis.sink().row("A1").firstTickNs());
        assertEquals(REQUEST_NS + KairosTraffic.tickLatencyNs(3), analysis.sink().row("A1").lastTickNs());
    }

    @Test
    void shouldPairATickThatReachedTheWireBeforeTheAckNamingItsOrderId() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection order = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final TcpConnection fast = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 1, 1, 50_000), MARKET_DATA);
        final TcpConnection slow = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 1, 2, 50_000), MARKET_DATA);
        final List<Frame> frames = new ArrayList<>(List.of(order.syn(t), order.synAck(t + 1), fast.syn(t + 2),
            fast.synAck(t + 3), slow.syn(t + 4), slow.synAck(t + 5)));
        frames.add(order.fromClient(t + MS, KairosTraffic.newOrder("N1")));
        frames.add(fast.fromServer(t + MS + 100_000, KairosTraffic.tick("O1")));
        frames.add(order.fromServer(t + MS + 250_000, KairosTraffic.ack("N1", "O1", "0")));
        frames.add(slow.fromServer(t + MS + 400_000, KairosTraffic.tick("O1")));

        final Analysis analysis = analyse(frames, AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();

        assertEquals(100_000, metrics.orderToTickFirst.max());
        assertEquals(400_000, metrics.orderToTickLast.max());
        assertEquals(100_000, metrics.perSubscriber().get(0).max());
        assertEquals(400_000, metrics.perSubscriber().get(1).max());
        assertEquals(1, analysis.result().correlator().statistics().ticksBeforeAck());
        assertEquals(2, analysis.sink().row("N1").subscribers());
    }

    @Test
    void shouldPairCancelAndReplaceAcksByExecTypeAndCountWhatStaysUnmatched() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection a = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final TcpConnection b = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 3, 40_000), ORDER_ENTRY);
        final List<Frame> frames = new ArrayList<>(List.of(a.syn(t), a.synAck(t + 1), b.syn(t + 2), b.synAck(t + 3)));
        frames.add(a.fromClient(t + MS, KairosTraffic.newOrder("N1")));
        frames.add(b.fromClient(t + 2 * MS, KairosTraffic.newOrder("N1")));
        frames.add(a.fromServer(t + 3 * MS, KairosTraffic.ack("N1", "O1", "0")));
        frames.add(a.fromClient(t + 4 * MS, TestFix.message("F", 11, "C1", 41, "N1", 37, "O1")));
        frames.add(a.fromServer(t + 5 * MS, TestFix.message("8", 11, "C1", 41, "N1", 37, "O1", 150, "6", 39, "6")));
        frames.add(a.fromServer(t + 7 * MS, TestFix.message("8", 11, "C1", 41, "N1", 37, "O1", 150, "4", 39, "4")));
        frames.add(a.fromClient(t + 8 * MS, TestFix.message("G", 11, "R1", 41, "N1", 38, 50)));
        frames.add(a.fromServer(t + 12 * MS, TestFix.message("8", 11, "R1", 37, "O1", 150, "5", 39, "5")));
        frames.add(a.fromClient(t + 13 * MS, TestFix.message("F", 11, "C2", 41, "N9")));
        frames.add(a.fromServer(t + 14 * MS, TestFix.message("9", 11, "C2", 41, "N9", 434, 1)));
        frames.add(a.fromClient(t + 15 * MS, TestFix.message("G", 11, "R2", 41, "N9")));
        frames.add(a.fromServer(t + 16 * MS, TestFix.message("8", 11, "ZZ", 150, "0")));

        final Analysis analysis = analyse(frames, AnalysisConfig.defaults());
        final Metrics metrics = analysis.result().correlator().metrics();
        final CorrelationStatistics statistics = analysis.result().correlator().statistics();

        assertEquals(1, metrics.orderAck.count(), "N1 on connection b has no ack on b");
        assertEquals(2 * MS, metrics.orderAck.max());
        assertEquals(3 * MS, metrics.cancelAck.max(), "the 150=6 Pending Cancel is not the cancel-ack");
        assertEquals(4 * MS, metrics.replaceAck.max());
        assertEquals(1, metrics.cancelReplaceReject.count());
        assertEquals(1, statistics.unmatchedRequests("D"));
        assertEquals(0, statistics.unmatchedRequests("F"));
        assertEquals(1, statistics.unmatchedRequests("G"));
        assertEquals(1, statistics.reportsWithoutRequest());
        assertEquals(1, statistics.ordersWithoutTick());
        assertEquals(Long.MIN_VALUE, analysis.sink().row("R2").ackNs(), "R2 was never acknowledged");
    }

    @Test
    void shouldCountFillsAfterTheAckAsLaterReportsForAcknowledgedOrders() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection a = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final List<Frame> frames = new ArrayList<>(List.of(a.syn(t), a.synAck(t + 1)));
        frames.add(a.fromClient(t + MS, KairosTraffic.newOrder("N1")));
        frames.add(a.fromServer(t + 2 * MS, KairosTraffic.ack("N1", "O1", "0")));
        frames.add(a.fromServer(t + 3 * MS, KairosTraffic.ack("N1", "O1", "1")));
        frames.add(a.fromServer(t + 4 * MS, KairosTraffic.ack("N1", "O1", "2")));
        frames.add(a.fromServer(t + 5 * MS, KairosTraffic.ack("N7", "O7", "0")));

        final Analysis analysis = analyse(frames, AnalysisConfig.defaults());
        final CorrelationStatistics statistics = analysis.result().correlator().statistics();

        assertEquals(1, analysis.result().correlator().metrics().orderAck.count());
        assertEquals(2, statistics.laterReports(), "the two fills after N1's ack");
        assertEquals(1, statistics.reportsWithoutRequest(), "N7 was never requested in this capture");
        assertTrue(consoleText(analysis).contains(
            "later reports for acknowledged orders 2; ExecutionReports/35=9 answering no open request 1"));
    }

    @Test
    void shouldEvictRequestsUnansweredWithinTheAckTimeoutSoMemoryStaysBounded() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection a = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
        final List<Frame> frames = new ArrayList<>(List.of(a.syn(t), a.synAck(t + 1)));
        for (int i = 0; i < 100; i++)
        {
            frames.add(a.fromClient(t + (i + 1) * 100 * MS, KairosTraffic.newOrder("N" + i)));
        }
        frames.add(a.fromServer(t + 10_200 * MS, KairosTraffic.ack("N99", "O99", "8")));
        frames.add(a.fromServer(t + 10_300 * MS, KairosTraffic.ack("N0", "O0", "8")));
        final AnalysisConfig config = new AnalysisConfig(PortSet.parse("9880"), PortSet.parse("9881"), 1_000, 1_000,
            64, 1 << 20, 1 << 20, 16, false);

        final Analysis analysis = analyse(frames, config);
        final CorrelationStatistics statistics = analysis.result().correlator().statistics();

        assertEquals(1, analysis.result().correlator().metrics().orderAck.count());
        assertEquals(200 * MS, analysis.result().correlator().metrics().orderAck.max());
        assertEquals(99, statistics.unmatchedRequests("D"));
        assertEquals(92, statistics.evictedRequests("D"), "N0..N91 were older than 1 s when later traffic came");
        assertEquals(1, statistics.reportsWithoutRequest(), "N0 was evicted before its late ack");
        assertEquals(11, statistics.peakOpenOrders(), "at most 1 s of 100 ms-spaced requests are open");
    }
}
