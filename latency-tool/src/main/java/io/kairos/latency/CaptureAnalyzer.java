package io.kairos.latency;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;

import io.kairos.latency.capture.CaptureFiles;
import io.kairos.latency.capture.CaptureProblems;
import io.kairos.latency.capture.CaptureReader;
import io.kairos.latency.capture.CaptureTimeOrder;
import io.kairos.latency.capture.HardwareTimestamps;
import io.kairos.latency.capture.PacketHandler;
import io.kairos.latency.capture.TimeSource;
import io.kairos.latency.capture.TimestampMode;
import io.kairos.latency.capture.UnusableCaptureException;
import io.kairos.latency.correlate.Correlator;
import io.kairos.latency.correlate.OrderRecordSink;
import io.kairos.latency.fix.FixFramer;
import io.kairos.latency.fix.FixStatistics;
import io.kairos.latency.net.TcpSegment;
import io.kairos.latency.net.TcpSegmentDecoder;
import io.kairos.latency.tcp.TcpStream;
import io.kairos.latency.tcp.TcpStreamTable;

/**
 * Runs one analysis: capture reader → hardware stamps ({@link HardwareTimestamps}) → capture-time order
 * ({@link CaptureTimeOrder}) → link/IP/TCP decoding → per-direction TCP reassembly → FIX framing → correlation, in
 * one pass over the memory-mapped file. The per-packet
 * path allocates nothing once every connection has been seen and the order pool has grown to the number of open
 * orders. Single use; owned by the calling thread.
 */
public final class CaptureAnalyzer implements PacketHandler
{
    private static final int TRUNCATED_HEADER_WARNINGS = 5;
    /**
     * How far capture times may run backwards in the file and still be analysed in order: over ten times the largest
     * inversion measured in a loopback capture ({@link CaptureTimeOrder}; figures in the latency-tool README).
     */
    private static final long REORDER_WINDOW_NS = 1_000_000;
    private static final int REORDER_MAX_PACKETS = 16 * 1024;
    private static final int REORDER_MAX_BYTES = 16 * 1024 * 1024;

    private final AnalysisConfig config;
    private final CaptureProblems problems = new CaptureProblems();
    private final TcpSegmentDecoder decoder = new TcpSegmentDecoder();
    private final TcpStreamTable streams;
    private final FixStatistics fixStatistics = new FixStatistics();
    private final Correlator correlator;
    private final long[] packetsByDecodeResult = new long[6];
    private long packets;
    private long otherTcpPackets;
    private long firstTimestampNs = Long.MAX_VALUE;
    private long lastTimestampNs = Long.MIN_VALUE;
    private boolean wholeMicrosecondTimes = true;
    private int lastUnsupportedLinkType = -1;
    private ProgressBar progress;
    private PacketHandler packetObserver;
    private final CaptureTimeOrder timeOrder =
        new CaptureTimeOrder(this, REORDER_WINDOW_NS, REORDER_MAX_PACKETS, REORDER_MAX_BYTES);
    private final HardwareTimestamps hardwareTimestamps;
    private final long[] segmentsByEnd = new long[ClockSummary.ENDS * TimeSource.COUNT];

    public CaptureAnalyzer(final AnalysisConfig config, final OrderRecordSink sink)
    {
        this.config = config;
        this.streams = new TcpStreamTable(problems, config.maxQueuedSegments(), config.maxQueuedBytes());
        this.correlator = new Correlator(config.ackTimeoutMs() * 1_000_000L, config.tickTimeoutMs() * 1_000_000L,
            config.preallocatedOrders(), sink);
        this.hardwareTimestamps = new HardwareTimestamps(timeOrder, config.timestamps());
    }

    /** The correlator being fed (its figures are final once {@link #analyze} has returned). */
    public Correlator correlator()
    {
        return correlator;
    }

    /** Test hook: called after each packet has been processed (e.g. to read allocation counters). */
    public void packetObserver(final PacketHandler observer)
    {
        this.packetObserver = observer;
    }

    /**
     * Reads and analyses the whole capture.
     *
     * @throws UnusableCaptureException when the file cannot be analysed at all.
     */
    public AnalysisResult analyze(final Path capture, final PrintStream progressOut) throws UnusableCaptureException
    {
        final long startNs = System.nanoTime();
        final String format;
        final long fileSize;
        try (CaptureReader reader = CaptureFiles.open(capture, config.mapWindowBytes(), problems,
            config.timestamps() == TimestampMode.PCAPNG))
        {
            fileSize = reader.fileSize();
            progress = config.progress() && progressOut != null ? new ProgressBar(progressOut, fileSize) : null;
            reader.readAll(hardwareTimestamps);
            timeOrder.finish();
            hardwareTimestamps.finish(problems, reader.pcapng());
            format = reader.formatDescription();
        }
        catch (final java.io.IOException ex)
        {
            throw new UnusableCaptureException("cannot read " + capture + ": " + ex.getMessage(), ex);
        }
        finally
        {
            if (progress != null)
            {
                progress.finish();
            }
        }
        for (final TcpStream stream : streams.streams())
        {
            stream.flush();
        }
        correlator.finishAll();
        if (packets > 0 && packetsByDecodeResult[TcpSegmentDecoder.UNSUPPORTED_LINK_TYPE] == packets)
        {
            throw new UnusableCaptureException("unsupported link type " + lastUnsupportedLinkType + " in " + capture +
                ": supported are Ethernet (1), Linux SLL (113), SLL2 (276), BSD loopback (0, 108) and raw IP " +
                "(101, 12, 14, 228, 229)");
        }
        return new AnalysisResult(capture, format, fileSize, System.nanoTime() - startNs, packets,
            timeOrder.reordered(), packetsByDecodeResult.clone(), otherTcpPackets, firstTimestampNs, lastTimestampNs,
            wholeMicrosecondTimes && packets > 0, streams, fixStatistics, correlator, problems, config,
            new ClockSummary(config.timestamps(), hardwareTimestamps.packetsBySource(),
            hardwareTimestamps.ambiguousTrailers(), segmentsByEnd.clone()));
    }

    public void onPacket(
        final ByteBuffer buffer,
        final int offset,
        final int capturedLength,
        final int originalLength,
        final int linkType,
        final long timestampNs,
        final TimeSource timeSource,
        final long packetNumber,
        final long fileOffset)
    {
        packets++;
        firstTimestampNs = Math.min(firstTimestampNs, timestampNs);
        lastTimestampNs = Math.max(lastTimestampNs, timestampNs);
        wholeMicrosecondTimes &= timestampNs % 1000 == 0;
        final int result = decoder.decode(buffer, offset, capturedLength, linkType);
        if (result == TcpSegmentDecoder.TCP)
        {
            onSegment(decoder.segment(), timestampNs, timeSource, packetNumber, fileOffset);
        }
        else
        {
            onUndecoded(result, linkType, packetNumber, fileOffset);
        }
        if (progress != null)
        {
            progress.onPacket(packetNumber, fileOffset);
        }
        if (packetObserver != null)
        {
            packetObserver.onPacket(buffer, offset, capturedLength, originalLength, linkType, timestampNs,
                timeSource, packetNumber, fileOffset);
        }
    }

    private void onSegment(final TcpSegment segment, final long timestampNs, final TimeSource timeSource,
        final long packetNumber, final long fileOffset)
    {
        TcpStream stream = streams.find(segment);
        if (stream == null)
        {
            final int channel = channelOf(segment.sourcePort(), segment.destinationPort());
            if (channel == 0)
            {
                otherTcpPackets++;
                return;
            }
            stream = streams.create(segment, channel);
            stream.consumer(new FixFramer(stream, correlator, fixStatistics, problems));
        }
        packetsByDecodeResult[TcpSegmentDecoder.TCP]++;
        countClock(segment, timeSource);
        stream.onSegment(segment, timestampNs, packetNumber, fileOffset);
    }

    /** Counts a data segment's clock under the end of a latency it can time (request, answer, market data). */
    private void countClock(final TcpSegment segment, final TimeSource timeSource)
    {
        if (segment.payloadLength() == 0)
        {
            return;
        }
        if (config.orderEntryPorts().contains(segment.destinationPort()))
        {
            segmentsByEnd[ClockSummary.index(ClockSummary.REQUESTS, timeSource)]++;
        }
        else if (config.orderEntryPorts().contains(segment.sourcePort()))
        {
            segmentsByEnd[ClockSummary.index(ClockSummary.ANSWERS, timeSource)]++;
        }
        else if (config.marketDataPorts().contains(segment.sourcePort()))
        {
            segmentsByEnd[ClockSummary.index(ClockSummary.MARKET_DATA, timeSource)]++;
        }
    }

    private int channelOf(final int sourcePort, final int destinationPort)
    {
        if (config.orderEntryPorts().contains(sourcePort) || config.orderEntryPorts().contains(destinationPort))
        {
            return TcpStream.CHANNEL_ORDER_ENTRY;
        }
        if (config.marketDataPorts().contains(sourcePort) || config.marketDataPorts().contains(destinationPort))
        {
            return TcpStream.CHANNEL_MARKET_DATA;
        }
        return 0;
    }

    private void onUndecoded(final int result, final int linkType, final long packetNumber, final long fileOffset)
    {
        packetsByDecodeResult[result]++;
        if (result == TcpSegmentDecoder.TRUNCATED_HEADERS &&
            packetsByDecodeResult[result] <= TRUNCATED_HEADER_WARNINGS)
        {
            problems.warning("packet " + packetNumber + " at byte offset " + fileOffset +
                ": captured bytes end inside its link/IP/TCP headers; packet skipped");
        }
        else if (result == TcpSegmentDecoder.UNSUPPORTED_LINK_TYPE && linkType != lastUnsupportedLinkType)
        {
            lastUnsupportedLinkType = linkType;
            problems.warning("packet " + packetNumber + " at byte offset " + fileOffset + ": unsupported link type " +
                linkType + "; such packets are skipped");
        }
    }
}
