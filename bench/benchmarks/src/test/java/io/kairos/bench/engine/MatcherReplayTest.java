package io.kairos.bench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.kairos.bench.exchangecore.ExchangeCoreDirectReplay;
import io.kairos.bench.harness.CanonicalText;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.OutcomeLog;
import io.kairos.bench.harness.ReplayDriver;
import io.kairos.bench.harness.ReplayResult;
import io.kairos.bench.harness.ReplayTarget;

/**
 * The matcher benchmark's replays and canonical text: Kairos per message, Kairos batched and exchange-core's order
 * book alone (which, unlike its pipeline, starts on JDK 25, so it runs here in-process) on the same flows.
 */
class MatcherReplayTest
{
    private static final byte BUY = OrderFlow.BUY;
    private static final byte SELL = OrderFlow.SELL;

    /**
     * Rests two asks, sweeps both with an IOC buy whose remainder expires, cancels a filled order (refused), then a
     * modify (cancel + reinsert lower, losing priority) and a self-trade (allowed: no self-trade prevention).
     */
    private static OrderFlow handWrittenFlow()
    {
        final OrderFlow flow = new OrderFlow("hand", 3, 1, RegimeFlowGenerator.MAX_PRICE_TICKS, 16);
        insert(flow, SELL, OrderFlow.GTC, 0, 1, 100, 10, 1);
        insert(flow, SELL, OrderFlow.GTC, 0, 2, 101, 5, 2);
        insert(flow, BUY, OrderFlow.IOC, 0, 3, 101, 20, 3);
        cancel(flow, SELL, 1, 1);
        insert(flow, BUY, OrderFlow.GTC, 0, 1, 99, 7, 4);
        cancel(flow, BUY, 1, 4);
        insert(flow, BUY, OrderFlow.GTC, OrderFlow.FLAG_REINSERT, 1, 98, 3, 5);
        insert(flow, SELL, OrderFlow.GTC, 0, 1, 97, 1, 6);
        cancel(flow, BUY, 1, 5);
        return flow;
    }

    private static final String HAND_WRITTEN_TEXT = """
        0 R 1 10
        1 R 2 5
        2 T 1 3 100 10
        2 T 2 3 101 5
        2 E 3 5
        3 X 1
        4 R 4 7
        5 C 4 7
        5 R 5 3
        6 T 5 6 98 1
        7 C 5 2
        """;

    @Test
    void shouldWriteTheExpectedCanonicalTextForEveryEngineOnAHandWrittenFlow() throws Exception
    {
        final OrderFlow flow = handWrittenFlow();
        assertEquals(8, flow.messages());
        for (final ReplayTarget target : targets(flow))
        {
            assertEquals(HAND_WRITTEN_TEXT, text(target, flow), target.label());
        }
    }

    @ParameterizedTest
    @EnumSource(Regime.class)
    void shouldHashKairosPerMessageBatchedAndExchangeCoreDirectEqually(final Regime regime) throws Exception
    {
        final RegimeFlowGenerator.GeneratedFlow generated = RegimeFlowGenerator.generate(regime, 17, 20_000);
        final OrderFlow flow = generated.flow();
        final OutcomeLog log = new OutcomeLog(OutcomeLog.capacityFor(flow.size(), generated.stats().fills()));
        final List<ReplayResult> results = new ArrayList<>();
        for (final ReplayTarget target : targets(flow))
        {
            results.add(ReplayDriver.run(target, flow, 1, log, null, null));
        }
        final String kairos = results.get(0).warmupSha256();
        assertEquals(64, kairos.length());
        for (final ReplayResult result : results)
        {
            assertTrue(result.allHashesEqual(kairos),
                result.label() + ": " + result.firstDifferentHash(kairos) + " vs " + kairos);
            assertEquals(flow.messages(), result.messages());
        }
    }

    @Test
    void shouldWriteTheTextOfAReplayWhoseHashDiffersAndFindItsFirstDifferentLine(@TempDir final Path dir)
        throws Exception
    {
        final OrderFlow flow = handWrittenFlow();
        final Path actual = dir.resolve("actual.txt");
        final ReplayResult result =
            ReplayDriver.run(new ExchangeCoreDirectReplay(), flow, 2, new OutcomeLog(64), "0".repeat(64), actual);
        assertEquals(actual, result.mismatchText());
        assertEquals(HAND_WRITTEN_TEXT, Files.readString(actual));

        final Path expected = dir.resolve("expected.txt");
        Files.writeString(expected, HAND_WRITTEN_TEXT.replace("2 E 3 5", "2 E 3 4"));
        final String difference = CanonicalText.firstDifference(expected, "expected", actual, "actual", 1);
        assertTrue(difference.startsWith("first difference at line 5 (expected | actual):"), difference);
        assertTrue(difference.contains("  4   2 T 2 3 101 5"), difference);
        assertTrue(difference.contains("  5 > 2 E 3 4") && difference.contains("  5 > 2 E 3 5"), difference);
        assertTrue(difference.contains("  6   3 X 1"), difference);
        assertNull(CanonicalText.firstDifference(actual, "a", actual, "b", 3));
    }

    @Test
    void shouldCountAModifyAsOneMessageInTheFlowFile(@TempDir final Path dir) throws Exception
    {
        final OrderFlow flow = handWrittenFlow();
        final Path file = dir.resolve("flow");
        flow.write(file);
        final OrderFlow read = OrderFlow.read(file);
        assertEquals(flow.size(), read.size());
        assertEquals(8, read.messages());
        assertEquals(OrderFlow.IOC, read.timeInForce(2));
        assertTrue(read.isReinsert(6));
        assertEquals(HAND_WRITTEN_TEXT, text(new ExchangeCoreDirectReplay(), read));
    }

    private static List<ReplayTarget> targets(final OrderFlow flow)
    {
        return List.of(new KairosMatcherReplay(KairosMatcherReplay.Mode.PER_MESSAGE, flow),
            new KairosMatcherReplay(KairosMatcherReplay.Mode.BATCHED, flow), new ExchangeCoreDirectReplay());
    }

    private static String text(final ReplayTarget target, final OrderFlow flow) throws Exception
    {
        final OutcomeLog log = new OutcomeLog(64);
        target.prepare();
        target.replay(flow, log);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        CanonicalText.write(log, flow, target.idToRef(), target.priceUnit(), out);
        return out.toString(StandardCharsets.US_ASCII);
    }

    private static void insert(final OrderFlow flow, final byte side, final byte tif, final int flags, final int user,
        final long price, final long lots, final long ref)
    {
        flow.append(OrderFlow.INSERT, side, tif, (byte)flags, user, 0, price, lots, ref, ref, 0);
    }

    private static void cancel(final OrderFlow flow, final byte side, final int user, final long ref)
    {
        flow.append(OrderFlow.CANCEL, side, OrderFlow.GTC, (byte)0, user, 0, 0, 0, ref,
            RegimeFlowGenerator.CANCEL_CL_ORD_BASE + flow.size(), ref);
    }
}
