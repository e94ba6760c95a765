package io.kairos.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.Endpoint;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TcpConnection;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;

import static io.kairos.latency.testing.KairosTraffic.ack;
import static io.kairos.latency.testing.KairosTraffic.newOrder;
import static io.kairos.latency.testing.TestFix.concat;
import static io.kairos.latency.testing.TestFix.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TCP reassembly and FIX framing under every pathology a real capture shows, with exact expected latencies. */
class TcpPathologiesTest
{
    private static final long T = KairosTraffic.T0_NS;
    private static final long MS = 1_000_000;

    @TempDir
    Path directory;

    private final List<Frame> frames = new ArrayList<>();
    private TcpConnection connection;

    @BeforeEach
    void connect()
    {
        connection = new TcpConnection(Endpoint.ipv4(10, 0, 0, 1, 40_000), Endpoint.ipv4(10, 0, 0, 2, 9880),
            Link.ETHERNET, -100, 7_000_000);
    }

    private void handshake()
    {
        frames.add(connection.syn(T));
        frames.add(connection.synAck(T + 1000));
    }

    private Analysis analyse() throws Exception
    {
        return Analysis.of(TestCaptureWriter.write(directory.resolve("c.pcap"), Format.PCAP_NANOS_LE,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames), "9880", "9881");
    }

    @Test
    void shouldTimeAMessageByThePacketHoldingItsFirstByteWhenSegmentsArriveOutOfOrder() throws Exception
    {
        handshake();
        final byte[] order = newOrder("A1");
        frames.add(connection.fromClientAt(T + 2 * MS, 30, slice(order, 30, order.length)));
        frames.add(connection.fromClientAt(T + 3 * MS, 0, slice(order, 0, 30)));
        connection.skipClient(order.length);
        frames.add(connection.fromServer(T + 10 * MS, ack("A1", "O1", "0")));

        final Analysis analysis = analyse();

        assertEquals(7 * MS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(1, analysis.result().streams().statistics().outOfOrderSegments());
        assertEquals(0, analysis.result().streams().statistics().gaps());
    }

    @Test
    void shouldDropRetransmittedSegmentsSoEachMessageCountsOnce() throws Exception
    {
        handshake();
        final byte[] order = newOrder("A1");
        frames.add(connection.fromClientAt(T + 2 * MS, 0, order));
        frames.add(connection.fromClientAt(T + 3 * MS, 0, order));
        connection.skipClient(order.length);
        final byte[] report = ack("A1", "O1", "8");
        frames.add(connection.fromServerAt(T + 5 * MS, 0, report));
        frames.add(connection.fromServerAt(T + 6 * MS, 0, report));

        final Analysis analysis = analyse();

        assertEquals(2, analysis.result().fixStatistics().messages());
        assertEquals(3 * MS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(2, analysis.result().streams().statistics().retransmittedSegments());
        assertEquals(0, analysis.result().correlator().statistics().reportsWithoutRequest());
    }

    @Test
    void shouldTrimOverlappingSegmentsAndKeepTheFirstCopy() throws Exception
    {
        handshake();
        final byte[] two = concat(newOrder("A1"), newOrder("A2"));
        frames.add(connection.fromClientAt(T + 2 * MS, 0, slice(two, 0, 100)));
        frames.add(connection.fromClientAt(T + 3 * MS, 60, slice(two, 60, two.length)));
        connection.skipClient(two.length);
        frames.add(connection.fromServer(T + 4 * MS, concat(ack("A1", "O1", "0"), ack("A2", "O2", "0"))));

        final Analysis analysis = analyse();

        assertEquals(4, analysis.result().fixStatistics().messages());
        assertEquals(2 * MS, analysis.sink().row("A1").ackLatencyNs());
        final int secondStart = newOrder("A1").length;
        assertEquals(secondStart < 100 ? 2 * MS : MS, analysis.sink().row("A2").ackLatencyNs());
        assertEquals(1, analysis.result().streams().statistics().overlappingSegments());
        assertEquals(0, analysis.result().fixStatistics().garbageEvents());
    }

    @Test
    void shouldFrameAMessageSplitOverThreeSegmentsAndTimeItByTheFirst() throws Exception
    {
        handshake();
        final byte[] order = newOrder("A1");
        frames.add(connection.fromClient(T + 2 * MS, slice(order, 0, 7)));
        frames.add(connection.fromClient(T + 3 * MS, slice(order, 7, 40)));
        frames.add(connection.fromClient(T + 4 * MS, slice(order, 40, order.length)));
        frames.add(connection.fromServer(T + 9 * MS, slice(ack("A1", "O1", "0"), 0, 20)));
        frames.add(connection.fromServer(T + 12 * MS, slice(ack("A1", "O1", "0"), 20, ack("A1", "O1", "0").length)));

        final Analysis analysis = analyse();

        assertEquals(7 * MS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(2, analysis.result().fixStatistics().messages());
    }

    @Test
    void shouldFrameSeveralMessagesInOneSegmentAndAMessageStraddlingTwo() throws Exception
    {
        handshake();
        final byte[] orders = concat(newOrder("A1"), newOrder("A2"), newOrder("A3"));
        final int cut = newOrder("A1").length + newOrder("A2").length + 10;
        frames.add(connection.fromClient(T + 2 * MS, slice(orders, 0, cut)));
        frames.add(connection.fromClient(T + 3 * MS, slice(orders, cut, orders.length)));
        frames.add(connection.fromServer(T + 5 * MS, concat(ack("A1", "O1", "0"), ack("A2", "O2", "F"),
            ack("A3", "O3", "8"))));

        final Analysis analysis = analyse();

        assertEquals(3 * MS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(3 * MS, analysis.sink().row("A2").ackLatencyNs());
        assertEquals(3 * MS, analysis.sink().row("A3").ackLatencyNs(), "A3 began in the first segment");
        assertEquals(1, analysis.result().correlator().metrics().orderAckNew.count());
        assertEquals(1, analysis.result().correlator().metrics().orderAckFill.count());
        assertEquals(1, analysis.result().correlator().metrics().orderAckReject.count());
    }

    @Test
    void shouldResynchroniseOnTheNextFixMessageWhenTheCaptureStartsMidStream() throws Exception
    {
        final byte[] stream = concat(newOrder("A0"), newOrder("A1"));
        final int start = 25;
        frames.add(connection.fromClientAt(T + 2 * MS, start, slice(stream, start, stream.length)));
        frames.add(connection.fromServerAt(T + 6 * MS, 0, concat(slice(ack("A0", "O0", "0"), 40,
            ack("A0", "O0", "0").length), ack("A1", "O1", "0"))));

        final Analysis analysis = analyse();

        assertEquals(4 * MS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(1, analysis.result().correlator().metrics().orderAck.count());
        assertEquals(2, analysis.result().streams().statistics().midStreamStarts());
        assertEquals(2, analysis.result().fixStatistics().resynchronisations());
        assertEquals(0, analysis.result().problems().problemCount(), "a mid-stream start is expected, not corrupt");
    }

    @Test
    void shouldCountALostSegmentResynchroniseAndStillPairTheMessagesAfterIt() throws Exception
    {
        handshake();
        frames.add(connection.fromClient(T + 2 * MS, newOrder("A1")));
        frames.add(connection.fromServer(T + 3 * MS, ack("A1", "O1", "0")));
        final byte[] lostAndSplit = concat(newOrder("A2"), newOrder("A3"));
        connection.skipClient(newOrder("A2").length + 10);
        frames.add(connection.fromClient(T + 4 * MS, slice(lostAndSplit, newOrder("A2").length + 10,
            lostAndSplit.length)));
        frames.add(connection.fromClient(T + 5 * MS, newOrder("A4")));
        frames.add(connection.fromServer(T + 6 * MS, concat(ack("A2", "O2", "0"), ack("A3", "O3", "0"))));
        frames.add(connection.fromServer(T + 8 * MS, ack("A4", "O4", "0")));

        final Analysis analysis = analyse();

        assertEquals(MS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(3 * MS, analysis.sink().row("A4").ackLatencyNs());
        assertEquals(1, analysis.result().streams().statistics().gaps());
        assertEquals(newOrder("A2").length + 10, analysis.result().streams().statistics().gapBytes());
        assertEquals(1, analysis.result().fixStatistics().resynchronisations());
        assertEquals(2, analysis.result().correlator().statistics().reportsWithoutRequest(), "A2 and A3 were lost");
        assertTrue(analysis.result().problems().warnings().get(0).contains("never captured"));
    }

    @Test
    void shouldDeclareAHoleLostAsSoonAsThePeerAcknowledgesPastIt() throws Exception
    {
        handshake();
        final byte[] lost = newOrder("A1");
        connection.skipClient(lost.length);
        frames.add(connection.fromClient(T + 2 * MS, newOrder("A2")));
        frames.add(connection.serverAck(T + 3 * MS));
        frames.add(connection.fromServer(T + 4 * MS, ack("A2", "O2", "0")));

        final Analysis analysis = analyse();

        assertEquals(2 * MS, analysis.sink().row("A2").ackLatencyNs(), "A2 was delivered before its ack");
        assertEquals(1, analysis.result().streams().statistics().gaps());
    }

    @Test
    void shouldDeclareTheHoleLostWhenTheOutOfOrderQueueOverflows() throws Exception
    {
        handshake();
        connection.skipClient(newOrder("A1").length);
        frames.add(connection.fromClient(T + 2 * MS, newOrder("A2")));
        frames.add(connection.fromClient(T + 3 * MS, newOrder("A3")));
        frames.add(connection.fromClient(T + 4 * MS, newOrder("A4")));
        frames.add(connection.fromServer(T + 9 * MS, concat(ack("A2", "O2", "0"), ack("A3", "O3", "0"),
            ack("A4", "O4", "0"))));
        final AnalysisConfig twoSegments = new AnalysisConfig(PortSet.parse("9880"), PortSet.parse("9881"), 10_000,
            1_000, 2, 1 << 20, 1 << 20, 16, false);

        final Analysis analysis = Analysis.of(TestCaptureWriter.write(directory.resolve("q.pcap"),
            Format.PCAP_NANOS_LE, NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames), twoSegments);

        assertEquals(7 * MS, analysis.sink().row("A2").ackLatencyNs(), "timed by its own packet, not the overflow");
        assertEquals(6 * MS, analysis.sink().row("A3").ackLatencyNs());
        assertEquals(5 * MS, analysis.sink().row("A4").ackLatencyNs());
        assertEquals(1, analysis.result().streams().statistics().gaps());
        assertEquals(newOrder("A1").length, analysis.result().streams().statistics().gapBytes());
    }

    @Test
    void shouldTreatBytesCutByTheSnaplenAsAGap() throws Exception
    {
        handshake();
        frames.add(connection.fromClient(T + 2 * MS, newOrder("A1")).cutTo(80));
        frames.add(connection.fromClient(T + 3 * MS, newOrder("A2")));
        frames.add(connection.fromServer(T + 5 * MS, concat(ack("A1", "O1", "0"), ack("A2", "O2", "0"))));

        final Analysis analysis = analyse();

        assertEquals(2 * MS, analysis.sink().row("A2").ackLatencyNs());
        assertEquals(1, analysis.result().fixStatistics().partialMessagesLost());
        assertEquals(1, analysis.result().streams().statistics().gaps());
        assertEquals(1, analysis.result().correlator().statistics().reportsWithoutRequest());
    }

    @Test
    void shouldCountAWrongCheckSumButStillUseTheMessageItFrames() throws Exception
    {
        handshake();
        final byte[] order = newOrder("A1");
        order[order.length - 2] = (byte)(order[order.length - 2] == '9' ? '0' : order[order.length - 2] + 1);
        frames.add(connection.fromClient(T + 2 * MS, order));
        frames.add(connection.fromServer(T + 3 * MS, concat(ack("A1", "O1", "0"), slice(newOrder("P"), 0, 3))));

        final Analysis analysis = analyse();

        assertEquals(1, analysis.result().fixStatistics().checksumMismatches());
        assertEquals(MS, analysis.sink().row("A1").ackLatencyNs());
    }

    @Test
    void shouldStartAFreshStreamWhenANewConnectionReusesTheSamePorts() throws Exception
    {
        handshake();
        frames.add(connection.fromClient(T + 2 * MS, newOrder("A1")));
        frames.add(connection.fromServer(T + 3 * MS, ack("A1", "O1", "0")));
        connection = new TcpConnection(Endpoint.ipv4(10, 0, 0, 1, 40_000), Endpoint.ipv4(10, 0, 0, 2, 9880),
            Link.ETHERNET, 555_555, 1);
        frames.add(connection.syn(T + 10 * MS));
        frames.add(connection.synAck(T + 11 * MS));
        frames.add(connection.fromClient(T + 12 * MS, newOrder("A2")));
        frames.add(connection.fromServer(T + 17 * MS, ack("A2", "O2", "0")));

        final Analysis analysis = analyse();

        assertEquals(5 * MS, analysis.sink().row("A2").ackLatencyNs());
        assertEquals(2, analysis.result().streams().statistics().connectionResets());
        assertEquals(0, analysis.result().problems().problemCount());
    }
}
