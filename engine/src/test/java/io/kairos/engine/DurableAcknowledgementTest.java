package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import io.kairos.testsupport.Await;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Sync journal: the thread that matches never waits for the disk — it goes on matching while a force is outstanding
 * — and no event of a command (execution report or book event) leaves the engine before a force covering its
 * command has completed. In both layouts: the matcher on a thread of its own, and polled on a shared thread.
 */
class DurableAcknowledgementTest
{
    private static final int ORDERS_DURING_FORCE = 200;

    @TempDir
    Path dir;

    enum Layout
    {
        OWN_THREADS,
        SHARED_THREAD
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void shouldGoOnMatchingWhileAForceIsOutstandingAndReleaseNoEventBeforeItsCommandIsForced(final Layout layout)
        throws Exception
    {
        final CountDownLatch firstForceDone = new CountDownLatch(1);
        final CountDownLatch letFirstForceEnd = new CountDownLatch(1);
        final AtomicLong forcedThrough = new AtomicLong();
        final JournalForceListener holdFirstForce = (partition, durableIndex, durationNs) ->
        {
            if (firstForceDone.getCount() > 0)
            {
                firstForceDone.countDown();
                awaitOrFail(letFirstForceEnd); // the force stays outstanding until the test has seen enough
            }
            forcedThrough.set(durableIndex);
        };
        final DurabilityChecker checker = new DurabilityChecker(forcedThrough);
        final AgentThread host = layout == Layout.SHARED_THREAD ? AgentThread.start("kairos-hot-test",
            new BusySpinIdleStrategy(), Throwable::printStackTrace, Thread::new) : null;
        final EngineConfig config = TestInstruments.config()
            .withJournal(JournalMode.SYNC, dir.resolve("journal"), dir.resolve("snapshots"));
        try (Engine engine = new Engine(config, new SystemEpochNanoClock(), host).journalForceListener(holdFirstForce))
        {
            engine.start(checker);
            final PartitionStats stats = engine.stats(0);
            final EngineCommand command = new EngineCommand();
            engine.publisher().publish(order(command, 0));
            assertTrue(firstForceDone.await(20, TimeUnit.SECONDS), "the first force completed its write");
            for (int i = 1; i <= ORDERS_DURING_FORCE; i++)
            {
                engine.publisher().publish(order(command, i));
            }
            Await.until("every order matched while the first force is outstanding",
                () -> stats.commands() == ORDERS_DURING_FORCE + 1);
            assertEquals(0, checker.executions(), "no execution report before its command is forced");
            assertEquals(0, checker.bookEvents(), "no book event before its command is forced");

            letFirstForceEnd.countDown();
            Await.until("every order acknowledged", () -> checker.executions() == ORDERS_DURING_FORCE + 1);
            Await.until("every order on the public feed", () -> checker.bookEvents() == ORDERS_DURING_FORCE + 1);
            assertEquals(List.of(), checker.violations(), "events released before their command was forced");
            assertTrue(stats.commandsMatchedDuringForces() >= ORDERS_DURING_FORCE,
                "commands matched while the first force was outstanding: " + stats.commandsMatchedDuringForces());
        }
        finally
        {
            letFirstForceEnd.countDown();
            if (host != null)
            {
                host.close();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void shouldForceEverySegmentItRollsOverAndRecoverEveryAcknowledgedOrder(final Layout layout) throws Exception
    {
        final int orders = 3_000; // about 100 bytes a record: several 64 KiB segments
        final AgentThread host = layout == Layout.SHARED_THREAD ? AgentThread.start("kairos-hot-test",
            new BusySpinIdleStrategy(), Throwable::printStackTrace, Thread::new) : null;
        final EngineConfig config = TestInstruments.config()
            .withJournal(JournalMode.SYNC, dir.resolve("journal"), dir.resolve("snapshots"))
            .withJournalSegmentBytes(64 * 1024).withSnapshotEveryCommands(1_000);
        final AtomicLong forcedThrough = new AtomicLong();
        final DurabilityChecker checker = new DurabilityChecker(forcedThrough);
        try (Engine engine = new Engine(config, new SystemEpochNanoClock(), host)
            .journalForceListener((partition, durableIndex, durationNs) -> forcedThrough.set(durableIndex)))
        {
            engine.start(checker);
            final EngineCommand command = new EngineCommand();
            for (int i = 0; i < orders; i++)
            {
                engine.publisher().publish(order(command, i));
            }
            Await.until("every order acknowledged", () -> checker.executions() == orders);
            assertEquals(List.of(), checker.violations(), "events released before their command was forced");
        }
        finally
        {
            if (host != null)
            {
                host.close();
            }
        }
        try (Stream<Path> segments = Files.list(dir.resolve("journal").resolve("p0")))
        {
            assertTrue(segments.filter(p -> p.getFileName().toString().startsWith("journal-")).count() > 2,
                "the journal rolled over several segments");
        }
        final EventRecorder recovered = new EventRecorder();
        try (Engine engine = new Engine(config).start(recovered))
        {
            assertEquals(orders, recovered.bookEvents.size(), "every acknowledged order rests after recovery: "
                + engine.recoveryReports());
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void shouldAddTheConfiguredDelayToEveryForce(final Layout layout) throws Exception
    {
        final long delayUs = 5_000;
        final AgentThread host = layout == Layout.SHARED_THREAD ? AgentThread.start("kairos-hot-test",
            new BusySpinIdleStrategy(), Throwable::printStackTrace, Thread::new) : null;
        final EngineConfig config = TestInstruments.config()
            .withJournal(JournalMode.SYNC, dir.resolve("journal"), dir.resolve("snapshots"))
            .withJournalForceDelayUs(delayUs);
        final List<Long> durations = new ArrayList<>();
        final AtomicLong forcedThrough = new AtomicLong();
        final DurabilityChecker checker = new DurabilityChecker(forcedThrough);
        try (Engine engine = new Engine(config, new SystemEpochNanoClock(), host)
            .journalForceListener((partition, durableIndex, durationNs) ->
            {
                synchronized (durations)
                {
                    durations.add(durationNs);
                }
                forcedThrough.set(durableIndex);
            }))
        {
            engine.start(checker);
            final EngineCommand command = new EngineCommand();
            for (int i = 0; i < 20; i++)
            {
                engine.publisher().publish(order(command, i));
                final int acknowledged = i + 1;
                Await.until("order acknowledged", () -> checker.executions() == acknowledged);
            }
            assertEquals(List.of(), checker.violations(), "events released before their command was forced");
        }
        finally
        {
            if (host != null)
            {
                host.close();
            }
        }
        synchronized (durations)
        {
            assertTrue(durations.size() >= 20, "a force per acknowledged order, one at a time: " + durations.size());
            for (final long duration : durations)
            {
                assertTrue(duration >= TimeUnit.MICROSECONDS.toNanos(delayUs), "a force took " + duration + " ns");
            }
        }
    }

    /** A resting buy of AAPL (partition 0) at a price of its own: one report and one book event each. */
    private static EngineCommand order(final EngineCommand command, final int i)
    {
        return command.newOrder(1, "o" + i, 1, Side.BUY, OrderType.LIMIT, TimeInForce.GTC,
            Prices.parse("95") + (i % 500) * Prices.parse("0.01"), 1);
    }

    private static void awaitOrFail(final CountDownLatch latch)
    {
        try
        {
            if (!latch.await(60, TimeUnit.SECONDS))
            {
                throw new IllegalStateException("the test never let the force end");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts the events released and notes every execution report whose command was not yet forced. */
    private static final class DurabilityChecker implements EngineEventListener
    {
        private final AtomicLong forcedThrough;
        private final List<String> violations = new ArrayList<>();
        private int executions;
        private int bookEvents;

        DurabilityChecker(final AtomicLong forcedThrough)
        {
            this.forcedThrough = forcedThrough;
        }

        @Override
        public synchronized void onExecution(final ExecutionEvent event)
        {
            final long forced = forcedThrough.get();
            if (event.journalIndex > forced)
            {
                violations.add(event.clOrdId + " (journal index " + event.journalIndex + ", forced through " + forced
                    + ")");
            }
            executions++;
        }

        @Override
        public synchronized void onBookEvent(final BookEvent event)
        {
            if (!event.recovered)
            {
                bookEvents++;
            }
        }

        synchronized int executions()
        {
            return executions;
        }

        synchronized int bookEvents()
        {
            return bookEvents;
        }

        synchronized List<String> violations()
        {
            return new ArrayList<>(violations);
        }
    }
}
