package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.engine.TimerSlack;
import org.junit.jupiter.api.Test;

/**
 * The hot thread parks at once (up to 20 µs) where its parks are precise, and yields for 2 ms after work (then parks
 * up to 100 µs) where the timer slack is the system's default or unknown: the choice follows the thread it idles on.
 */
class HotPathIdleStrategyTest
{
    @Test
    void shouldParkAtOnceWhenTheTimerSlackIsFine()
    {
        final HotPathIdleStrategy strategy = new HotPathIdleStrategy();
        strategy.choosePhases(TimerSlack.HOT_PATH_NS);
        assertEquals(0, strategy.yieldWindowNs());
        assertEquals(HotPathIdleStrategy.PRECISE_MAX_PARK_NS, strategy.maxParkNs());
    }

    @Test
    void shouldYieldFirstWithTheDefaultOrAnUnknownTimerSlack()
    {
        for (final long slackNs : new long[] {50_000, HotPathIdleStrategy.PRECISE_SLACK_NS + 1, -1})
        {
            final HotPathIdleStrategy strategy = new HotPathIdleStrategy();
            strategy.choosePhases(slackNs);
            assertEquals(HotPathIdleStrategy.YIELD_WINDOW_NS, strategy.yieldWindowNs(), "slack " + slackNs);
            assertEquals(HotPathIdleStrategy.MAX_PARK_NS, strategy.maxParkNs(), "slack " + slackNs);
        }
    }

    @Test
    void shouldChooseOnTheThreadItIdlesOn() throws InterruptedException
    {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux /proc/thread-self");
        final HotPathIdleStrategy fine = new HotPathIdleStrategy();
        final HotPathIdleStrategy coarse = new HotPathIdleStrategy();

        final Thread fineThread = TimerSlack.hotPathThreadFactory().newThread(fine::idle);
        final Thread coarseThread = TimerSlack.threadFactory(50_000, Thread::new).newThread(coarse::idle);
        fineThread.start();
        coarseThread.start();
        fineThread.join(10_000);
        coarseThread.join(10_000);

        assertEquals(0, fine.yieldWindowNs());
        assertEquals(HotPathIdleStrategy.YIELD_WINDOW_NS, coarse.yieldWindowNs());
    }
}
