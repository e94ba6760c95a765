package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.testsupport.Await;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compact threading in the engine: every hosted partition's matcher is an agent on one shared
 * {@link AgentThread}, journalling and matching there, with the same events and recovery as on
 * threads of its own.
 */
class SharedThreadEngineTest
{
    private static final int COMMANDS = 3_000;

    @TempDir
    Path dir;

    private final AgentThread host = AgentThread.start("kairos-hot-test", new BusySpinIdleStrategy(),
        Throwable::printStackTrace, Thread::new);

    @AfterEach
    void stopHost()
    {
        host.close();
    }

    @Test
    void shouldMatchEveryPartitionOnTheHostThread()
    {
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final EventRecorder recorder = new EventRecorder();
        final EngineEventListener listener = new EngineEventListener()
        {
            public void onExecution(final ExecutionEvent event)
            {
                threads.add(Thread.currentThread().getName());
                recorder.onExecution(event);
            }

            public void onBookEvent(final BookEvent event)
            {
                threads.add(Thread.currentThread().getName());
            }
        };
        final EngineCommand command = new EngineCommand();
        try (Engine engine = new Engine(TestInstruments.config(), new SystemEpochNanoClock(), host).start(listener))
        {
            for (final Instrument instrument : engine.config().instruments().instruments())
            {
                engine.publisher().publish(command.newOrder(1, "o" + instrument.id(), instrument.id(), Side.BUY,
                    OrderType.LIMIT, TimeInForce.DAY, instrument.referencePrice(), instrument.lotSize()));
            }
            final int instruments = engine.config().instruments().instruments().size();
            Await.until("every order acknowledged", () -> recorder.executions.size() == instruments);
            final long partitionsSpanned =
                engine.config().instruments().instruments().stream().mapToInt(Instrument::partition).distinct().count();
            assertTrue(partitionsSpanned > 1, "the test instruments span several partitions");
        }
        assertEquals(Set.of("kairos-hot-test"), threads);
    }

    @Test
    void shouldProduceTheSameEventsAndRecoverTheSameBooksAsOnThreadsOfItsOwn()
    {
        final List<String> ownThreads = runThenRecover("own", null);
        final List<String> shared = runThenRecover("shared", host);
        assertTrue(ownThreads.size() > COMMANDS, "events: " + ownThreads.size());
        assertEquals(ownThreads, shared);
    }

    @Test
    void shouldMatchEveryCommandPublishedBeforeCloseEvenBeyondTheRingSize()
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(0);
        final int commands = config.ringSize() + 5_000;
        final AtomicInteger acks = new AtomicInteger();
        final EngineEventListener counter = new EngineEventListener()
        {
            public void onExecution(final ExecutionEvent event)
            {
                acks.incrementAndGet();
            }

            public void onBookEvent(final BookEvent event)
            {
            }
        };
        final EngineCommand command = new EngineCommand();
        try (Engine engine = new Engine(config, new SystemEpochNanoClock(), host).start(counter))
        {
            for (int i = 0; i < commands; i++)
            {
                // far from the market, on one side: each is acknowledged and rests, none trades
                engine.publisher().publish(command.newOrder(1, "c" + i, 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                    Prices.parse("100"), 1));
            }
        }
        assertEquals(commands, acks.get(), "every published command was matched before close returned");
        final EventRecorder recovered = new EventRecorder();
        try (Engine engine = new Engine(config).start(recovered))
        {
            assertEquals(commands, engine.recoveryReports().get(0).restingOrders(),
                "and journalled (sync) before it was acknowledged");
        }
    }

    @Test
    void shouldWriteSnapshotsOnTheHousekeepingThreadAndRecoverFromThemToTheSameBooks()
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(700);
        final ReferenceBooks reference = new ReferenceBooks(config);
        try (AgentThread housekeeping = AgentThread.start("kairos-infra-test", new BusySpinIdleStrategy(),
            Throwable::printStackTrace, Thread::new);
            Engine engine = new Engine(config, new SystemEpochNanoClock(), host, housekeeping)
                .start(EngineEventListener.NO_OP))
        {
            reference.publish(engine, new RandomCommandStream(11, TestInstruments.DEFAULT, 4, 0), 5_000);
        }
        final EventRecorder recovered = new EventRecorder();
        try (Engine engine = new Engine(config).start(recovered))
        {
            // the first snapshot due is always taken (the writer starts idle) and written at the latest by close
            final RecoveryReport report = engine.recoveryReports().get(0);
            assertTrue(report.snapshotCommands() > 0, "started from a snapshot: " + report);
        }
        assertEquals(reference.recoveredBooks(), recovered.drain());
    }

    @Test
    void shouldRefuseToAddOrRemoveAnAgentFromTheHostThreadItself() throws Exception
    {
        final AtomicInteger refused = new AtomicInteger();
        final org.agrona.concurrent.Agent selfAdding = new org.agrona.concurrent.Agent()
        {
            public int doWork()
            {
                return 0;
            }

            public void onStart()
            {
                try
                {
                    host.add(this);
                }
                catch (final IllegalStateException expected)
                {
                    refused.incrementAndGet();
                }
            }

            public String roleName()
            {
                return "self-adding";
            }
        };
        host.add(selfAdding);
        assertEquals(1, refused.get());
        host.remove(selfAdding);
        host.close();
        final IllegalStateException stopped = assertThrows(IllegalStateException.class, () -> host.add(selfAdding));
        assertTrue(stopped.getMessage().contains("has stopped"), stopped.getMessage());
    }

    /** {@link EngineLifecycleTest}'s seeded stream on partition 0, then a restart on the same journal. */
    private List<String> runThenRecover(final String name, final AgentThread matcherHost)
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve(name + "-j"), dir.resolve(name + "-s"))
            .withSnapshotEveryCommands(0);
        final RandomCommandStream stream =
            new RandomCommandStream(11, config.instruments().instruments().subList(0, 1), 4, 3);
        final EngineCommand command = new EngineCommand();
        final EventRecorder run = new EventRecorder();
        try (Engine engine =
            new Engine(config, new SystemEpochNanoClock(), matcherHost).start(EngineLifecycleTest.partitionZero(run)))
        {
            for (int i = 0; i < COMMANDS; i++)
            {
                engine.publisher().publish(stream.next(command));
            }
            Await.until("all matched", () -> engine.stats(0).commands() == COMMANDS);
        }
        final List<String> events = new ArrayList<>(run.drain());
        final EventRecorder recovered = new EventRecorder();
        final Engine engine = new Engine(config, new SystemEpochNanoClock(), matcherHost)
            .start(EngineLifecycleTest.partitionZero(recovered));
        try (engine)
        {
            events.add("-- recovered --");
            events.addAll(recovered.drain());
        }
        return events;
    }
}
