package io.kairos.latency;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.kairos.latency.capture.TimeSource;
import io.kairos.latency.capture.TimestampMode;
import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;
import io.kairos.latency.testing.TestCaptureWriter.Interface;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Packet times from hardware: a pcapng of NIC stamps, and the trailers of Metamako / Arista 7130 and Exablaze / Cisco
 * Nexus 3550 taps. The conversation of {@link KairosTraffic} (one order, two subscribers) is given hardware times
 * with nanosecond parts that differ from packet to packet and host times that differ from them by a different
 * amount per packet, so the latencies prove which times were used, to the nanosecond.
 */
class HardwareTimestampsTest
{
    private static final int SUBSCRIBERS = 2;
    /** Frame indexes in {@link KairosTraffic#frames}: SYN/SYN-ACK of the order connection and each subscriber. */
    private static final int REQUEST = 2 + 2 * SUBSCRIBERS;
    private static final int ACK = REQUEST + 1;
    private static final int FIRST_TICK = ACK + 1;

    @TempDir
    Path directory;

    /** The wire (hardware) time of frame {@code i}: the conversation's time plus 37 ns per frame. */
    private static long hardwareNs(final List<Frame> frames, final int i)
    {
        return frames.get(i).timeNs() + 37L * i;
    }

    /** The capture host's time of frame {@code i}: later than the wire by 5 to 15 µs, varying per frame. */
    private static long hostNs(final List<Frame> frames, final int i)
    {
        return frames.get(i).timeNs() + 5_000 + 1_000L * ((i * 7) % 11);
    }

    private static List<Frame> conversation(final Link link)
    {
        return KairosTraffic.frames(link, link, false, SUBSCRIBERS);
    }

    /** Every frame with the trailer {@code trailer.apply(i)} and its host time. */
    private static List<Frame> withTrailers(final List<Frame> frames, final IntFunction<byte[]> trailer)
    {
        final List<Frame> stamped = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++)
        {
            final byte[] bytes = trailer.apply(i);
            stamped.add(bytes == null ? new Frame(hostNs(frames, i), frames.get(i).bytes()) :
                TestCaptureWriter.withTrailer(frames.get(i), bytes, hostNs(frames, i)));
        }
        return stamped;
    }

    private Analysis analyse(final List<Frame> frames, final TimestampMode mode) throws Exception
    {
        final Path capture = TestCaptureWriter.write(directory.resolve("c.pcap"), Format.PCAP_NANOS_LE,
            Link.ETHERNET.linkType(), frames);
        return Analysis.of(capture, AnalysisConfig.defaults().withTimestamps(mode));
    }

    static Stream<Arguments> trailers()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final String family : List.of("metamako", "metamako-extensions", "exablaze"))
        {
            for (final boolean newFcs : List.of(false, true))
            {
                for (final Link link : List.of(Link.ETHERNET, Link.VLAN))
                {
                    cases.add(Arguments.of(family, newFcs, link, false));
                    cases.add(Arguments.of(family, newFcs, link, true));
                }
            }
        }
        return cases.stream();
    }

    private static byte[] trailer(final String family, final long stampNs, final boolean newFcs)
    {
        return switch (family)
        {
            case "metamako" -> TestCaptureWriter.metamakoTrailer(stampNs, 0, newFcs);
            case "metamako-extensions" -> TestCaptureWriter.metamakoTrailer(stampNs, 3, newFcs);
            default -> TestCaptureWriter.exablazeTrailer(stampNs, newFcs);
        };
    }

    @ParameterizedTest(name = "{0} new-fcs={1} {2} auto={3}")
    @MethodSource("trailers")
    void shouldTimeEveryPacketByItsTrailerStampNotTheHostClock(final String family, final boolean newFcs,
        final Link link, final boolean auto) throws Exception
    {
        final List<Frame> frames = conversation(link);
        final TimeSource source = family.startsWith("metamako") ? TimeSource.METAMAKO : TimeSource.EXABLAZE;
        final TimestampMode mode = auto ? TimestampMode.AUTO :
            source == TimeSource.METAMAKO ? TimestampMode.METAMAKO : TimestampMode.EXABLAZE;

        final Analysis analysis = analyse(withTrailers(frames, i -> trailer(family, hardwareNs(frames, i), newFcs)),
            mode);

        assertLatencies(analysis, frames, true);
        final ClockSummary clocks = analysis.result().clocks();
        assertEquals(frames.size(), clocks.packets(source), "the family " + (auto ? "detected" : "forced"));
        assertEquals(source.description() + ", " + frames.size() + " of " + frames.size() +
            " packets; capture host clock for 0 (--timestamps " + mode.cliName() + ")", clocks.packetsLine());
        assertEquals(List.of(), clocks.mixedClockLines());
        assertEquals(0, analysis.result().problems().warningCount(), analysis.result().problems().warnings()::toString);
    }

    @Test
    void shouldUseTheHostClockWhenToldToEvenWithTrailers() throws Exception
    {
        final List<Frame> frames = conversation(Link.ETHERNET);

        final Analysis analysis = analyse(withTrailers(frames,
            i -> TestCaptureWriter.metamakoTrailer(hardwareNs(frames, i), 0, true)), TimestampMode.HOST);

        assertLatencies(analysis, frames, false);
        assertEquals(frames.size(), analysis.result().clocks().packets(TimeSource.HOST));
    }

    @Test
    void shouldAnalyseAHardwareStampedPcapngExactlyAndSaySo() throws Exception
    {
        final List<Frame> conversation = conversation(Link.ETHERNET);
        final List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < conversation.size(); i++)
        {
            frames.add(new Frame(hardwareNs(conversation, i), conversation.get(i).bytes()));
        }
        final Path capture = TestCaptureWriter.writePcapng(directory.resolve("nic.pcapng"), ByteOrder.LITTLE_ENDIAN,
            List.of(new Interface(Link.ETHERNET.linkType(), 9, 1_767_225_000L, "ExaNIC X25")), frames);

        final Analysis stated = Analysis.of(capture, AnalysisConfig.defaults().withTimestamps(TimestampMode.PCAPNG));
        final Analysis auto = Analysis.of(capture, AnalysisConfig.defaults());

        assertLatencies(stated, conversation, true);
        assertEquals("pcapng interface stamps (hardware), 10 of 10 packets; capture host clock for 0 " +
            "(--timestamps pcapng)", stated.result().clocks().packetsLine());
        assertEquals("pcapng (1 section(s), link types 1; interface 0: if_tsresol 10^-9 s, if_tsoffset 1767225000 s, " +
            "if_hardware \"ExaNIC X25\")", stated.result().format());
        assertLatencies(auto, conversation, true);
        assertEquals("capture host clock, all 10 packets (--timestamps auto)", auto.result().clocks().packetsLine(),
            "pcapng cannot say who took its stamps: without --timestamps pcapng they are the host's");
    }

    @Test
    void shouldLeavePaddingAndUnknownTrailersAloneUnderAuto() throws Exception
    {
        final List<Frame> frames = conversation(Link.ETHERNET);
        final byte[] unknown = "UNKNOWN-TRAILER!".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        final byte[] almostMetamako = TestCaptureWriter.metamakoTrailer(KairosTraffic.T0_NS, 0, false);

        final Analysis analysis = analyse(withTrailers(frames, i -> switch (i % 3)
        {
            case 0 -> new byte[0];
            case 1 -> unknown;
            default -> java.util.Arrays.copyOf(almostMetamako, almostMetamako.length + 1);
        }), TimestampMode.AUTO);

        assertLatencies(analysis, frames, false);
        assertEquals(frames.size(), analysis.result().clocks().packets(TimeSource.HOST));
        assertEquals(0, analysis.result().fixStatistics().garbageEvents(), "bytes after the IP packet are not data");
        assertEquals(0, analysis.result().problems().warningCount(), analysis.result().problems().warnings()::toString);
    }

    @Test
    void shouldLeaveAFrameOnTheHostClockWhenItsTailParsesAsTwoFamilies() throws Exception
    {
        final List<Frame> frames = conversation(Link.ETHERNET);
        final long hostSeconds = 0x6956_1000L;
        final byte[] both = ByteBuffer.allocate(16).putInt(0xDEADBEEF).putShort((short)0x6956).putInt((int)hostSeconds)
            .put(new byte[] {0x00, 0x01, 0x00, 0x00, 0x00, 0x00}).array();
        final List<Frame> stamped = new ArrayList<>();
        stamped.add(TestCaptureWriter.withTrailer(frames.get(0), both, hostSeconds * 1_000_000_000L));

        final Path capture = TestCaptureWriter.write(directory.resolve("both.pcap"), Format.PCAP_NANOS_LE,
            Link.ETHERNET.linkType(), stamped);
        final ClockSummary clocks = Analysis.of(capture, AnalysisConfig.defaults()).result().clocks();

        assertEquals(1, clocks.ambiguousTrailers());
        assertEquals(1, clocks.packets(TimeSource.HOST));
        assertTrue(clocks.packetsLine().contains("1 frames left on the host clock: their tail parses as more than " +
            "one trailer family"), clocks.packetsLine());
    }

    @Test
    void shouldWarnWhenAForcedFamilyFindsNoTrailer() throws Exception
    {
        final List<Frame> frames = conversation(Link.ETHERNET);

        final Analysis analysis = analyse(withTrailers(frames, i -> null), TimestampMode.EXABLAZE);

        assertLatencies(analysis, frames, false);
        assertEquals(0, analysis.result().problems().problemCount());
        assertEquals(List.of("--timestamps exablaze: 10 of 10 packets carry no exablaze trailer (none does: is this " +
            "the right format?); they use the capture host clock"), analysis.result().problems().warnings());
    }

    @Test
    void shouldWarnWhenAPcapFileIsSaidToHoldPcapngHardwareStamps() throws Exception
    {
        final Analysis analysis = analyse(withTrailers(conversation(Link.ETHERNET), i -> null), TimestampMode.PCAPNG);

        assertEquals(List.of("--timestamps pcapng: the capture is a pcap file, whose stamps are the capture host's; " +
            "all 10 packets use the capture host clock"), analysis.result().problems().warnings());
    }

    @Test
    void shouldFlagTheMetricsThatMixClocksWhenOnlySomePacketsCarryATrailer() throws Exception
    {
        final List<Frame> frames = conversation(Link.ETHERNET);
        final List<Frame> orderEntryOnly = withTrailers(frames, i -> i < FIRST_TICK && (i < 2 || i >= REQUEST) ?
            TestCaptureWriter.exablazeTrailer(hardwareNs(frames, i), false) : null);

        final Analysis analysis = analyse(orderEntryOnly, TimestampMode.AUTO);

        final Metrics metrics = analysis.result().correlator().metrics();
        assertEquals(hardwareNs(frames, ACK) - hardwareNs(frames, REQUEST), metrics.orderAck.max());
        assertEquals(hostNs(frames, FIRST_TICK) - hardwareNs(frames, REQUEST), metrics.orderToTickFirst.min(),
            "kept, and flagged below");
        final ClockSummary clocks = analysis.result().clocks();
        assertEquals("Exablaze trailer stamps (hardware), 4 of 10 packets; capture host clock for 6 " +
            "(--timestamps auto)", clocks.packetsLine());
        assertEquals(List.of(
            "MIXED CLOCKS in order-to-tick (all subscribers): requests 1 Exablaze trailer stamps (hardware); " +
                "market data 2 capture host clock (a latency between messages of two clocks includes their offset)",
            "MIXED CLOCKS in tick-minus-ack: answers 1 Exablaze trailer stamps (hardware); market data 2 capture " +
                "host clock (a latency between messages of two clocks includes their offset)"),
            clocks.mixedClockLines());
        final java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        io.kairos.latency.report.ConsoleReport.write(analysis.result(), new java.io.PrintStream(text, true,
            java.nio.charset.StandardCharsets.UTF_8));
        final String console = text.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(console.contains("times     Exablaze trailer stamps (hardware), 4 of 10 packets"), console);
        assertTrue(console.contains("clocks    MIXED CLOCKS in order-to-tick"), console);
    }

    /** Exact latencies of the conversation, from its hardware times or from its host times. */
    private static void assertLatencies(final Analysis analysis, final List<Frame> frames, final boolean hardware)
    {
        final IntFunction<Long> time = i -> hardware ? hardwareNs(frames, i) : hostNs(frames, i);
        final Metrics metrics = analysis.result().correlator().metrics();
        assertEquals(0, analysis.result().problems().problemCount(), analysis.result().problems().problems()::toString);
        assertEquals(1, metrics.orderAck.count());
        assertEquals(time.apply(ACK) - time.apply(REQUEST), metrics.orderAck.max());
        assertEquals(time.apply(ACK) - time.apply(REQUEST), analysis.sink().row("A1").ackLatencyNs());
        for (int s = 0; s < SUBSCRIBERS; s++)
        {
            assertEquals(time.apply(FIRST_TICK + s) - time.apply(REQUEST), metrics.perSubscriber().get(s).max(),
                "subscriber " + s);
        }
        if (hardware)
        {
            assertEquals(KairosTraffic.ACK_LATENCY_NS + 37, metrics.orderAck.max(), "nanoseconds kept");
        }
        else
        {
            assertNotEquals(hardwareNs(frames, ACK) - hardwareNs(frames, REQUEST), metrics.orderAck.max());
        }
    }
}
