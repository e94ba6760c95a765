package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineLifecycleTest
{
    @TempDir
    Path dir;

    @Test
    void shouldAcknowledgeThroughTheRingAndStampEveryEvent()
    {
        final EventRecorder recorder = new EventRecorder();
        try (Engine engine = new Engine(TestInstruments.config()).start(recorder))
        {
            final EngineCommand command = new EngineCommand();
            command.newOrder(1, "a", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5);
            command.gatewayInNs = 42;
            assertEquals(1, engine.publisher().publish(command));
            Await.until("ack", () -> recorder.executions.size() == 1);
            final ExecutionEvent ack = recorder.executions.get(0);
            assertEquals(ExecType.NEW, ack.execType);
            assertEquals(42, ack.gatewayInNs);
            assertTrue(ack.engineInNs > 0 && ack.matchStartNs >= ack.engineInNs && ack.engineOutNs >= ack.matchStartNs,
                "stamps in order: " + ack.engineInNs + " " + ack.matchStartNs + " " + ack.engineOutNs);
            assertEquals(0, ack.orderId & 0xFF, "partition 0 in the low bits of the order id");
        }
    }

    @Test
    void shouldRouteByInstrumentAndKeepOrderIdsUniqueAcrossPartitions()
    {
        final EventRecorder recorder = new EventRecorder();
        try (Engine engine = new Engine(TestInstruments.config()).start(recorder))
        {
            final EngineCommand command = new EngineCommand();
            engine.publisher().publish(
                command.newOrder(1, "a", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
            engine.publisher().publish(
                command.newOrder(1, "b", 3, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("150"), 5));
            Await.until("two acks", () -> recorder.executions.size() == 2);
            final long first = recorder.executions.get(0).orderId;
            final long second = recorder.executions.get(1).orderId;
            assertTrue(first != second);
            assertEquals(List.of(0L, 1L),
                List.of(Math.min(first & 0xFF, second & 0xFF), Math.max(first & 0xFF, second & 0xFF)));
        }
    }

    @Test
    void shouldSendAMassCancelToEveryPartitionAndReportFromEach()
    {
        final EventRecorder recorder = new EventRecorder();
        try (Engine engine = new Engine(TestInstruments.config()).start(recorder))
        {
            final EngineCommand command = new EngineCommand();
            engine.publisher().publish(
                command.newOrder(7, "a", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
            engine.publisher().publish(
                command.newOrder(7, "b", 3, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("150"), 5));
            assertEquals(2, engine.publisher().publish(command.massCancel(7, "m", EngineCommand.ALL_INSTRUMENTS)));
            Await.until("two reports", () -> recorder.executionsSnapshot().stream()
                .filter(e -> e.kind == ExecutionEvent.Kind.MASS_CANCEL_REPORT).count() == 2);
            assertEquals(2,
                recorder.executionsSnapshot().stream().filter(e -> e.execType == ExecType.CANCELED).count());
        }
    }

    @Test
    void shouldRecoverRestingOrdersAndContinueOrderIdsAfterARestart()
    {
        restartAndCheck(TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s")));
    }

    @Test
    void shouldRecoverTheSameStateFromASnapshotAsFromTheJournal()
    {
        restartAndCheck(TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(3));
    }

    @Test
    void shouldRefuseASecondEngineOnTheSameJournalWhileTheFirstRuns()
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"));
        final EventRecorder recorder = new EventRecorder();
        try (Engine first = new Engine(config).start(recorder))
        {
            final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> new Engine(config));
            assertTrue(refused.getMessage().startsWith("journal.dir " + dir.resolve("j").resolve("p0") +
                " is in use by another running engine (pid " + ProcessHandle.current().pid()), refused.getMessage());
            final EngineCommand command = new EngineCommand();
            first.publisher().publish(
                command.newOrder(1, "a", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
            Await.until("the first engine still trades", () -> recorder.executions.size() == 1);
        }
        try (Engine again = new Engine(config).start(new EventRecorder()))
        {
            assertEquals(1, again.recoveryReports().get(0).replayedCommands(), "the lock is released on close");
        }
    }

    @Test
    void shouldRecoverRestingOrdersWithTheJournalOnItsOwnThread()
    {
        restartAndCheck(TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"))
            .withJournalStage(JournalStage.SEPARATE));
    }

    @Test
    void shouldProduceTheSameEventsAndRecoverTheSameBooksWhateverThreadRunsTheJournal()
    {
        final List<String> inline = runThenRecover(JournalStage.INLINE);
        final List<String> separate = runThenRecover(JournalStage.SEPARATE);
        assertTrue(inline.size() > 3_000, "events: " + inline.size());
        assertEquals(inline, separate);
    }

    /**
     * 3,000 seeded random commands on partition 0's instruments, then a restart on the same journal: every
     * event of partition 0 rendered, then the recovered book. (The stream's mass cancels also reach partition 1,
     * whose reports interleave with partition 0's by thread timing, so they are left out.)
     */
    private List<String> runThenRecover(final JournalStage stage)
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve(stage + "-j"), dir.resolve(stage + "-s"))
            .withJournalStage(stage).withSnapshotEveryCommands(0);
        final RandomCommandStream stream =
            new RandomCommandStream(11, config.instruments().instruments().subList(0, 1), 4, 3);
        final EngineCommand command = new EngineCommand();
        final EventRecorder run = new EventRecorder();
        try (Engine engine = new Engine(config).start(partitionZero(run)))
        {
            for (int i = 0; i < 3_000; i++)
            {
                engine.publisher().publish(stream.next(command));
            }
            Await.until("all matched", () -> engine.stats(0).commands() == 3_000);
        }
        final List<String> events = new java.util.ArrayList<>(run.drain());
        final EventRecorder recovered = new EventRecorder();
        final Engine engine = new Engine(config).start(partitionZero(recovered));
        try (engine)
        {
            events.add("-- recovered --");
            events.addAll(recovered.drain());
        }
        return events;
    }

    static EngineEventListener partitionZero(final EventRecorder recorder)
    {
        return new EngineEventListener()
        {
            @Override
            public void onExecution(final ExecutionEvent event)
            {
                if (event.partition == 0)
                {
                    recorder.onExecution(event);
                }
            }

            @Override
            public void onBookEvent(final BookEvent event)
            {
                recorder.onBookEvent(event);
            }
        };
    }

    private void restartAndCheck(final EngineConfig config)
    {
        final EventRecorder first = new EventRecorder();
        final EngineCommand command = new EngineCommand();
        try (Engine engine = new Engine(config).start(first))
        {
            engine.publisher().publish(
                command.newOrder(1, "a", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
            engine.publisher().publish(
                command.newOrder(2, "b", 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 2));
            engine.publisher().publish(
                command.newOrder(2, "c", 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("101"), 7));
            Await.until("events", () -> first.executions.size() == 5);
            final List<ExecutionEvent> trades =
                first.executionsSnapshot().stream().filter(e -> e.execType == ExecType.TRADE).toList();
            assertEquals(2, trades.size());
            assertTrue(trades.get(0).execId != trades.get(1).execId, "each side of a trade has its own ExecID");
            Await.until("stats", () -> engine.stats(0).trades() == 1 && engine.stats(0).journalBytes() > 0
                && engine.stats(0).commands() == 3);
        }
        final EventRecorder second = new EventRecorder();
        try (Engine engine = new Engine(config).start(second))
        {
            assertEquals(List.of("B ADD o1 BUY 3@100", "B ADD o3 SELL 7@101"), second.drain());
            final RecoveryReport report = engine.recoveryReports().get(0);
            assertEquals(3, report.snapshotCommands() + report.replayedCommands(), report.toString());
            engine.publisher().publish(
                command.newOrder(1, "d", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("99"), 1));
            engine.publisher().publish(command.orderStatus(2, "b", 1));
            Await.until("ack and status", () -> second.executions.size() == 2);
            assertEquals(4, second.executions.get(0).orderId >> MatchingCore.ID_PARTITION_BITS);
            assertEquals("8 s2 b ORDER_STATUS/FILLED o2 2@100 cum=2 leaves=0",
                EventRecorder.render(second.executions.get(1)),
                "a finished order's fills survive the restart");
        }
    }
}
