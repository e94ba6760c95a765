package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;

/**
 * Taking an agent off a shared thread while that agent's close waits for work of the caller's own thread (the compact
 * mode's infra thread closing the library's conductor while Artio's indexer there waits for the framer on the hot
 * thread, which is the caller): {@link AgentThread#remove(Agent, java.util.function.IntSupplier)} does that work
 * between its checks, so the agent closes instead of both threads waiting out the timeout.
 */
class AgentThreadTest
{
    @Test
    void shouldDoTheCallersWorkWhileWaitingForAnAgentThatWaitsForIt()
    {
        final AtomicBoolean callersWorkDone = new AtomicBoolean();
        final Agent waitsForTheCaller = new Agent()
        {
            @Override
            public int doWork()
            {
                return 0;
            }

            @Override
            public void onClose()
            {
                final long giveUp = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
                while (!callersWorkDone.get() && System.nanoTime() < giveUp)
                {
                    Thread.onSpinWait(); // past the remove's 10 s timeout: the test fails, the thread still ends
                }
            }

            @Override
            public String roleName()
            {
                return "waits-for-the-caller";
            }
        };
        try (AgentThread thread =
            AgentThread.start("test-shared", new BackoffIdleStrategy(), Throwable::printStackTrace, Thread::new))
        {
            thread.add(waitsForTheCaller);
            thread.remove(waitsForTheCaller, () ->
            {
                callersWorkDone.set(true);
                return 1;
            });
            assertTrue(callersWorkDone.get(), "the caller's work ran while it waited");
        }
    }
}
