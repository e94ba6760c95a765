package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bound on a session's replay, driven by hand with a fake clock (ns). */
class ReplayWatchTest
{
    private static final long BOUND = 1_000;

    private final ReplayWatch watch = new ReplayWatch(BOUND);

    @Test
    void shouldReportAReplayOnceItHasLastedTheBoundAndOnlyOnce()
    {
        assertFalse(watch.isStalled(5_000), "the first duty cycle of a replay starts the clock");
        assertFalse(watch.isStalled(5_999));
        assertTrue(watch.isStalled(6_000));
        assertTrue(watch.isStalled(6_001), "still stalled while the disconnect could not be requested");
        watch.onReported();
        assertFalse(watch.isStalled(60_000), "reported once");
    }

    @Test
    void shouldTimeEachReplayAfresh()
    {
        assertFalse(watch.isStalled(0));
        assertFalse(watch.isStalled(999));
        watch.onIdle();
        assertFalse(watch.isStalled(1_500), "a new replay");
        assertFalse(watch.isStalled(2_499));
        assertTrue(watch.isStalled(2_500));
        watch.onReported();
        watch.onIdle();
        assertFalse(watch.isStalled(3_000));
        assertTrue(watch.isStalled(4_000), "the next stall is reported again");
    }
}
