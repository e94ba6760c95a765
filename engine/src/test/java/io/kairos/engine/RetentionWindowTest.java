package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finished order stays findable by its ClOrdID — refused as a duplicate, answered to a status request, "too late to
 * cancel" — exactly as long as it is among the last {@link EngineConfig#FINISHED_ORDERS_RETAINED} finished orders,
 * and the same after a snapshot restore.
 */
class RetentionWindowTest
{
    private static final int RETAINED = EngineConfig.FINISHED_ORDERS_RETAINED;
    private static final int SESSION = 1;
    private static final int AAPL = 1;
    private static final long PRICE = Prices.parse("100");

    private final EngineCommand command = new EngineCommand();

    @TempDir
    Path dir;

    @Test
    void shouldRefuseTheClOrdIdOfTheOldestRetainedOrderAndAcceptItOnceThatOrderIsEvicted()
    {
        final MatchingCore matcher = matcherWithExpiredOrders(RETAINED);

        assertEquals(List.of(
            "8 s1 o0 REJECTED/REJECTED DUPLICATE_CL_ORD_ID",
            "8 s1 o0 ORDER_STATUS/EXPIRED o1 5@100 cum=0 leaves=0",
            "9 s1 x orig=o0 ORDER_NOT_ACTIVE"), probe(matcher, "o0"));

        expire(matcher, "o" + RETAINED); // pushes o0 out
        assertEquals("8 s1 o1 REJECTED/REJECTED DUPLICATE_CL_ORD_ID", probe(matcher, "o1").get(0), "o1 is retained");
        assertEquals(List.of(
            "8 s1 o0 NEW/NEW o" + (RETAINED + 2) + " 5@100 cum=0 leaves=5",
            "B ADD o" + (RETAINED + 2) + " BUY 5@100",
            "8 s1 o0 ORDER_STATUS/NEW o" + (RETAINED + 2) + " 5@100 cum=0 leaves=5",
            "B DELETE o" + (RETAINED + 2) + " BUY 5@100",
            "8 s1 x CANCELED/CANCELED o" + (RETAINED + 2) + " 5@100 cum=0 leaves=0 orig=o0"), probe(matcher, "o0"),
            "o0 is a new order now");
    }

    @Test
    void shouldFindTheSameRetainedOrdersAfterASnapshotRestore() throws Exception
    {
        final MatchingCore matcher = matcherWithExpiredOrders(RETAINED + 10);
        final SnapshotStore store = new SnapshotStore(dir, 0);
        store.write(matcher, 1);
        final MatchingCore restored = new MatchingCore(0, TestInstruments.config(), () -> 0);
        store.read(store.list().get(0), restored);

        for (final String clOrdId : List.of("o9", "o10", "o" + (RETAINED + 9)))
        {
            assertEquals(probe(matcher, clOrdId), probe(restored, clOrdId), clOrdId);
        }
    }

    /** A matcher whose {@code count} orders o0, o1, ... expired in that order (IOC, nothing to match). */
    private MatchingCore matcherWithExpiredOrders(final int count)
    {
        final MatchingCore matcher = new MatchingCore(0, TestInstruments.config(), () -> 0);
        matcher.listener(EngineEventListener.NO_OP);
        for (int i = 0; i < count; i++)
        {
            expire(matcher, "o" + i);
        }
        return matcher;
    }

    private void expire(final MatchingCore matcher, final String clOrdId)
    {
        matcher.apply(command.newOrder(SESSION, clOrdId, AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.IOC, PRICE, 5));
    }

    /** A new order, a status request and a cancel, each naming {@code clOrdId}: the events they produce. */
    private List<String> probe(final MatchingCore matcher, final String clOrdId)
    {
        final EventRecorder recorder = new EventRecorder();
        matcher.listener(recorder);
        matcher.apply(command.newOrder(SESSION, clOrdId, AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, PRICE, 5));
        matcher.apply(command.orderStatus(SESSION, clOrdId, AAPL));
        matcher.apply(command.cancel(SESSION, "x", clOrdId, AAPL, Side.BUY));
        matcher.listener(EngineEventListener.NO_OP);
        return recorder.drain();
    }
}
