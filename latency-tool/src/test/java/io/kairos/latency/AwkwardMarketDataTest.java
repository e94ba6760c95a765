package io.kairos.latency;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.kairos.latency.correlate.Metrics;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.AwkwardMarketData;
import io.kairos.latency.testing.AwkwardMarketData.Effect;
import io.kairos.latency.testing.AwkwardMarketData.Expected;
import io.kairos.latency.testing.RecordingSink.Row;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The first tick is the earliest capture of the first byte of a 35=X naming the order, whatever the capture did to
 * the market data: messages split over several segments, segments captured after the segment that follows them,
 * retransmissions that repeat and overlap what was captured before — each alone and all at once, on generated
 * captures whose answers are worked out from the definition ({@link AwkwardMarketData}). Every order's ack, first
 * and last tick must be exact to the nanosecond, and nothing may be counted lost.
 */
class AwkwardMarketDataTest
{
    private static final int ORDERS = 400;
    private static final int SUBSCRIBERS = 3;

    @TempDir
    Path directory;

    /** Each effect alone, in pairs, and all at once on ten seeds (the combination that found the queued-copy bug). */
    static Stream<Arguments> captures()
    {
        final Stream<Arguments> alone = Stream.of(
            Arguments.of(EnumSet.noneOf(Effect.class), 1L),
            Arguments.of(EnumSet.of(Effect.SPLIT), 2L),
            Arguments.of(EnumSet.of(Effect.INVERTED), 3L),
            Arguments.of(EnumSet.of(Effect.RETRANSMITTED), 4L),
            Arguments.of(EnumSet.of(Effect.SPLIT, Effect.INVERTED), 5L),
            Arguments.of(EnumSet.of(Effect.INVERTED, Effect.RETRANSMITTED), 6L));
        return Stream.concat(alone, LongStream.rangeClosed(11, 20)
            .mapToObj(seed -> Arguments.of(EnumSet.allOf(Effect.class), seed)));
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("captures")
    void shouldTimeEveryTickByTheEarliestCaptureOfItsFirstByte(final Set<Effect> effects, final long seed)
        throws IOException
    {
        final AwkwardMarketData capture = AwkwardMarketData.generate(seed, ORDERS, SUBSCRIBERS, effects);
        final Analysis analysis = Analysis.of(TestCaptureWriter.write(directory.resolve("awkward.pcap"),
            Format.PCAP_NANOS_LE, NetworkHeadersDescriptor.LINKTYPE_ETHERNET, capture.frames()),
            AnalysisConfig.defaults());

        int wrong = 0;
        final StringBuilder firstWrong = new StringBuilder();
        for (final Expected order : capture.expected())
        {
            final Row row = analysis.sink().row(order.clOrdId());
            final boolean exact = row.ackNs() == order.ackNs() && row.firstTickNs() == order.firstTickNs() &&
                row.lastTickNs() == order.lastTickNs() && row.subscribers() == SUBSCRIBERS;
            if (!exact && wrong++ == 0)
            {
                firstWrong.append(order).append(" analysed as ").append(row);
            }
        }
        assertEquals(0, wrong, "orders whose figures differ from the definition; the first: " + firstWrong);
        final Metrics metrics = analysis.result().correlator().metrics();
        assertEquals(ORDERS, metrics.orderAck.count());
        assertEquals(ORDERS, metrics.orderToTickFirst.count());
        assertEquals(ORDERS, metrics.orderToTickLast.count());
        for (int s = 0; s < SUBSCRIBERS; s++)
        {
            assertEquals(ORDERS, metrics.perSubscriber().get(s).count(), "subscriber " + s);
        }
        assertEquals(0, analysis.result().streams().statistics().gaps(), "no byte was lost");
    }
}
