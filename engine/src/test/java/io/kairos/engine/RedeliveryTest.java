package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What start-up recovery emits again for a listener that lacks execution events. */
class RedeliveryTest
{
    private static final int SELLER = 1;
    private static final int BUYER = 2;

    @TempDir
    Path dir;

    @Test
    void shouldEmitAgainTheEventsTheListenerLacksWithTheirOriginalIds()
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"));
        final List<ExecutionEvent> original = trade(config);

        final long tradeIndex =
            original.stream().filter(e -> e.execType == ExecType.TRADE).findFirst().orElseThrow().journalIndex;
        final EventRecorder recorder = EventRecorder.lacking(tradeIndex - 1, e -> e.sessionId == SELLER);
        try (Engine engine = new Engine(config).start(recorder))
        {
            final List<ExecutionEvent> expected = original.stream()
                .filter(e -> e.sessionId == SELLER && e.journalIndex >= tradeIndex).toList();
            assertEquals(1, expected.size(), "the seller's fill: " + original);
            assertEquals(expected.size(), recorder.executions.size(), "re-emitted: " + recorder.lines);
            final ExecutionEvent fill = recorder.executions.get(0);
            assertTrue(fill.recovered);
            assertEquals(ExecType.TRADE, fill.execType);
            assertEquals(expected.get(0).execId, fill.execId, "same ExecID as the first time");
            assertEquals(expected.get(0).orderId, fill.orderId);
            assertEquals(expected.get(0).lastQty, fill.lastQty);
            assertEquals(expected.get(0).journalIndex, fill.journalIndex);
            assertEquals(fill.engineInNs, fill.transactTimeNs,
                "TransactTime of the first time the command was matched");
            assertEquals(1, engine.recoveryReports().get(0).redeliveredEvents());
            assertEquals(0, engine.recoveryReports().get(0).unrecoverableThrough());
        }
    }

    @Test
    void shouldReplayFromAnOlderSnapshotWhenTheLackingEventsAreBeforeTheNewest()
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(1);
        final List<ExecutionEvent> original = trade(config);

        final long firstIndex = original.get(0).journalIndex;
        final EventRecorder recorder = EventRecorder.lacking(firstIndex, e -> true);
        try (Engine engine = new Engine(config).start(recorder))
        {
            final RecoveryReport report = engine.recoveryReports().get(0);
            assertEquals(firstIndex, report.snapshotCommands(), "started from the snapshot at the redelivery point: "
                + report);
            assertEquals(original.stream().filter(e -> e.journalIndex > firstIndex).count(), recorder.executions.size(),
                recorder.lines.toString());
        }
    }

    @Test
    void shouldEmitNothingAgainForAListenerThatLacksNothing()
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"));
        trade(config);
        final EventRecorder recorder = new EventRecorder();
        try (Engine engine = new Engine(config).start(recorder))
        {
            assertTrue(recorder.executions.isEmpty(), recorder.lines.toString());
            assertEquals(0, engine.recoveryReports().get(0).redeliveredEvents());
        }
    }

    /** A resting sell, then a buy that fills it; returns every execution event, each with its journal index. */
    private static List<ExecutionEvent> trade(final EngineConfig config)
    {
        final EventRecorder recorder = new EventRecorder();
        try (Engine engine = new Engine(config).start(recorder))
        {
            final EngineCommand command = new EngineCommand();
            engine.publisher().publish(
                command.newOrder(SELLER, "s1", 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
            engine.publisher().publish(
                command.newOrder(BUYER, "b1", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
            Await.until("ack, ack and two fills", () -> recorder.executions.size() == 4);
        }
        for (final ExecutionEvent e : recorder.executions)
        {
            assertTrue(e.journalIndex > 0, "every event names its command's journal record: "
                + EventRecorder.render(e));
        }
        return recorder.executions;
    }
}
