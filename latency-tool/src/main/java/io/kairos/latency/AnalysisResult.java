package io.kairos.latency;

import java.nio.file.Path;

import io.kairos.latency.capture.CaptureProblems;
import io.kairos.latency.correlate.Correlator;
import io.kairos.latency.fix.FixStatistics;
import io.kairos.latency.net.TcpSegmentDecoder;
import io.kairos.latency.tcp.TcpStream;
import io.kairos.latency.tcp.TcpStreamTable;

/**
 * Everything one analysis found, for the reports. Immutable once returned (the components it holds are no longer
 * written to); safe to read from any thread after {@code analyze} returned.
 *
 * @param packetsReordered       packets read after one with a later capture time, analysed in capture-time order
 *                               ({@link io.kairos.latency.capture.CaptureTimeOrder}).
 * @param wholeMicrosecondTimes  every packet's time is a whole microsecond: a µs capture (or ns stamps that never
 *                               used their last three digits), so every time may be up to 1 µs early.
 * @param packetsByDecodeResult  indexed by the {@link TcpSegmentDecoder} result codes; [TCP] counts FIX-port
 *                               segments only.
 * @param clocks                 which clock stamped the packets ({@code --timestamps}).
 */
public record AnalysisResult(
    Path capture,
    String format,
    long fileSizeBytes,
    long elapsedNs,
    long packets,
    long packetsReordered,
    long[] packetsByDecodeResult,
    long otherTcpPackets,
    long firstTimestampNs,
    long lastTimestampNs,
    boolean wholeMicrosecondTimes,
    TcpStreamTable streams,
    FixStatistics fixStatistics,
    Correlator correlator,
    CaptureProblems problems,
    AnalysisConfig config,
    ClockSummary clocks)
{
    public long fixPortSegments()
    {
        return packetsByDecodeResult[TcpSegmentDecoder.TCP];
    }

    /** Whether every FIX connection ran over loopback: one host, so capture and server stamps share one clock. */
    public boolean oneHost()
    {
        return !streams.streams().isEmpty() && streams.streams().stream().allMatch(TcpStream::loopback);
    }

    public boolean hasProblems()
    {
        return problems.problemCount() > 0;
    }
}
