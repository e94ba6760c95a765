package io.kairos.engine;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.DynamicCompositeAgent;
import org.agrona.concurrent.IdleStrategy;

/**
 * One thread that runs a changing set of agents, one duty cycle over all of them at a time: an Agrona
 * {@link AgentRunner} over a {@link DynamicCompositeAgent}. It is how the compact threading mode puts
 * Artio's framer, the order-entry library and every partition's matcher on one hot thread (and the
 * housekeeping agents on one infra thread) although they are started by different components at
 * different times.
 *
 * <p>{@link #add} and {@link #remove} are called from lifecycle threads (never from this thread, which
 * would wait for itself) and return once this thread has run the agent's {@code onStart} or
 * {@code onClose}, so the caller knows from then on which thread owns the agent. They wait at most
 * {@link #LIFECYCLE_TIMEOUT_NS}. An agent that throws from {@code doWork} goes to the error handler and
 * the others keep running in the next duty cycle.
 */
public final class AgentThread implements AutoCloseable
{
    static final long LIFECYCLE_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final IntSupplier NOTHING = () -> 0;
    /** A lifecycle thread waiting for this one sleeps in these steps, leaving the core to it. */
    private static final long WAIT_STEP_NS = TimeUnit.MICROSECONDS.toNanos(20);

    private final DynamicCompositeAgent agents;
    private final AgentRunner runner;
    private final Thread thread;
    /** The wrapper of each agent added, to remove it by the caller's reference; lifecycle threads only. */
    private final Map<Agent, Hosted> hostedAgents = new IdentityHashMap<>();

    private AgentThread(final DynamicCompositeAgent agents, final AgentRunner runner, final Thread thread)
    {
        this.agents = agents;
        this.runner = runner;
        this.thread = thread;
    }

    /** Starts the thread (named {@code name} when the factory keeps the runnable's name) with no agent yet. */
    public static AgentThread start(
        final String name, final IdleStrategy idleStrategy, final ErrorHandler errorHandler,
        final ThreadFactory threadFactory)
    {
        final DynamicCompositeAgent agents = new DynamicCompositeAgent(name);
        final AgentRunner runner = new AgentRunner(idleStrategy, errorHandler, null, agents);
        final Thread thread = AgentRunner.startOnThread(runner, threadFactory);
        thread.setName(name);
        final AgentThread started = new AgentThread(agents, runner, thread);
        final long deadline = System.nanoTime() + LIFECYCLE_TIMEOUT_NS;
        while (agents.status() != DynamicCompositeAgent.Status.ACTIVE)
        {
            started.awaitOrFail(deadline, "start");
        }
        return started;
    }

    /** Hands {@code agent} to this thread and waits until its {@code onStart} ran there; rethrows what it threw. */
    public void add(final Agent agent)
    {
        refuseOwnThread("add"); // before taking the lock: an agent's onStart on this thread may call here
        synchronized (hostedAgents)
        {
            addHosted(agent);
        }
    }

    private void addHosted(final Agent agent)
    {
        final Hosted hosted = new Hosted(agent);
        final long deadline = System.nanoTime() + LIFECYCLE_TIMEOUT_NS;
        awaitOrFail(deadline, "add " + agent.roleName()); // fails at once when stopped: tryAdd would throw
        while (!agents.tryAdd(hosted))
        {
            awaitOrFail(deadline, "add " + agent.roleName());
        }
        while (hosted.state == Hosted.ADDING)
        {
            awaitOrFail(deadline, "start " + agent.roleName());
        }
        if (hosted.state == Hosted.FAILED)
        {
            throw new IllegalStateException(agent.roleName() + " failed to start on " + agents.roleName(),
                hosted.failure);
        }
        hostedAgents.put(agent, hosted);
    }

    /**
     * Takes {@code agent} off this thread and waits until its {@code onClose} ran there. After {@link #close}
     * (which closed every agent still on it) this does nothing.
     */
    public void remove(final Agent agent)
    {
        remove(agent, NOTHING);
    }

    /**
     * As {@link #remove(Agent)}, doing {@code whileWaiting} (work of the caller's own thread; its result the work
     * done) between checks instead of only parking: when the caller is itself a shared thread, an agent here may wait
     * for work of the caller's — Artio's indexer on the infra thread waits for the framer on the hot thread when it
     * resets a session's replay index — and a caller that only parked would hold both for the whole timeout.
     */
    public void remove(final Agent agent, final IntSupplier whileWaiting)
    {
        refuseOwnThread("remove");
        synchronized (hostedAgents)
        {
            removeHosted(agent, whileWaiting);
        }
    }

    private void removeHosted(final Agent agent, final IntSupplier whileWaiting)
    {
        final Hosted hosted = hostedAgents.remove(agent);
        if (hosted == null || runner.isClosed() || !thread.isAlive())
        {
            return;
        }
        final long deadline = System.nanoTime() + LIFECYCLE_TIMEOUT_NS;
        while (!agents.tryRemove(hosted))
        {
            awaitOrFail(deadline, "remove " + agent.roleName(), whileWaiting);
        }
        while (hosted.state != Hosted.CLOSED)
        {
            awaitOrFail(deadline, "close " + agent.roleName(), whileWaiting);
        }
    }

    /** Whether the caller is this thread: work it would otherwise queue for this thread it may do at once. */
    public boolean isCurrentThread()
    {
        return Thread.currentThread() == thread;
    }

    public Thread thread()
    {
        return thread;
    }

    /** Stops the thread after its current duty cycle; the agents still on it are closed there. */
    @Override
    public void close()
    {
        runner.close();
    }

    private void refuseOwnThread(final String what)
    {
        if (isCurrentThread())
        {
            throw new IllegalStateException(agents.roleName() + ": cannot " + what + " an agent from its own thread");
        }
    }

    private void awaitOrFail(final long deadline, final String what)
    {
        awaitOrFail(deadline, what, NOTHING);
    }

    private void awaitOrFail(final long deadline, final String what, final IntSupplier whileWaiting)
    {
        if (!thread.isAlive() || runner.isClosed())
        {
            throw new IllegalStateException(agents.roleName() + " has stopped: cannot " + what);
        }
        if (System.nanoTime() > deadline)
        {
            throw new IllegalStateException(agents.roleName() + " did not " + what + " within " +
                TimeUnit.NANOSECONDS.toSeconds(LIFECYCLE_TIMEOUT_NS) + " s");
        }
        if (whileWaiting.getAsInt() == 0)
        {
            LockSupport.parkNanos(WAIT_STEP_NS);
        }
    }

    /**
     * An agent as this thread runs it, telling the lifecycle thread when its {@code onStart} and
     * {@code onClose} have run ({@link DynamicCompositeAgent} says only that it has taken the request).
     */
    private static final class Hosted implements Agent
    {
        static final int ADDING = 0;
        static final int RUNNING = 1;
        static final int FAILED = 2;
        static final int CLOSED = 3;

        private final Agent agent;
        volatile int state = ADDING;
        volatile Throwable failure;

        Hosted(final Agent agent)
        {
            this.agent = agent;
        }

        @Override
        public void onStart()
        {
            try
            {
                agent.onStart();
                state = RUNNING;
            }
            catch (final RuntimeException | Error ex)
            {
                failure = ex;
                state = FAILED;
                throw ex;
            }
        }

        @Override
        public int doWork() throws Exception
        {
            return agent.doWork();
        }

        @Override
        public void onClose()
        {
            try
            {
                agent.onClose();
            }
            finally
            {
                if (state != FAILED)
                {
                    state = CLOSED;
                }
            }
        }

        @Override
        public String roleName()
        {
            return agent.roleName();
        }
    }
}
