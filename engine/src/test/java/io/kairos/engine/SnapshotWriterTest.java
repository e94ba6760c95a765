package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots off the matcher's thread: the matcher only captures the state into memory; the writer's thread writes
 * the file, and a snapshot due while the previous one is still unwritten is skipped, never waited for. The writer is
 * driven by hand here (no thread of its own), so every step is deterministic.
 */
class SnapshotWriterTest
{
    private static final EngineConfig CONFIG = TestInstruments.config();

    @TempDir
    Path dir;

    @Test
    void shouldCaptureInMemoryOnTheMatcherAndWriteTheFileOnTheWritersThread() throws Exception
    {
        final SnapshotStore store = new SnapshotStore(dir, 0);
        final SnapshotWriter writer = new SnapshotWriter(store, 0, null);
        final MatchingCore matcher = matcherAfter(2_000);

        assertTrue(writer.offer(matcher, 2_000));
        assertEquals(List.of(), store.list(), "the matcher's thread wrote no file");

        final AtomicReference<Integer> work = new AtomicReference<>();
        final Thread housekeeping = new Thread(() -> work.set(writer.doWork()), "housekeeping");
        housekeeping.start();
        housekeeping.join(10_000);
        assertEquals(1, work.get(), "the writer's thread wrote it");
        assertEquals(1, store.list().size());
        assertEquals(books(matcher), books(restored(store, store.list().get(0))), "the file holds the books");
    }

    @Test
    void shouldRestoreIcebergsHiddenRestsSoThatTheRestoredMatcherGoesOnExactlyAsTheOriginal() throws Exception
    {
        final SnapshotStore store = new SnapshotStore(dir, 0);
        final SnapshotWriter writer = new SnapshotWriter(store, 0, null);
        final RandomCommandStream stream =
            new RandomCommandStream(9, TestInstruments.DEFAULT, 4, 0).withInstructions(40);
        final MatchingCore original = matcherAfter(stream, 2_000);
        assertTrue(writer.offer(original, 2_000));
        writer.persistPending();
        final MatchingCore restored = restored(store, store.list().get(0));

        final EventBytes originalEvents = new EventBytes();
        final EventBytes restoredEvents = new EventBytes();
        original.listener(originalEvents);
        restored.listener(restoredEvents);
        final EngineCommand command = new EngineCommand();
        for (int i = 2_001; i <= 4_000; i++)
        {
            stream.next(command);
            if (hostedHere(command))
            {
                original.apply(command, 0, i);
                restored.apply(command, 0, i);
            }
        }
        assertTrue(originalEvents.toByteArray().length > 100_000, "the commands after the snapshot traded");
        assertArrayEquals(originalEvents.toByteArray(), restoredEvents.toByteArray());
    }

    @Test
    void shouldRestoreEachBooksTradingStatus() throws Exception
    {
        final SnapshotStore store = new SnapshotStore(dir, 0);
        final SnapshotWriter writer = new SnapshotWriter(store, 0, null);
        final MatchingCore original = matcherAfter(500);
        final EngineCommand command = new EngineCommand();
        original.apply(command.tradingAction(1, TradingAction.HALT, "test"), 0, 501);
        original.apply(command.tradingAction(2, TradingAction.CLOSE, "test"), 0, 502);
        assertTrue(writer.offer(original, 502));
        writer.persistPending();
        final MatchingCore restored = restored(store, store.list().get(0));

        final List<String> books = books(restored);
        assertEquals(books(original), books);
        assertTrue(books.contains("B STATUS AAPL HALTED") && books.contains("B STATUS MSFT CLOSED"), books.toString());
        final EventRecorder recorder = new EventRecorder();
        restored.listener(recorder);
        restored.apply(command.newOrder(1, "after", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
            Prices.parse("100"), 1), 0, 503);
        assertEquals(List.of("8 s1 after REJECTED/REJECTED INSTRUMENT_HALTED"), recorder.drain());
    }

    @Test
    void shouldSkipASnapshotDueWhileThePreviousIsUnwrittenAndTakeTheNextOnceItIs()
    {
        final SnapshotStore store = new SnapshotStore(dir, 0);
        final SnapshotWriter writer = new SnapshotWriter(store, 0, null);
        final MatchingCore matcher = matcherAfter(500);

        assertTrue(writer.offer(matcher, 500));
        assertFalse(writer.offer(matcher, 1_000), "the previous one is not written yet: skipped");
        assertEquals(1, writer.skipped());
        assertEquals(1, writer.doWork());
        assertEquals(0, writer.doWork(), "nothing left to write");
        assertEquals(List.of(SnapshotDescriptor.fileName(500)), fileNames(store));

        assertTrue(writer.offer(matcher, 1_500), "taken again once the writer handed the image back");
        writer.persistPending();
        assertEquals(List.of(SnapshotDescriptor.fileName(500), SnapshotDescriptor.fileName(1_500)), fileNames(store));
        assertEquals(1, writer.skipped());
    }

    private static MatchingCore matcherAfter(final int commands)
    {
        return matcherAfter(new RandomCommandStream(7, TestInstruments.DEFAULT, 4, 0), commands);
    }

    private static MatchingCore matcherAfter(final RandomCommandStream stream, final int commands)
    {
        final MatchingCore matcher = new MatchingCore(0, CONFIG, () -> 0);
        matcher.listener(EngineEventListener.NO_OP);
        final EngineCommand command = new EngineCommand();
        for (int i = 1; i <= commands; i++)
        {
            stream.next(command);
            if (hostedHere(command))
            {
                matcher.apply(command, 0, i);
            }
        }
        return matcher;
    }

    /** Partition 0's commands: its instruments', unknown instruments' (rejected) and mass cancels. */
    private static boolean hostedHere(final EngineCommand command)
    {
        final Instrument instrument = CONFIG.instruments().byId(command.instrumentId);
        return command.type == CommandType.MASS_CANCEL || instrument == null || instrument.partition() == 0;
    }

    private static MatchingCore restored(final SnapshotStore store, final Path file) throws Exception
    {
        final MatchingCore matcher = new MatchingCore(0, CONFIG, () -> 0);
        store.read(file, matcher);
        return matcher;
    }

    private static List<String> books(final MatchingCore matcher)
    {
        final EventRecorder recorder = new EventRecorder();
        matcher.listener(recorder);
        matcher.emitRecoveredBooks();
        return recorder.drain();
    }

    private static List<String> fileNames(final SnapshotStore store)
    {
        return store.list().stream().map(p -> p.getFileName().toString()).toList();
    }
}
