package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.AgentThread;
import io.kairos.engine.TimerSlack;
import io.kairos.fix.IdleMode;
import org.agrona.concurrent.Agent;
import org.junit.jupiter.api.Test;

/**
 * The compact mode's hot thread parks with a 1 µs timer slack (its backoff's short parks are short); the infra
 * thread, which no request waits for, keeps the system's. Read on each thread itself by an agent's onStart.
 */
class VenueThreadsTest
{
    @Test
    void shouldRunTheHotThreadWithAFineTimerSlackAndTheInfraThreadWithTheDefault()
    {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux /proc/thread-self");
        try (VenueThreads threads = new VenueThreads(IdleMode.BACKOFF))
        {
            assertEquals(TimerSlack.HOT_PATH_NS, slackOf(threads.hot()));
            final long infraSlack = slackOf(threads.infra());
            assertNotEquals(TimerSlack.HOT_PATH_NS, infraSlack);
            assertNotEquals(-1, infraSlack);
        }
    }

    private static long slackOf(final AgentThread thread)
    {
        final AtomicLong slack = new AtomicLong(-2);
        final Agent probe = new Agent()
        {
            @Override
            public void onStart()
            {
                slack.set(TimerSlack.ofCurrentThread());
            }

            @Override
            public int doWork()
            {
                return 0;
            }

            @Override
            public String roleName()
            {
                return "timer-slack-probe";
            }
        };
        thread.add(probe);
        thread.remove(probe);
        return slack.get();
    }
}
