package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** After warm-up the matching path allocates nothing: measured with the JVM's per-thread allocation counter. */
class AllocationTest
{
    private static final int CYCLE = 10_000;
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    @Test
    void shouldAllocateNothingPerCommandOnTheMatcherAfterWarmUp()
    {
        final EngineConfig config = TestInstruments.config();
        final MatchingCore matcher = new MatchingCore(0, config, new org.agrona.concurrent.SystemEpochNanoClock());
        matcher.listener(EngineEventListener.NO_OP);
        final Workload workload = new Workload(config);
        // warm-up outlasts the finished-order ring, so pools have reached their steady size
        for (int i = 0; i < 3 * EngineConfig.FINISHED_ORDERS_RETAINED; i++)
        {
            matcher.apply(workload.next());
        }
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 5 * CYCLE; i++)
        {
            matcher.apply(workload.next());
        }
        final long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertEquals(0, allocated, "bytes allocated by " + 5 * CYCLE + " commands");
    }

    /**
     * With the default parking strategy, the journal inline or on its own thread, async or sync (where the force
     * thread also runs, and releases the held events after each force). (The blocking strategy parks
     * through java.util.concurrent locks, whose condition queue allocates a small node per park while idle:
     * not per command.) Opening a
     * new journal segment also allocates (a file channel and a mapping), once per segment. The JVM itself may
     * still spin a method-handle form on one of these threads late in a run (seen with JFR: a few hundred bytes,
     * once), so this test asserts less than one byte per command and prints the totals; the strict
     * zero is asserted on the matcher itself above.
     */
    @ParameterizedTest
    @CsvSource({"INLINE, ASYNC", "SEPARATE, ASYNC", "INLINE, SYNC", "SEPARATE, SYNC"})
    void shouldAllocateNothingOnTheJournalMatcherAndForceThreadsAfterWarmUp(final JournalStage stage,
        final JournalMode mode)
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(mode, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(0).withJournalStage(stage)
            // rolling to a new segment allocates; keep the run inside one (sparse) file
            .withJournalSegmentBytes(Integer.MAX_VALUE);
        final Workload workload = new Workload(config);
        try (Engine engine = new Engine(config).start(EngineEventListener.NO_OP))
        {
            // found before warm-up: collecting stack traces makes the target threads allocate
            final long matcher = threadId("kairos-matcher-p0");
            final long[] threads = {matcher, stage == JournalStage.SEPARATE ? threadId("kairos-journal-p0") : matcher,
                mode == JournalMode.SYNC ? threadId("kairos-force-p0") : matcher};
            final int commands = 20 * CYCLE;
            final long[] bytes = measure(engine, workload, threads, commands);
            System.out.printf("pipeline allocation (journal %s, %s) over %d commands: matcher %d B, journal %d B, "
                + "force %d B%n", stage, mode, commands, bytes[0], bytes[1], bytes[2]);
            assertEquals(0, bytes[0] / commands, "matcher thread bytes per command (total " + bytes[0] + ")");
            assertEquals(0, bytes[1] / commands, "journal thread bytes per command (total " + bytes[1] + ")");
            assertEquals(0, bytes[2] / commands, "force thread bytes per command (total " + bytes[2] + ")");
        }
    }

    /** Compact threading: journal and matcher of every partition as agents on one shared thread; the force thread. */
    @ParameterizedTest
    @EnumSource(value = JournalMode.class, names = {"ASYNC", "SYNC"})
    void shouldAllocateNothingOnTheSharedHostThreadAfterWarmUp(final JournalMode mode)
    {
        final EngineConfig config =
            TestInstruments.config().withJournal(mode, dir.resolve("j"), dir.resolve("s"))
            .withSnapshotEveryCommands(0).withJournalSegmentBytes(Integer.MAX_VALUE);
        final Workload workload = new Workload(config);
        try (AgentThread host = AgentThread.start("kairos-hot-test", new org.agrona.concurrent.BackoffIdleStrategy(),
            Throwable::printStackTrace, Thread::new);
            Engine engine = new Engine(config, new org.agrona.concurrent.SystemEpochNanoClock(), host)
                .start(EngineEventListener.NO_OP))
        {
            final long hot = host.thread().threadId();
            final long[] threads = {hot, mode == JournalMode.SYNC ? threadId("kairos-force-p0") : hot};
            final int commands = 20 * CYCLE;
            final long[] bytes = measure(engine, workload, threads, commands);
            System.out.printf("shared-thread allocation (%s) over %d commands: %d B, force %d B%n", mode, commands,
                bytes[0], bytes[1]);
            assertEquals(0, bytes[0] / commands, "host thread bytes per command (total " + bytes[0] + ")");
            assertEquals(0, bytes[1] / commands, "force thread bytes per command (total " + bytes[1] + ")");
        }
    }

    /** Warms up, then publishes {@code commands}: @return the bytes each thread allocated meanwhile. */
    private static long[] measure(final Engine engine, final Workload workload, final long[] threads,
        final int commands)
    {
        warmUp(engine, workload, threads);
        final long[] bytes = new long[threads.length];
        for (int i = 0; i < threads.length; i++)
        {
            bytes[i] = -THREADS.getThreadAllocatedBytes(threads[i]);
        }
        publish(engine, workload, commands);
        for (int i = 0; i < threads.length; i++)
        {
            bytes[i] += THREADS.getThreadAllocatedBytes(threads[i]);
        }
        return bytes;
    }

    /** Runs cycles until five in a row allocate nothing on any of the threads (JIT tiers settled), at most 150. */
    private static void warmUp(final Engine engine, final Workload workload, final long[] threads)
    {
        int quiet = 0;
        for (int round = 0; round < 150 && quiet < 5; round++)
        {
            final long before = allocated(threads);
            publish(engine, workload, CYCLE);
            quiet = allocated(threads) == before ? quiet + 1 : 0;
        }
    }

    private static long allocated(final long[] threads)
    {
        long sum = 0;
        for (final long thread : threads)
        {
            sum += THREADS.getThreadAllocatedBytes(thread);
        }
        return sum;
    }

    private static void publish(final Engine engine, final Workload workload, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            engine.publisher().publish(workload.next());
        }
        Await.until("partition 0 drained", () -> engine.publisher().remainingCapacity(0) == engine.config().ringSize());
    }

    private static long threadId(final String name)
    {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).findFirst()
            .orElseThrow().threadId();
    }

    /** A stationary flow for partition 0: random commands, and every session's orders mass-cancelled once per cycle. */
    private static final class Workload
    {
        private final RandomCommandStream stream;
        private final EngineCommand command = new EngineCommand();
        private long count;

        Workload(final EngineConfig config)
        {
            stream = new RandomCommandStream(3, config.instruments().instruments().subList(0, 2), 5, 2);
        }

        EngineCommand next()
        {
            final long n = count++ % CYCLE;
            return n < 5 ? command.massCancel(1 + (int)n, "mass", EngineCommand.ALL_INSTRUMENTS) : stream.next(command);
        }
    }
}
