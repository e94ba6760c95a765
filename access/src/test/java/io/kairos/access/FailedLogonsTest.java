package io.kairos.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FailedLogonsTest
{
    private static final long LOCKOUT_MS = 60_000;

    private long nowMs = 1_000_000;
    private final FailedLogons failed = new FailedLogons(new LockoutConfig(3, 5, LOCKOUT_MS, 4, 8), () -> nowMs);

    @Test
    void shouldLockACompIdOutAtExactlyItsLimitFromAnyHosts()
    {
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.1"));
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.2"));
        assertFalse(failed.lockedOut("CLIENT01", "10.0.0.9"));
        assertEquals(FailedLogons.Lockout.COMP_ID, failed.onFailure("CLIENT01", "10.0.0.3"));
        assertTrue(failed.lockedOut("CLIENT01", "10.0.0.9"));
        assertFalse(failed.lockedOut("CLIENT02", "10.0.0.9"));
    }

    @Test
    void shouldLockAHostOutAtExactlyItsLimitWhateverCompIdsItTries()
    {
        for (int i = 0; i < 4; i++)
        {
            assertEquals(FailedLogons.Lockout.NONE, failed.onFailure(null, "10.0.0.1"));
        }
        assertFalse(failed.hostLockedOut("10.0.0.1"));
        assertEquals(FailedLogons.Lockout.HOST, failed.onFailure(null, "10.0.0.1"));
        assertTrue(failed.lockedOut("CLIENT02", "10.0.0.1"));
        assertTrue(failed.lockedOut(null, "10.0.0.1"));
        assertFalse(failed.lockedOut("CLIENT02", "10.0.0.2"));
    }

    @Test
    void shouldLiftALockOutWhenItsPeriodEnds()
    {
        for (int i = 0; i < 3; i++)
        {
            failed.onFailure("CLIENT01", "10.0.0.1");
        }
        nowMs += LOCKOUT_MS - 1;
        assertTrue(failed.compIdLockedOut("CLIENT01"));
        nowMs += 1;
        assertFalse(failed.compIdLockedOut("CLIENT01"));
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.1"), "the count starts again");
    }

    @Test
    void shouldForgetACountAfterAQuietPeriodAndACompIdsCountOnSuccess()
    {
        failed.onFailure("CLIENT01", "10.0.0.1");
        failed.onFailure("CLIENT01", "10.0.0.1");
        failed.onSuccess("CLIENT01");
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.2"));
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.2"));
        nowMs += LOCKOUT_MS;
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.2"));
        assertEquals(FailedLogons.Lockout.NONE, failed.onFailure("CLIENT01", "10.0.0.2"));
        assertEquals(FailedLogons.Lockout.COMP_ID, failed.onFailure("CLIENT01", "10.0.0.2"));
    }

    @Test
    void shouldBoundTheHostsItCountsAndKeepLockedOutHosts()
    {
        for (int i = 0; i < 5; i++)
        {
            failed.onFailure(null, "10.0.0.1");
        }
        assertTrue(failed.hostLockedOut("10.0.0.1"));
        for (int host = 2; host < 10_000; host++)
        {
            failed.onFailure(null, "10.0." + host / 256 + "." + host % 256);
            assertTrue(failed.trackedHosts() <= 4);
        }
        assertTrue(failed.hostLockedOut("10.0.0.1"), "a spray of hosts does not free a locked-out one");
    }

    @Test
    void shouldStopCountingNewHostsWhileEveryCountedHostIsLockedOut()
    {
        for (int host = 1; host <= 4; host++)
        {
            for (int i = 0; i < 5; i++)
            {
                failed.onFailure(null, "10.0.0." + host);
            }
        }
        failed.onFailure(null, "10.0.0.99");
        assertEquals(4, failed.trackedHosts());
        assertEquals(1, failed.untrackedFailures());
        nowMs += LOCKOUT_MS;
        failed.onFailure(null, "10.0.0.99");
        assertEquals(1, failed.trackedHosts(), "expired lock-outs are forgotten when room is needed");
    }
}
