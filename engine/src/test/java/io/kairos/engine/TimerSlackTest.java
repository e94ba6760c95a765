package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/**
 * A thread made by {@link TimerSlack#threadFactory} runs with the asked timer slack, set by itself (no privilege
 * needed), and only that thread: the factory's caller and other threads keep theirs. Linux only (skipped elsewhere).
 */
class TimerSlackTest
{
    private static final long SLACK_NS = 1_234;

    @Test
    void shouldRunTheFactorysThreadWithTheAskedSlack() throws InterruptedException
    {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux /proc/thread-self");
        final long before = TimerSlack.ofCurrentThread();
        final AtomicLong seenByThread = new AtomicLong(-2);

        final Thread thread = TimerSlack.threadFactory(SLACK_NS, Thread::new)
            .newThread(() -> seenByThread.set(TimerSlack.ofCurrentThread()));
        thread.start();
        thread.join(10_000);

        assertEquals(SLACK_NS, seenByThread.get());
        assertEquals(before, TimerSlack.ofCurrentThread());
        assertNotEquals(SLACK_NS, before);
    }

    @Test
    void shouldLeaveAThreadOfAnotherFactoryAlone() throws InterruptedException
    {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux /proc/thread-self");
        final AtomicLong seenByThread = new AtomicLong(-2);

        final Thread thread = new Thread(() -> seenByThread.set(TimerSlack.ofCurrentThread()));
        thread.start();
        thread.join(10_000);

        assertNotEquals(SLACK_NS, seenByThread.get());
        assertNotEquals(-1, seenByThread.get());
    }

    @Test
    void shouldRefuseASlackThatIsNotPositive()
    {
        assertThrows(IllegalArgumentException.class, () -> TimerSlack.threadFactory(0, Thread::new));
    }
}
