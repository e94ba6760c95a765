package io.kairos.latency;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;
import io.kairos.latency.testing.TestCaptureWriter.Interface;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every container format, byte order, timestamp resolution, link type and IP version gives the same latencies. */
class CaptureFormatsTest
{
    @TempDir
    Path directory;

    static Stream<Arguments> variants()
    {
        final List<Arguments> variants = new ArrayList<>();
        for (final Format format : Format.values())
        {
            for (final Link link : List.of(Link.ETHERNET, Link.VLAN, Link.QINQ, Link.SLL, Link.SLL2, Link.NULL_LE,
                Link.NULL_BE, Link.LOOP, Link.RAW))
            {
                variants.add(Arguments.of(format, link, false));
                variants.add(Arguments.of(format, link, true));
            }
        }
        return variants.stream();
    }

    @ParameterizedTest(name = "{0} {1} ipv6={2}")
    @MethodSource("variants")
    void shouldMeasureTheSameLatenciesInEveryFormatAndLinkType(final Format format, final Link link,
        final boolean ipv6) throws Exception
    {
        final Path capture = TestCaptureWriter.write(directory.resolve("c"), format, link.linkType(),
            KairosTraffic.frames(link, link, ipv6, 2));

        assertKnownLatencies(Analysis.of(capture, "9880", "9881"), 2);
    }

    @Test
    void shouldUsePerInterfaceLinkTypeAndTimestampResolutionInPcapng() throws Exception
    {
        final List<Frame> frames = KairosTraffic.frames(Link.ETHERNET, 0,
            new Link[] {Link.SLL2, Link.RAW, Link.SLL2}, new int[] {1, 2, 1}, false);
        final Path capture = TestCaptureWriter.writePcapng(directory.resolve("multi.pcapng"),
            ByteOrder.LITTLE_ENDIAN, List.of(new Interface(Link.ETHERNET.linkType(), 9, 0),
                new Interface(Link.SLL2.linkType(), 6, 1_767_225_600L),
                new Interface(Link.RAW.linkType(), 0x80 | 30, 0)),
            frames);

        assertKnownLatencies(Analysis.of(capture, "9880", "9881"), 3);
    }

    @Test
    void shouldReadARecordLargerThanTheMappingWindow() throws Exception
    {
        final io.kairos.latency.testing.TcpConnection connection = new io.kairos.latency.testing.TcpConnection(
            KairosTraffic.client(false), KairosTraffic.server(false, 9880), Link.ETHERNET, 1, 1);
        final byte[] big = io.kairos.latency.testing.TestFix.message("D", 11, "BIG", 58, "x".repeat(65_440));
        final List<Frame> frames = List.of(connection.syn(KairosTraffic.T0_NS),
            connection.synAck(KairosTraffic.T0_NS + 1000), connection.fromClient(KairosTraffic.REQUEST_NS, big),
            connection.fromServer(KairosTraffic.REQUEST_NS + 5000, KairosTraffic.ack("BIG", "O1", "8")));
        final Path capture = TestCaptureWriter.write(directory.resolve("big.pcap"), Format.PCAP_NANOS_LE,
            Link.ETHERNET.linkType(), frames);

        final Analysis analysis = Analysis.of(capture, AnalysisConfig.defaults().withMapWindowBytes(65_536));

        assertEquals(true, 16 + frames.get(2).bytes().length > 65_536, "the record is larger than the window");
        assertEquals(5000, analysis.sink().row("BIG").ackLatencyNs());
    }

    private static void assertKnownLatencies(final Analysis analysis, final int subscribers)
    {
        final Metrics metrics = analysis.result().correlator().metrics();
        assertEquals(0, analysis.result().problems().problemCount(), () -> analysis.result().problems().problems()
            .toString());
        assertEquals(1, metrics.orderAck.count());
        assertEquals(KairosTraffic.ACK_LATENCY_NS, metrics.orderAck.max());
        assertEquals(1, metrics.orderAckNew.count());
        assertEquals(1, metrics.orderToTickFirst.count());
        assertEquals(KairosTraffic.tickLatencyNs(0), metrics.orderToTickFirst.max());
        assertEquals(KairosTraffic.tickLatencyNs(subscribers - 1), metrics.orderToTickLast.max());
        assertEquals(subscribers, metrics.perSubscriber().size());
        for (int s = 0; s < subscribers; s++)
        {
            assertEquals(KairosTraffic.tickLatencyNs(s), metrics.perSubscriber().get(s).max(), "subscriber " + s);
        }
        assertEquals(KairosTraffic.ACK_LATENCY_NS, analysis.sink().row("A1").ackLatencyNs());
        assertEquals(subscribers, analysis.sink().row("A1").subscribers());
    }
}
