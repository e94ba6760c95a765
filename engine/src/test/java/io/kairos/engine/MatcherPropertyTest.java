package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.agrona.concurrent.EpochNanoClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Seeded random command streams: invariants after every command, conservation per order, determinism. */
class MatcherPropertyTest
{
    private static final int COMMANDS = 20_000;
    private static final int CHECKED_COMMANDS = 5_000;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void shouldNeverRestCrossedAndShouldKeepFifoAndLevelTotals(final long seed)
    {
        runChecked(seed, SelfTradePrevention.OFF);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SelfTradePrevention.class)
    void shouldHoldTheInvariantsUnderEverySelfTradeMode(final SelfTradePrevention stp)
    {
        runChecked(11, stp);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {31, 32, 33})
    void shouldHoldTheInvariantsWithIcebergsAndMinimumQuantities(final long seed)
    {
        runChecked(seed, SelfTradePrevention.OFF, 30);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SelfTradePrevention.class)
    void shouldHoldTheInvariantsWithIcebergsUnderEverySelfTradeMode(final SelfTradePrevention stp)
    {
        runChecked(41, stp, 30);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22, 23})
    void shouldProduceByteIdenticalEventsWhenTheSameCommandsAreReplayed(final long seed)
    {
        final byte[] first = runForBytes(seed);
        final byte[] second = runForBytes(seed);
        assertTrue(first.length > 100_000, "the stream produced events");
        assertArrayEquals(first, second);
    }

    private static byte[] runForBytes(final long seed)
    {
        final EngineConfig config = TestInstruments.config();
        final long[] time = {0};
        final EpochNanoClock clock = () -> time[0] += 7;
        final MatchingCore matcher = new MatchingCore(0, config, clock);
        final EventBytes bytes = new EventBytes();
        matcher.listener(bytes);
        final RandomCommandStream stream = new RandomCommandStream(seed, config.instruments().instruments(), 5, 3);
        final EngineCommand command = new EngineCommand();
        for (int i = 0; i < COMMANDS; i++)
        {
            stream.next(command);
            command.engineInNs = time[0];
            matcher.apply(command);
        }
        return bytes.toByteArray();
    }

    private static void runChecked(final long seed, final SelfTradePrevention stp)
    {
        runChecked(seed, stp, 0);
    }

    private static void runChecked(final long seed, final SelfTradePrevention stp, final int instructionPercent)
    {
        final EngineConfig config = TestInstruments.config().withSelfTradePrevention(stp);
        final MatchingCore matcher = new MatchingCore(0, config, () -> 1L);
        final Map<Long, Long> entrySequence = new HashMap<>();
        final Map<Long, long[]> orders = new HashMap<>();
        final Map<Long, Long> published = new HashMap<>();
        final long[] bookEventCount = {0};
        matcher.listener(new EngineEventListener()
        {
            public void onExecution(final ExecutionEvent e)
            {
                checkExecution(e, orders);
            }

            public void onBookEvent(final BookEvent b)
            {
                bookEventCount[0]++;
                if (b.type == BookEvent.Type.ADD || b.type == BookEvent.Type.MODIFY_LOSE_PRIORITY)
                {
                    entrySequence.put(b.orderId, bookEventCount[0]);
                }
                if (b.type == BookEvent.Type.DELETE || b.quantity == 0)
                {
                    published.remove(b.orderId);
                }
                else
                {
                    published.put(b.orderId, b.quantity);
                }
            }
        });
        final RandomCommandStream stream = new RandomCommandStream(seed, config.instruments().instruments(), 5, 3)
            .withInstructions(instructionPercent);
        final EngineCommand command = new EngineCommand();
        for (int i = 0; i < CHECKED_COMMANDS; i++)
        {
            matcher.apply(stream.next(command));
            BookInvariants.check(matcher, entrySequence, "seed " + seed + " command " + i);
            BookInvariants.checkPublished(matcher, published, "seed " + seed + " command " + i);
        }
        assertTrue(orders.size() > CHECKED_COMMANDS / 3, "the stream exercised many orders");
    }

    /** Per order: [orderQty, sum of fills]. Every report must agree with the fills seen so far. */
    private static void checkExecution(final ExecutionEvent e, final Map<Long, long[]> orders)
    {
        if (e.kind != ExecutionEvent.Kind.EXECUTION_REPORT || e.orderId == 0 || e.execType == ExecType.ORDER_STATUS)
        {
            return;
        }
        final long[] state = orders.computeIfAbsent(e.orderId, id -> new long[2]);
        state[0] = e.orderQty;
        if (e.execType == ExecType.TRADE)
        {
            state[1] += e.lastQty;
        }
        final String context = "order " + e.orderId + " " + e.execType;
        assertEquals(state[1], e.cumQty, context + ": cumQty is the sum of its fills");
        switch (e.ordStatus)
        {
            case CANCELED, EXPIRED -> assertEquals(0, e.leavesQty, context);
            case FILLED -> assertEquals(e.orderQty, e.cumQty, context);
            default -> assertEquals(e.orderQty, e.cumQty + e.leavesQty, context + ": filled + leaves = ordered");
        }
        assertTrue(e.cumQty <= e.orderQty, context + ": overfilled");
    }
}
