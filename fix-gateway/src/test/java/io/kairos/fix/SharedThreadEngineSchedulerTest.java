package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.engine.AgentThread;
import io.kairos.testsupport.Await;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;

/**
 * The framer is not thread-safe: Artio calls {@code pollFramer} from the indexer (the infra thread) while it resets a
 * session's sequence numbers, and from the library at close (the hot thread). Only the hot thread may run it.
 */
class SharedThreadEngineSchedulerTest
{
    @Test
    void shouldRunTheFramerOnlyOnTheHotThreadWhoeverPollsIt() throws Exception
    {
        final Set<Thread> framerThreads = ConcurrentHashMap.newKeySet();
        final AtomicInteger framerCycles = new AtomicInteger();
        final Agent framer = agent("framer", () ->
        {
            framerThreads.add(Thread.currentThread());
            framerCycles.incrementAndGet();
            return 1;
        });
        final AtomicInteger polledOnHot = new AtomicInteger(-1);
        try (AgentThread hot = AgentThread.start(
                "test-hot", new BackoffIdleStrategy(), Throwable::printStackTrace, Thread::new);
            AgentThread infra = AgentThread.start(
                "test-infra", new BackoffIdleStrategy(), Throwable::printStackTrace, Thread::new))
        {
            final SharedThreadEngineScheduler scheduler = new SharedThreadEngineScheduler(hot, infra);
            scheduler.launch(null, Throwable::printStackTrace, framer, agent("indexer", () -> 0), null, null, null);
            Await.until("the framer running on the hot thread", () -> framerCycles.get() > 0);

            final AtomicInteger polledOnInfra = new AtomicInteger(-1);
            infra.add(agent("poller", () ->
            {
                polledOnInfra.compareAndSet(-1, scheduler.pollFramer());
                return 0;
            }));
            Await.until("the infra thread polling the framer", () -> polledOnInfra.get() >= 0);
            assertEquals(0, polledOnInfra.get(), "no framer work off the hot thread");
            assertEquals(0, scheduler.pollFramer(), "nor on the test thread");

            hot.add(agent("closer", () ->
            {
                polledOnHot.compareAndSet(-1, scheduler.pollFramer());
                return 0;
            }));
            Await.until("the hot thread polling the framer", () -> polledOnHot.get() >= 0);
            scheduler.close();
        }
        assertEquals(1, polledOnHot.get(), "a framer duty cycle on the hot thread");
        assertEquals(1, framerThreads.size(), "the framer ran on one thread only: " + framerThreads);
        assertTrue(framerThreads.iterator().next().getName().startsWith("test-hot"), framerThreads.toString());
        assertFalse(framerThreads.contains(Thread.currentThread()));
    }

    private static Agent agent(final String name, final java.util.function.IntSupplier work)
    {
        return new Agent()
        {
            @Override
            public int doWork()
            {
                return work.getAsInt();
            }

            @Override
            public String roleName()
            {
                return name;
            }
        };
    }
}
