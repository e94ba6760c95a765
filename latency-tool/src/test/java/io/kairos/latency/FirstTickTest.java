package io.kairos.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.Endpoint;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TcpConnection;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;
import io.kairos.latency.testing.TestFix;

import static io.kairos.latency.testing.KairosTraffic.ack;
import static io.kairos.latency.testing.KairosTraffic.newOrder;
import static io.kairos.latency.testing.KairosTraffic.tick;
import static io.kairos.latency.testing.TestFix.concat;
import static io.kairos.latency.testing.TestFix.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Order-to-tick is the earliest first-byte capture time over every market-data copy of the tick, whatever order the
 * copies complete reassembly in; the same rule within one stream for acks; and tick-minus-ack, the signed "public
 * before private" figure. Hand-made captures: an order connection and two subscribers, times in µs after the D.
 */
class FirstTickTest
{
    private static final long T = KairosTraffic.T0_NS;
    private static final long US = 1_000;
    private static final long D_NS = T + 1_000_000;
    private static final Endpoint ORDER_ENTRY = Endpoint.ipv4(10, 0, 0, 2, 9880);
    private static final Endpoint MARKET_DATA = Endpoint.ipv4(10, 0, 0, 2, 9881);

    @TempDir
    Path directory;

    private final List<Frame> frames = new ArrayList<>();
    private final TcpConnection order = TcpConnection.ethernet(Endpoint.ipv4(10, 0, 0, 1, 40_000), ORDER_ENTRY);
    private final TcpConnection subscriber1 = new TcpConnection(Endpoint.ipv4(10, 0, 1, 1, 50_001),
        MARKET_DATA, Link.ETHERNET, 100, 100);
    private final TcpConnection subscriber2 = new TcpConnection(Endpoint.ipv4(10, 0, 1, 2, 50_002),
        MARKET_DATA, Link.ETHERNET, 200, 200);

    /** Handshakes, then one unrelated tick per subscriber so subscriber 1 is numbered first. */
    @BeforeEach
    void connect()
    {
        frames.addAll(List.of(order.syn(T), order.synAck(T + 1), subscriber1.syn(T + 2), subscriber1.synAck(T + 3),
            subscriber2.syn(T + 4), subscriber2.synAck(T + 5)));
        frames.add(subscriber1.fromServer(T + 10, tick("OTHER")));
        frames.add(subscriber2.fromServer(T + 11, tick("OTHER")));
    }

    private Metrics analyse()
    {
        return analysis().result().correlator().metrics();
    }

    private Analysis analysis()
    {
        try
        {
            return Analysis.of(TestCaptureWriter.write(directory.resolve("c.pcap"), Format.PCAP_NANOS_BE,
                NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames), AnalysisConfig.defaults());
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    @Test
    void shouldTakeTheEarliestFirstByteCopyAsTheTick()
    {
        final byte[] split = tick("O1");
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(subscriber1.fromServer(D_NS + 100 * US, slice(split, 0, 30)));
        frames.add(order.fromServer(D_NS + 250 * US, ack("N1", "O1", "0")));
        frames.add(subscriber2.fromServer(D_NS + 300 * US, tick("O1")));
        frames.add(subscriber1.fromServer(D_NS + 500 * US, slice(split, 30, split.length)));

        final Analysis analysis = analysis();
        final Metrics metrics = analysis.result().correlator().metrics();

        assertEquals(100 * US, metrics.orderToTickFirst.max(), "subscriber 1's first byte, though it completed last");
        assertEquals(100 * US, metrics.perSubscriber().get(0).max());
        assertEquals(300 * US, metrics.perSubscriber().get(1).max());
        assertEquals(300 * US, metrics.orderToTickLast.max());
        assertEquals(D_NS + 100 * US, analysis.sink().row("N1").firstTickNs());
        assertEquals(-150 * US, metrics.tickMinusAck.max());
        assertEquals(1, metrics.publicBeforePrivate());
    }

    @Test
    void shouldTakeAQueuedOutOfOrderCopyByItsOwnCaptureTime()
    {
        final byte[] filler = tick("FILLER");
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(order.fromServer(D_NS + 50 * US, ack("N1", "O1", "0")));
        frames.add(subscriber1.fromServerAt(D_NS + 100 * US, subscriber1.serverOffset() + filler.length, tick("O1")));
        frames.add(subscriber2.fromServer(D_NS + 200 * US, tick("O1")));
        frames.add(subscriber1.fromServer(D_NS + 400 * US, filler));

        final Metrics metrics = analyse();

        assertEquals(100 * US, metrics.orderToTickFirst.max(), "the queued copy waited for the hole, not its time");
        assertEquals(100 * US, metrics.perSubscriber().get(0).max());
        assertEquals(200 * US, metrics.orderToTickLast.max());
    }

    @Test
    void shouldKeepTheEarlierQueuedCopyWhenARetransmissionRepeatsItsBytes()
    {
        final byte[] filler = tick("FILLER");
        final byte[] copy = tick("O1");
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(order.fromServer(D_NS + 50 * US, ack("N1", "O1", "0")));
        frames.add(subscriber1.fromServerAt(D_NS + 100 * US, subscriber1.serverOffset() + filler.length, copy));
        frames.add(subscriber1.fromServer(D_NS + 400 * US, concat(filler, copy)));
        frames.add(subscriber2.fromServer(D_NS + 600 * US, tick("O1")));

        final Metrics metrics = analyse();

        assertEquals(100 * US, metrics.orderToTickFirst.max(), "the retransmission is a later copy of the same bytes");
        assertEquals(100 * US, metrics.perSubscriber().get(0).max());
        assertEquals(600 * US, metrics.orderToTickLast.max());
    }

    @Test
    void shouldKeepEachQueuedCopysTimeWhenAQueuedRetransmissionOverlapsThem()
    {
        final byte[] hole = tick("FILLER");
        final byte[] before = tick("OTHER2");
        final byte[] copy = tick("O1");
        final int start = subscriber1.serverOffset();
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(order.fromServer(D_NS + 50 * US, ack("N1", "O1", "0")));
        frames.add(subscriber1.fromServerAt(D_NS + 100 * US, start + hole.length, before));
        frames.add(subscriber1.fromServerAt(D_NS + 102 * US, start + hole.length + before.length, copy));
        frames.add(subscriber1.fromServerAt(D_NS + 104 * US, start + hole.length, concat(before, copy)));
        frames.add(subscriber1.fromServer(D_NS + 110 * US, hole));
        frames.add(subscriber2.fromServer(D_NS + 600 * US, tick("O1")));

        final Metrics metrics = analyse();

        assertEquals(102 * US, metrics.orderToTickFirst.max(), "the queued original, not the queued retransmission");
        assertEquals(102 * US, metrics.perSubscriber().get(0).max());
    }

    @Test
    void shouldTimeAnAckByItsEarliestCopyWhenARetransmissionRepeatsIt()
    {
        final byte[] heartbeat = TestFix.message("0", 49, "KAIROS", 56, "CLIENT01");
        final byte[] answer = ack("N1", "O1", "0");
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(order.fromServerAt(D_NS + 250 * US, heartbeat.length, answer));
        frames.add(order.fromServer(D_NS + 900 * US, concat(heartbeat, answer)));

        final Analysis analysis = analysis();

        assertEquals(250 * US, analysis.sink().row("N1").ackLatencyNs());
        assertEquals(250 * US, analysis.result().correlator().metrics().orderAck.max());
    }

    @Test
    void shouldIgnoreDuplicateCopiesOfTheTick()
    {
        final byte[] copy = tick("O1");
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(order.fromServer(D_NS + 250 * US, ack("N1", "O1", "0")));
        frames.add(subscriber1.fromServerAt(D_NS + 300 * US, subscriber1.serverOffset(), copy));
        frames.add(subscriber1.fromServer(D_NS + 350 * US, copy));
        frames.add(subscriber2.fromServer(D_NS + 400 * US, copy));
        frames.add(subscriber2.fromServer(D_NS + 450 * US, tick("O1")));

        final Analysis analysis = analysis();
        final Metrics metrics = analysis.result().correlator().metrics();

        assertEquals(1, metrics.orderToTickFirst.count());
        assertEquals(300 * US, metrics.orderToTickFirst.max());
        assertEquals(1, metrics.perSubscriber().get(0).count(), "the retransmitted copy is dropped");
        assertEquals(300 * US, metrics.perSubscriber().get(0).max());
        assertEquals(1, metrics.perSubscriber().get(1).count(), "a later message about the same order is no tick");
        assertEquals(400 * US, metrics.perSubscriber().get(1).max());
        assertEquals(400 * US, metrics.orderToTickLast.max());
        assertEquals(1, analysis.result().streams().statistics().retransmittedSegments());
        assertEquals(2, analysis.sink().row("N1").subscribers());
    }

    @Test
    void shouldMeasureTickMinusAckSignedAndCountPublicBeforePrivate()
    {
        frames.add(order.fromClient(D_NS, newOrder("N1")));
        frames.add(order.fromServer(D_NS + 250 * US, ack("N1", "O1", "0")));
        frames.add(subscriber1.fromServer(D_NS + 300 * US, tick("O1")));
        frames.add(order.fromClient(D_NS + 1_000 * US, newOrder("N2")));
        frames.add(subscriber2.fromServer(D_NS + 1_100 * US, tick("O2")));
        frames.add(order.fromServer(D_NS + 1_250 * US, ack("N2", "O2", "0")));
        frames.add(order.fromClient(D_NS + 2_000 * US, newOrder("N3")));
        frames.add(order.fromServer(D_NS + 2_250 * US, ack("N3", "O3", "0")));
        frames.add(subscriber1.fromServer(D_NS + 2_250 * US, tick("O3")));

        final Metrics metrics = analyse();

        assertEquals(3, metrics.tickMinusAck.count());
        assertEquals(-150 * US, metrics.tickMinusAck.min(), "N2's tick left 150 us before its ack");
        assertEquals(50 * US, metrics.tickMinusAck.max());
        assertEquals(-150 * US, metrics.tickMinusAck.percentile(1));
        assertEquals(0, metrics.tickMinusAck.percentile(50), "N3's tick and ack were captured together");
        assertEquals(50 * US, metrics.tickMinusAck.percentile(99));
        assertEquals(-100 * US / 3.0, metrics.tickMinusAck.mean(), 1e-6);
        assertEquals(1, metrics.publicBeforePrivate(), "a tie is not public before private");
        assertEquals(0, metrics.tickMinusAck.skippedNegatives());
    }
}
