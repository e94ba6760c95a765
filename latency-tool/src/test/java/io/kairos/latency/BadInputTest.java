package io.kairos.latency;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.cli.ExitCodes;
import io.kairos.latency.cli.LatencyTool;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.testing.Endpoint;
import io.kairos.latency.testing.Frame;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TcpConnection;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each kind of bad input gives a message saying what and where, a distinct exit code, and — when anything is
 * readable — the rest analysed and reported.
 */
class BadInputTest
{
    private static final String PAIRED = "order-ack                                        1";

    @TempDir
    Path directory;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(final Path capture)
    {
        return LatencyTool.execute(new PrintWriter(out), new PrintWriter(err), "analyze", capture.toString(),
            "--out", directory.resolve("report").toString());
    }

    private static byte[] goodCapture()
    {
        return TestCaptureWriter.pcap(Format.PCAP_MICROS_LE, NetworkHeadersDescriptor.LINKTYPE_ETHERNET,
            KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 2));
    }

    private Path file(final byte[] bytes) throws Exception
    {
        return Files.write(directory.resolve("capture.pcap"), bytes);
    }

    private void assertReported(final String... fragments)
    {
        final String text = out + "\n" + err;
        for (final String fragment : fragments)
        {
            assertTrue(text.contains(fragment), () -> "missing '" + fragment + "' in:\n" + text);
        }
    }

    @Test
    void shouldRejectAFileWithTheWrongMagicAsUnusable() throws Exception
    {
        final int exit = run(file("this is not a capture at all".getBytes()));

        assertEquals(ExitCodes.UNUSABLE_INPUT, exit);
        assertReported("wrong magic number 0x74686973 at byte offset 0");
    }

    @Test
    void shouldRejectMissingEmptyAndHeaderTruncatedFilesAsUnusable() throws Exception
    {
        assertEquals(ExitCodes.UNUSABLE_INPUT, run(directory.resolve("nothing-here.pcap")));
        assertReported("no such readable file");
        assertEquals(ExitCodes.UNUSABLE_INPUT, run(file(new byte[0])));
        assertReported("the file has 0 bytes");
        assertEquals(ExitCodes.UNUSABLE_INPUT, run(file(Arrays.copyOf(goodCapture(), 12))));
        assertReported("truncated pcap global header: file has 12 bytes");
    }

    @Test
    void shouldRejectACaptureOfAnUnsupportedLinkType() throws Exception
    {
        final byte[] capture = goodCapture();
        ByteBuffer.wrap(capture).order(ByteOrder.LITTLE_ENDIAN).putInt(20, 147);

        assertEquals(ExitCodes.UNUSABLE_INPUT, run(file(capture)));
        assertReported("unsupported link type 147");
    }

    @Test
    void shouldReportATruncatedFileWithItsOffsetAndAnalyseEverythingBefore() throws Exception
    {
        final byte[] good = goodCapture();
        final byte[] truncated = Arrays.copyOf(good, good.length + 7);

        assertEquals(ExitCodes.PARTIALLY_CORRUPT_INPUT, run(file(truncated)));
        assertReported("truncated file: record header of packet 11 at byte offset " + good.length +
            " has only 7 of 16 bytes", PAIRED);
    }

    @Test
    void shouldReportATruncatedPacketAndAnalyseTheRest() throws Exception
    {
        final byte[] good = goodCapture();
        final byte[] truncated = Arrays.copyOf(good, good.length - 30);
        final int lastRecord = good.length - 16 - KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 2)
            .get(9).bytes().length;

        assertEquals(ExitCodes.PARTIALLY_CORRUPT_INPUT, run(file(truncated)));
        assertReported("truncated packet 10 at byte offset " + lastRecord, PAIRED,
            "order-to-tick                                    1");
    }

    @Test
    void shouldSkipACorruptRecordHeaderAndResumeAtTheNextPlausibleRecord() throws Exception
    {
        final List<Frame> frames = KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 2);
        final byte[] capture = TestCaptureWriter.pcap(Format.PCAP_MICROS_LE,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames);
        int offset = 24;
        for (int i = 0; i < 3; i++)
        {
            offset += 16 + frames.get(i).bytes().length;
        }
        ByteBuffer.wrap(capture).order(ByteOrder.LITTLE_ENDIAN).putInt(offset + 8, 0x7FFF_FFF0);

        assertEquals(ExitCodes.PARTIALLY_CORRUPT_INPUT, run(file(capture)));
        assertReported("corrupt record header of packet 4 at byte offset " + offset,
            "resumed reading at byte offset " + (offset + 16 + frames.get(3).bytes().length), PAIRED);
    }

    @Test
    void shouldReportGarbageInsideAFixStreamWithItsLocationAndPairTheMessagesAfterIt() throws Exception
    {
        final long t = KairosTraffic.T0_NS;
        final TcpConnection connection = new TcpConnection(Endpoint.ipv4(10, 0, 0, 1, 40_000),
            Endpoint.ipv4(10, 0, 0, 2, 9880), Link.ETHERNET, 0, 0);
        final List<Frame> frames = new ArrayList<>(List.of(connection.syn(t), connection.synAck(t + 1000)));
        final byte[] first = KairosTraffic.newOrder("A1");
        frames.add(connection.fromClient(t + 1_000_000, first));
        frames.add(connection.fromClient(t + 2_000_000, "NOT FIX\u0001\u0002\u0003 at all".getBytes()));
        frames.add(connection.fromClient(t + 3_000_000, KairosTraffic.newOrder("A2")));
        frames.add(connection.fromServer(t + 4_000_000, KairosTraffic.ack("A1", "O1", "8")));
        frames.add(connection.fromServer(t + 5_000_000, KairosTraffic.ack("A2", "O2", "8")));
        final Path capture = TestCaptureWriter.write(directory.resolve("garbage.pcap"), Format.PCAP_NANOS_LE,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames);

        assertEquals(ExitCodes.PARTIALLY_CORRUPT_INPUT, run(capture));
        assertReported("garbage inside FIX stream 10.0.0.1:40000 -> 10.0.0.2:9880 at stream byte offset " +
            first.length + " (packet 4, record at byte offset ", "found \"NOT FIX|\\x02\\x03 at all\"",
            "order-ack                                        2");
    }

    @Test
    void shouldReportACorruptPcapngBlockAndATruncatedLastBlock() throws Exception
    {
        final Path capture = TestCaptureWriter.writePcapng(directory.resolve("c.pcapng"), ByteOrder.BIG_ENDIAN,
            List.of(new TestCaptureWriter.Interface(NetworkHeadersDescriptor.LINKTYPE_ETHERNET, 6, 0)),
            KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 2));
        final byte[] bytes = Files.readAllBytes(capture);
        final int firstPacketBlock = 28 + 44 + 24;
        ByteBuffer.wrap(bytes).putInt(firstPacketBlock + 4, 13);
        final byte[] truncated = Arrays.copyOf(bytes, bytes.length - 10);

        assertEquals(ExitCodes.PARTIALLY_CORRUPT_INPUT, run(file(truncated)));
        assertReported(
            "corrupt block at byte offset " + firstPacketBlock + " (after packet 0): type 6, total length 13",
            "resumed reading at byte offset", "truncated file: block of type 6 at byte offset", PAIRED);
    }
}
