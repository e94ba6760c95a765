package io.kairos.cluster;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

import io.aeron.Aeron;
import io.aeron.RethrowingErrorHandler;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.ConsensusModuleVersion;
import io.aeron.cluster.service.ClusterCounters;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * A member's Aeron parts: its media driver, archive and consensus module, run as {@link MemberThreading} says, and
 * the service container (on its own thread either way). Compact: one thread of ours launches the driver and the
 * consensus module in invoker mode, runs them one after the other in each duty cycle and closes them (Aeron's
 * consensus module checks that one thread does all of that). The archive joins that thread when it never forces
 * ({@code cluster.file-sync=none}): a follower then records what its driver received and reports it to the leader
 * in the same cycle, with no thread to wake. With {@code cluster.file-sync=sync} it forces each recorded block to
 * disk and keeps a thread of its own, so that a slow disk never holds up the heartbeats. Dedicated:
 * {@link ClusteredMediaDriver}, a thread each. Lifecycle calls ({@link #launch}, {@link #close}) from one thread.
 */
final class ConsensusNode implements AutoCloseable
{
    /** Bounds the compact start: the archive connection and the service's first answer, each bounded by Aeron. */
    private static final long START_TIMEOUT_S = 60;

    private final ClusteredMediaDriver dedicated;
    private final AgentRunner runner;
    private final ConsensusModule.Context consensusContext;
    private final ClusteredServiceContainer container;

    private ConsensusNode(
        final ClusteredMediaDriver dedicated, final AgentRunner runner, final ConsensusModule.Context consensusContext,
        final ClusteredServiceContainer container)
    {
        this.dedicated = dedicated;
        this.runner = runner;
        this.consensusContext = consensusContext;
        this.container = container;
    }

    /**
     * Launches the parts with the contexts given (their threading set here); compact runs the driver and the
     * consensus module on a thread named {@code threadName} that waits with an {@code idle} strategy. Returns once the
     * consensus module has started (compact) or was launched (dedicated: it starts on its thread).
     */
    static ConsensusNode launch(
        final MemberThreading threading, final MediaDriver.Context driverContext, final Archive.Context archiveContext,
        final ConsensusModule.Context consensusContext, final ClusteredServiceContainer.Context serviceContext,
        final Supplier<IdleStrategy> idle, final ErrorHandler errors, final String threadName)
    {
        if (threading == MemberThreading.DEDICATED)
        {
            ClusteredMediaDriver clustered = null;
            try
            {
                clustered = ClusteredMediaDriver.launch(
                    driverContext.threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(idle.get()),
                    archiveContext.threadingMode(ArchiveThreadingMode.SHARED),
                    consensusContext);
                return new ConsensusNode(clustered, null, consensusContext,
                    ClusteredServiceContainer.launch(serviceContext));
            }
            catch (final RuntimeException ex)
            {
                CloseHelper.quietClose(clustered);
                throw ex;
            }
        }
        final MemberAgent agent = new MemberAgent(threadName, driverContext, archiveContext, consensusContext,
            serviceContext, idle);
        final AgentRunner runner = new AgentRunner(idle.get(), errors, null, agent);
        AgentRunner.startOnThread(runner);
        try
        {
            agent.started.get(START_TIMEOUT_S, TimeUnit.SECONDS);
            return new ConsensusNode(null, runner, consensusContext, agent.container);
        }
        catch (final ExecutionException | TimeoutException | InterruptedException ex)
        {
            CloseHelper.quietCloseAll(agent.container, runner);
            throw failedStart(threadName, ex);
        }
    }

    /** The consensus module's context (its counters for the watches). */
    ConsensusModule.Context consensusContext()
    {
        return consensusContext;
    }

    /** Closes the service container, then the rest (compact: on the member's thread, which then ends). */
    @Override
    public void close()
    {
        CloseHelper.closeAll(container, runner, dedicated);
    }

    /** What a wait for a start ({@code what}) ended with, as the exception to throw. */
    private static RuntimeException failedStart(final String what, final Exception ex)
    {
        if (ex instanceof ExecutionException && ex.getCause() instanceof RuntimeException runtime)
        {
            return runtime;
        }
        if (ex instanceof InterruptedException)
        {
            Thread.currentThread().interrupt();
        }
        return new IllegalStateException(what + " did not start" +
            (ex instanceof TimeoutException ? " within " + START_TIMEOUT_S + " s" : ""),
            ex instanceof ExecutionException ? ex.getCause() : ex);
    }

    /**
     * Compact: the member's thread. Its start launches the driver, then the archive (on this thread when it never
     * forces, else on a thread of its own) and the service container (on a thread of its own; their Aeron clients wait
     * for the driver that this thread invokes meanwhile), then the consensus module, whose start connects to the
     * archive and waits for the service: its waits, and its archive client's, invoke the driver and an archive on
     * this thread ({@link InvokingIdle}), and its Aeron client invokes the driver. Then each duty cycle invokes the
     * driver first (what arrived is then in the images the archive records and the consensus module polls), the
     * archive if it is here, then the consensus module, and the driver again when the consensus module did work, so
     * that what it published (a follower's append position, the leader's log) goes out in the same cycle. Its close
     * closes them, on this thread.
     */
    private static final class MemberAgent implements Agent
    {
        final CompletableFuture<Void> started = new CompletableFuture<>();
        volatile ClusteredServiceContainer container;
        private final String roleName;
        private final MediaDriver.Context driverContext;
        private final Archive.Context archiveContext;
        private final ConsensusModule.Context consensusContext;
        private final ClusteredServiceContainer.Context serviceContext;
        private final Supplier<IdleStrategy> idle;
        private MediaDriver driver;
        private Archive archive;
        private Aeron consensusClient;
        private ConsensusModule consensus;
        private AgentInvoker driverInvoker;
        /** The archive's, when it runs on this thread; else null. */
        private AgentInvoker archiveInvoker;
        private AgentInvoker consensusInvoker;

        MemberAgent(
            final String roleName, final MediaDriver.Context driverContext, final Archive.Context archiveContext,
            final ConsensusModule.Context consensusContext, final ClusteredServiceContainer.Context serviceContext,
            final Supplier<IdleStrategy> idle)
        {
            this.roleName = roleName;
            this.driverContext = driverContext;
            this.archiveContext = archiveContext;
            this.consensusContext = consensusContext;
            this.serviceContext = serviceContext;
            this.idle = idle;
        }

        @Override
        public void onStart()
        {
            try
            {
                start();
                started.complete(null);
            }
            catch (final RuntimeException | Error ex)
            {
                started.completeExceptionally(ex);
                throw ex;
            }
        }

        private void start()
        {
            driver = MediaDriver.launch(driverContext.threadingMode(ThreadingMode.INVOKER));
            ReusedIteratorPollers.install(driver);
            driverInvoker = driver.sharedAgentInvoker();
            final IdleStrategy waiting = idle.get();
            if (neverForces(archiveContext))
            {
                archive = Archive.launch(archiveContext
                    .threadingMode(ArchiveThreadingMode.INVOKER)
                    .mediaDriverAgentInvoker(driverInvoker)
                    .aeronDirectoryName(driver.aeronDirectoryName()));
                archiveInvoker = archive.invoker();
            }
            else
            {
                archive = startWhileInvoking("the archive", () -> Archive.launch(archiveContext
                    .threadingMode(ArchiveThreadingMode.SHARED)
                    .aeronDirectoryName(driver.aeronDirectoryName())), waiting);
            }
            container = startWhileInvoking("the service container",
                () -> ClusteredServiceContainer.launch(serviceContext), waiting);
            consensusClient = Aeron.connect(new Aeron.Context()
                .aeronDirectoryName(driver.aeronDirectoryName())
                .driverAgentInvoker(driverInvoker)
                .useConductorAgentInvoker(true)
                .subscriberErrorHandler(RethrowingErrorHandler.INSTANCE)
                .awaitingIdleStrategy(YieldingIdleStrategy.INSTANCE)
                .clientLock(NoOpLock.INSTANCE)
                .errorHandler(consensusContext.errorHandler())
                .clientName(roleName + " consensus module"));
            consensusContext.archiveContext().idleStrategy(new InvokingIdle(idle.get(), this::invokeBelow));
            consensus = ConsensusModule.launch(consensusContext
                .aeronDirectoryName(driver.aeronDirectoryName())
                .aeron(consensusClient)
                .errorCounter(ClusterCounters.allocateVersioned(consensusClient, new ExpandableArrayBuffer(),
                    "Cluster Errors", ConsensusModule.Configuration.CONSENSUS_MODULE_ERROR_COUNT_TYPE_ID,
                    consensusContext.clusterId(), ConsensusModuleVersion.VERSION, ConsensusModuleVersion.GIT_SHA))
                .idleStrategySupplier(() -> new InvokingIdle(idle.get(), this::invokeBelow))
                .useAgentInvoker(true));
            consensusInvoker = consensus.conductorAgentInvoker();
        }

        /**
         * Runs {@code start} on a thread of its own (its Aeron client waits for the driver) while this thread invokes
         * the driver; returns what it started, or throws what it threw.
         */
        private <T> T startWhileInvoking(final String what, final Callable<T> start, final IdleStrategy waiting)
        {
            final FutureTask<T> task = new FutureTask<>(start);
            Thread.ofPlatform().name(roleName + "-starting").start(task);
            while (!task.isDone())
            {
                waiting.idle(invokeBelow());
            }
            try
            {
                return task.get();
            }
            catch (final ExecutionException | InterruptedException ex)
            {
                throw failedStart(what, ex);
            }
        }

        /** Invokes what runs below the consensus module on this thread: the driver, then an archive here. */
        private int invokeBelow()
        {
            return driverInvoker.invoke() + (archiveInvoker == null ? 0 : archiveInvoker.invoke());
        }

        @Override
        public int doWork()
        {
            final int below = invokeBelow();
            final int consensusWork = consensusInvoker.invoke();
            return below + consensusWork + (consensusWork > 0 ? driverInvoker.invoke() : 0);
        }

        @Override
        public void onClose()
        {
            CloseHelper.closeAll(consensus, consensusClient, archive, driver);
        }

        @Override
        public String roleName()
        {
            return roleName;
        }
    }

    /** Whether an archive with this context never forces to disk (then it may share the member's thread). */
    private static boolean neverForces(final Archive.Context archiveContext)
    {
        return archiveContext.fileSyncLevel() == 0 && archiveContext.catalogFileSyncLevel() == 0;
    }

    /**
     * A wait of the consensus module's (its start, its archive requests, a snapshot) in compact threading: each wait
     * invokes the driver and an archive on the member's thread, which would otherwise stand still while the thread is
     * in the wait (the archive answers the very requests waited for).
     */
    private static final class InvokingIdle implements IdleStrategy
    {
        private final IdleStrategy idle;
        private final IntSupplier invokeBelow;

        InvokingIdle(final IdleStrategy idle, final IntSupplier invokeBelow)
        {
            this.idle = idle;
            this.invokeBelow = invokeBelow;
        }

        @Override
        public void idle(final int workCount)
        {
            idle.idle(workCount + invokeBelow.getAsInt());
        }

        @Override
        public void idle()
        {
            if (invokeBelow.getAsInt() == 0)
            {
                idle.idle();
            }
        }

        @Override
        public void reset()
        {
            idle.reset();
        }
    }
}
