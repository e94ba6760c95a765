package io.kairos.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.ExceptionHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;

/**
 * One partition: its command ring, journal stage, matcher stage and where they run — their own threads
 * ({@code kairos-matcher-pN}, plus {@code kairos-journal-pN} when the journal runs on its own thread), or,
 * in compact threading, a {@link PolledMatcher} agent on a shared {@link AgentThread}.
 * The journal appends each batch of commands before any of them is matched. In sync mode a {@link JournalForcer}
 * on the partition's force thread ({@code kairos-force-pN}) forces what was appended while the matcher goes on, and
 * the matcher's events wait in a {@link DurableEventGate} until the force covering their command completed: no
 * acknowledgement leaves before its command is on disk, and the thread that matches never waits for the disk.
 * Lifecycle calls come from the engine's owning thread.
 *
 * <p>Why one class of ~610 lines: its stages (separate journal, journalling matcher, polled matcher, matcher) are the
 * three threading layouts of one hand-off — journal the batch, match it, release its events once forced — and share
 * the partition's journal, force thread, event gate, snapshot schedule, stats and halt flag; kept side by side, the
 * layouts can be read against each other, which is how they are kept equivalent ({@code EngineLifecycleTest},
 * {@code SharedThreadEngineTest}, {@code DurableAcknowledgementTest}).
 */
final class PartitionRuntime
{
    private static final long CLOSE_DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    /**
     * Commands a polled matcher takes per duty cycle of its shared thread: enough to keep group commits
     * large, few enough that the sessions on the same thread are served within tens of microseconds.
     */
    static final int COMMANDS_PER_CYCLE = 256;
    /**
     * Events a partition holds at most while their commands are being forced (sync mode): at three events a command
     * and a force of 5 ms, enough for over 500,000 commands a second; about 4 MB of preallocated events.
     */
    static final int HELD_EVENTS = 8192;
    /**
     * A polled matcher takes no more commands while fewer slots than this are free for held events, so that a
     * command's events seldom have to wait for a force on the shared thread.
     */
    static final int HELD_EVENTS_HEADROOM = 1024;

    private final int partition;
    private final EngineConfig config;
    /** Runs the matcher as an agent (compact threading); null when the partition has its own threads. */
    private final AgentThread host;
    private final EpochNanoClock clock;
    private final WaitStrategy waitStrategy;
    private final RingBuffer<EngineCommand> ring;
    private final PartitionStats stats = new PartitionStats();
    private final MatchingCore matcher;
    private final DirectoryLock lock;
    private final Journal journal;
    /** Sync mode: forces the journal on the partition's force thread, and the events it covered; null otherwise. */
    private final JournalForcer forcer;
    private final DurableEventGate gate;
    /**
     * How the force thread waits: the appender signals it after each batch, and (with threads of their own, where
     * the force thread releases) the matcher after each batch of events.
     */
    private final SignalledIdleStrategy forceIdle;
    private final SnapshotStore snapshots;
    /**
     * Writes snapshot files off the matcher's thread: on the housekeeping thread when there is one, else (sync mode)
     * on the force thread; null: the matcher writes them.
     */
    private final SnapshotWriter snapshotWriter;
    private final AgentThread housekeeping;
    private AgentThread forceThread;
    private BatchEventProcessor<EngineCommand> journalProcessor;
    private BatchEventProcessor<EngineCommand> matcherProcessor;
    private Thread journalThread;
    private Thread matcherThread;
    private PolledMatcher polledMatcher;
    private RecoveryReport recoveryReport;
    private long baseIndex;

    /**
     * @param host         the shared thread the matcher runs on as an agent, or null for threads of its own
     * @param housekeeping the shared thread that writes snapshot files, or null for the matcher's own thread
     */
    PartitionRuntime(
        final int partition, final EngineConfig config, final EpochNanoClock clock, final AgentThread host,
        final AgentThread housekeeping)
    {
        this.partition = partition;
        this.config = config;
        this.clock = clock;
        this.host = host;
        // a polled ring's consumer never waits, so publishers need not signal it
        waitStrategy = host != null ? new BusySpinWaitStrategy() : config.waitStrategy().newStrategy();
        ring = RingBuffer.createMultiProducer(EngineCommand::new, config.ringSize(), waitStrategy);
        matcher = new MatchingCore(partition, config, clock);
        final boolean journalled = config.journalMode() != JournalMode.OFF;
        // taken before anything reads the journal: recovery cuts a torn tail, which must never be a live
        // writer's record
        lock = journalled
            ? DirectoryLock.acquire(
                partitionDir(config.journalDir()), JournalDescriptor.LOCK_FILE, EngineConfig.JOURNAL_DIR_PROP_NAME,
                "engine") : null;
        final boolean sync = config.journalMode() == JournalMode.SYNC;
        journal = journalled
            ? new Journal(partitionDir(config.journalDir()), config.journalSegmentBytes(), sync) : null;
        forcer = sync ? new JournalForcer(
            partition, journal, stats, TimeUnit.MICROSECONDS.toNanos(config.journalForceDelayUs())) : null;
        gate = sync ? new DurableEventGate(partition, forcer, HELD_EVENTS, host != null) : null;
        forceIdle = sync ? new SignalledIdleStrategy(host != null ? forcer::hasWork :
            () -> forcer.hasWork() || gate.hasReleasable()) : null;
        snapshots = journalled && config.snapshotEveryCommands() > 0
            ? new SnapshotStore(partitionDir(config.snapshotDir()), partition) : null;
        snapshotWriter = snapshots != null && (housekeeping != null || sync)
            ? new SnapshotWriter(snapshots, partition, forcer) : null;
        this.housekeeping = snapshotWriter != null ? housekeeping : null;
    }

    RingBuffer<EngineCommand> ring()
    {
        return ring;
    }

    PartitionStats stats()
    {
        return stats;
    }

    RecoveryReport recoveryReport()
    {
        return recoveryReport;
    }

    /**
     * Rebuilds the books from a snapshot and the journal, silently except for the execution events the
     * listener asks to have again ({@link EngineEventListener#needsRedelivery}), then describes the books
     * to the listener. The snapshot is the newest one at or before the listener's
     * {@link EngineEventListener#redeliverAfter} point, so the commands it lacks events of are replayed.
     */
    void recover(final EngineEventListener listener)
    {
        final long start = System.nanoTime();
        final long redeliverAfter = journal == null ? Long.MAX_VALUE : listener.redeliverAfter(partition);
        final List<Path> files = snapshots == null ? List.of() : snapshots.list();
        final int chosen = chooseSnapshot(files, redeliverAfter);
        long snapshotIndex = 0;
        if (chosen >= 0)
        {
            final Path snapshot = files.get(chosen);
            try
            {
                snapshotIndex = snapshots.read(snapshot, matcher);
            }
            catch (final IOException | RuntimeException ex)
            {
                throw new IllegalStateException("partition " + partition + ": snapshot " + snapshot +
                    " is unreadable (" + ex.getMessage() + "); move it aside to recover from the previous one", ex);
            }
        }
        final long previousSnapshotIndex = chosen > 0
            ? SnapshotDescriptor.indexOf(files.get(chosen - 1).getFileName().toString()) : 0;
        Journal.Recovery recovery = new Journal.Recovery(snapshotIndex, 0, 0, "");
        final RedeliveryFilter redelivery = RedeliveryFilter.ofReplay(listener, partition, redeliverAfter);
        if (journal != null)
        {
            matcher.listener(redelivery);
            recovery = journal.recover(snapshotIndex, new EngineCommand(),
                (command, index) -> matcher.apply(command, clock.nanoTime(), index));
            journal.deleteSegmentsCoveredBy(previousSnapshotIndex);
        }
        baseIndex = recovery.lastIndex();
        matcher.listener(listener);
        matcher.emitRecoveredBooks();
        listener.onRecoveryComplete(partition, journal == null ? 0 : baseIndex);
        stats.restingOrders.set(matcher.restingOrders());
        final long unrecoverableThrough = redeliverAfter < snapshotIndex ? snapshotIndex : 0;
        recoveryReport = new RecoveryReport(partition, snapshotIndex, recovery.replayed(), recovery.truncatedBytes(),
            recovery.truncationReason(), (int)matcher.restingOrders(), redelivery.redelivered(), unrecoverableThrough,
            System.nanoTime() - start);
    }

    /**
     * @return the position in {@code files} (oldest first) of the newest snapshot at or before
     * {@code redeliverAfter}; -1 to replay the journal from its beginning (no snapshot, or the journal still
     * starts at record 1 and every snapshot is too new); the oldest snapshot when none is old enough.
     */
    private int chooseSnapshot(final List<Path> files, final long redeliverAfter)
    {
        for (int i = files.size() - 1; i >= 0; i--)
        {
            if (SnapshotDescriptor.indexOf(files.get(i).getFileName().toString()) <= redeliverAfter)
            {
                return i;
            }
        }
        return files.isEmpty() || journal.firstIndex() <= 1 ? -1 : 0;
    }

    /**
     * Starts the matcher (and in sync mode the force thread). @param forceListener told of each journal force
     */
    void start(final EngineEventListener listener, final JournalForceListener forceListener)
    {
        matcher.listener(listener);
        if (gate != null)
        {
            gate.target(listener);
            matcher.listener(gate);
            forcer.startAt(baseIndex);
            forcer.listener(forceListener);
            startForceThread();
        }
        if (housekeeping != null)
        {
            housekeeping.add(snapshotWriter);
        }
        if (host != null)
        {
            polledMatcher = new PolledMatcher();
            host.add(polledMatcher);
            return;
        }
        final ExceptionHandler<EngineCommand> errors = new PartitionExceptionHandler(partition);
        final SequenceBarrier matcherBarrier;
        final EventHandler<EngineCommand> matcherStage;
        final boolean inlineJournal = journal != null && config.journalStage() == JournalStage.INLINE;
        if (journal != null && !inlineJournal)
        {
            journalProcessor =
                new BatchEventProcessorBuilder().build(ring, ring.newBarrier(), new SeparateJournalStage());
            journalProcessor.setExceptionHandler(new JournalFailureHandler(partition));
            matcherBarrier = ring.newBarrier(journalProcessor.getSequence());
            matcherStage = new MatcherStage();
        }
        else
        {
            matcherBarrier = ring.newBarrier();
            matcherStage = inlineJournal ? new JournallingMatcherStage() : new MatcherStage();
        }
        matcherProcessor = new BatchEventProcessorBuilder().build(ring, matcherBarrier, matcherStage);
        // in sync mode the matcher also halts when the force thread fails (MatcherStage checks)
        matcherProcessor.setExceptionHandler(inlineJournal || forcer != null ?
            new InlineJournalExceptionHandler(errors, new JournalFailureHandler(partition)) : errors);
        ring.addGatingSequences(matcherProcessor.getSequence());
        if (journalProcessor != null)
        {
            journalThread = new Thread(journalProcessor, "kairos-journal-p" + partition);
            journalThread.start();
        }
        matcherThread = new Thread(matcherProcessor, "kairos-matcher-p" + partition);
        matcherThread.start();
    }

    /**
     * The force thread: the forcer, then (when the matcher has a thread of its own) the release of what it made
     * durable, in the same duty cycle; and snapshot files when no housekeeping thread writes them.
     */
    private void startForceThread()
    {
        forceThread = AgentThread.start(forcer.roleName(), forceIdle,
            new CountingErrorHandler("kairos-engine", new AtomicLong()), Thread::new);
        forceThread.add(forcer);
        forceThread.add(host == null ? new GateRelease() : new HostWake());
        if (snapshotWriter != null && housekeeping == null)
        {
            forceThread.add(snapshotWriter);
        }
    }

    /**
     * Waits (bounded) for published commands to be matched and for their events to be released, stops the threads
     * (or agent) and closes the journal.
     */
    void close()
    {
        if (polledMatcher != null)
        {
            final Sequence consumed = polledMatcher.poller.getSequence();
            final long deadline = System.nanoTime() + CLOSE_DRAIN_TIMEOUT_NS;
            while (consumed.get() < ring.getCursor() && !polledMatcher.halted && System.nanoTime() < deadline
                && host.thread().isAlive())
            {
                Thread.onSpinWait();
            }
            host.remove(polledMatcher);
        }
        if (matcherProcessor != null)
        {
            final long deadline = System.nanoTime() + CLOSE_DRAIN_TIMEOUT_NS;
            while (matcherProcessor.getSequence().get() < ring.getCursor() && System.nanoTime() < deadline
                && matcherThread.isAlive())
            {
                Thread.onSpinWait();
            }
            matcherProcessor.halt();
            if (journalProcessor != null)
            {
                journalProcessor.halt();
            }
            join(matcherThread);
            join(journalThread);
        }
        if (forceThread != null)
        {
            final long deadline = System.nanoTime() + CLOSE_DRAIN_TIMEOUT_NS;
            while (!forcer.caughtUp() && System.nanoTime() < deadline)
            {
                Thread.onSpinWait();
            }
            forceThread.close();
            gate.release(); // this thread is the only one left that releases: the matcher and force thread stopped
        }
        if (housekeeping != null)
        {
            housekeeping.remove(snapshotWriter);
        }
        if (snapshotWriter != null)
        {
            snapshotWriter.persistPending(); // a snapshot captured just before the stop is still written
        }
        if (journal != null)
        {
            journal.close();
        }
        if (lock != null)
        {
            lock.close();
        }
    }

    private static void join(final Thread thread)
    {
        if (thread == null)
        {
            return;
        }
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private Path partitionDir(final Path root)
    {
        return root.resolve(JournalDescriptor.PARTITION_DIR_PREFIX + partition);
    }

    /** Appends one command to the journal; on the thread that runs the journal. */
    private void journal(final EngineCommand command, final long sequence)
    {
        final int bytes = journal.append(command, baseIndex + sequence + 1);
        stats.journalBytes.add(bytes);
    }

    /** Ends a journalled batch: publishes it to the force thread (sync mode), which forces it while it is matched. */
    private void endJournalBatch()
    {
        journal.publishAppended();
        if (forceIdle != null)
        {
            forceIdle.signal();
        }
    }

    /**
     * Sync mode, on the force thread of a partition polled on a shared thread: after each force, wakes that thread
     * if it is parked, so that it releases the events the force made durable at once rather than at the end of its
     * park. (An unpark of a thread that is not parked only makes its next park return at once.)
     */
    private final class HostWake implements Agent
    {
        private long woken;

        @Override
        public int doWork()
        {
            final long durable = forcer.durableIndex();
            if (durable == woken)
            {
                return 0;
            }
            woken = durable;
            LockSupport.unpark(host.thread());
            return 1;
        }

        @Override
        public String roleName()
        {
            return "kairos-wake-p" + partition;
        }
    }

    /**
     * Sync mode, on the force thread of a partition whose matcher has a thread of its own: releases the events the
     * last force made durable, in the duty cycle of that force.
     */
    private final class GateRelease implements Agent
    {
        @Override
        public int doWork()
        {
            return gate.release();
        }

        @Override
        public String roleName()
        {
            return "kairos-release-p" + partition;
        }
    }

    /**
     * The journal on its own thread ({@link JournalStage#SEPARATE}). At the end of each batch it publishes
     * its progress itself and wakes the matcher, which waits on this stage's sequence (a publisher's
     * signal only covers the ring's cursor).
     */
    private final class SeparateJournalStage implements EventHandler<EngineCommand>
    {
        private Sequence progress;

        @Override
        public void setSequenceCallback(final Sequence sequenceCallback)
        {
            progress = sequenceCallback;
        }

        @Override
        public void onEvent(final EngineCommand command, final long sequence, final boolean endOfBatch)
        {
            journal(command, sequence);
            if (endOfBatch)
            {
                endJournalBatch();
                progress.set(sequence);
                waitStrategy.signalAllWhenBlocking();
            }
        }
    }

    /**
     * The journal on the matcher thread ({@link JournalStage#INLINE}): the whole batch the processor is
     * about to hand over is journalled (and forced, in sync mode) first, then matched event by event.
     * The processor starts at sequence 0 and announces every batch, so {@code next} is the batch's first.
     */
    private final class JournallingMatcherStage implements EventHandler<EngineCommand>
    {
        private final MatcherStage matcherStage = new MatcherStage();
        private long next;

        @Override
        public void onBatchStart(final long batchSize, final long queueDepth)
        {
            try
            {
                final long end = next + batchSize;
                for (long sequence = next; sequence < end; sequence++)
                {
                    journal(ring.get(sequence), sequence);
                }
                endJournalBatch();
                next = end;
            }
            catch (final RuntimeException ex)
            {
                throw new JournalFailedException(ex);
            }
        }

        @Override
        public void onEvent(final EngineCommand command, final long sequence, final boolean endOfBatch)
        {
            matcherStage.onEvent(command, sequence, endOfBatch);
        }
    }

    /**
     * The matcher as an agent on a shared thread (compact threading), consuming the ring through a Disruptor
     * {@link EventPoller}: each duty cycle it journals the commands available (forcing them in sync mode: one
     * group commit) before it matches the first of them, then matches up to {@link #COMMANDS_PER_CYCLE}. It
     * never waits: an empty ring is zero work. A journal failure halts it (the command stays unconsumed, the
     * ring fills and the gateways answer back-pressure); a matcher failure skips the command, as on a thread
     * of its own. Owned by the host thread.
     */
    private final class PolledMatcher implements Agent, EventPoller.Handler<EngineCommand>
    {
        private final EventPoller<EngineCommand> poller = ring.newPoller();
        private final MatcherStage matcherStage = new MatcherStage();
        private final ExceptionHandler<EngineCommand> errors = new PartitionExceptionHandler(partition);
        private long journalledThrough = -1;
        private int handled;
        private volatile boolean halted;

        PolledMatcher()
        {
            ring.addGatingSequences(poller.getSequence());
        }

        @Override
        public int doWork() throws Exception
        {
            if (halted)
            {
                return 0;
            }
            int released = 0;
            if (gate != null)
            {
                if (forcer.failure() != null)
                {
                    halted = true; // the force thread said why; what it did not force is never released
                    return 0;
                }
                released = gate.release();
                if (gate.free() < HELD_EVENTS_HEADROOM)
                {
                    return released;
                }
            }
            handled = 0;
            try
            {
                poller.poll(this);
            }
            catch (final JournalFailedException ex)
            {
                halted = true;
                JournalFailureHandler.report(partition, journalledThrough + 1, ex.getCause());
            }
            return released + handled;
        }

        @Override
        public boolean onEvent(final EngineCommand command, final long sequence, final boolean endOfBatch)
        {
            if (journal != null && sequence > journalledThrough)
            {
                journalFrom(sequence);
            }
            try
            {
                matcherStage.onEvent(command, sequence, endOfBatch);
            }
            catch (final JournalFailedException ex)
            {
                throw ex;
            }
            catch (final RuntimeException ex)
            {
                errors.handleEventException(ex, sequence, command);
            }
            return ++handled < COMMANDS_PER_CYCLE && (gate == null || gate.free() >= HELD_EVENTS_HEADROOM);
        }

        private void journalFrom(final long first)
        {
            final long limit = first + COMMANDS_PER_CYCLE;
            long last = first;
            try
            {
                // first is published (the poller handed it over); so are the ones after it that isAvailable says are
                journal(ring.get(first), first);
                while (last + 1 < limit && ring.isAvailable(last + 1))
                {
                    last++;
                    journal(ring.get(last), last);
                }
                endJournalBatch();
            }
            catch (final RuntimeException ex)
            {
                throw new JournalFailedException(ex);
            }
            journalledThrough = last;
        }

        @Override
        public String roleName()
        {
            return "kairos-matcher-p" + partition;
        }
    }

    /** Matcher stage: owned by the matcher thread. Matches each command and takes periodic snapshots. */
    private final class MatcherStage implements EventHandler<EngineCommand>
    {
        private final long snapshotEvery = snapshots == null ? 0 : config.snapshotEveryCommands();

        @Override
        public void onEvent(final EngineCommand command, final long sequence, final boolean endOfBatch)
        {
            final long index = baseIndex + sequence + 1;
            if (gate != null)
            {
                if (forcer.failure() != null)
                {
                    throw new JournalFailedException(forcer.failure());
                }
                gate.beginCommand(index);
            }
            matcher.apply(command, clock.nanoTime(), index);
            stats.commands.increment();
            stats.restingOrders.set(matcher.restingOrders());
            stats.trades.set(matcher.trades());
            stats.rejects.set(matcher.rejects());
            if (endOfBatch && gate != null && host == null)
            {
                // its force may have completed while this batch was matched: the force thread releases now
                forceIdle.signal();
            }
            if (snapshotEvery > 0 && index % snapshotEvery == 0)
            {
                if (snapshotWriter != null)
                {
                    snapshotWriter.offer(matcher, index);
                }
                else
                {
                    snapshots.write(matcher, index);
                }
            }
        }
    }
}
