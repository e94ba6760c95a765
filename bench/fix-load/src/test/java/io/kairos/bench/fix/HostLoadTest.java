package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HostLoadTest
{
    private static final String STATUS = "Name:\tjava\nCpus_allowed:\tffff\nCpus_allowed_list:\t0-3,8\n";

    @Test
    void shouldReadTheLoadAverageAndTheCpuCounts()
    {
        final HostLoad host = HostLoad.parse("0.52 0.30 0.25 2/345 6789\n", STATUS, "0-15\n", 5);

        assertEquals(0.52, host.load1());
        assertEquals(0.25, host.load15());
        assertEquals(16, host.onlineCpus());
        assertEquals(5, host.allowedCpus());
        assertFalse(host.busy());
        assertEquals("", host.warning());
        assertEquals("load average 0.52 / 0.30 / 0.25 (1/5/15 min) before the run; CPUs: 16 online, nproc 5, " +
            "JVM availableProcessors 5", host.describe());
    }

    @Test
    void shouldWarnWhenTheOneMinuteLoadIsAboveHalfTheCpus()
    {
        final HostLoad host = HostLoad.parse("1.10 0.40 0.20 3/300 1\n", STATUS, "0-1", 2);

        assertTrue(host.busy());
        assertTrue(host.warning().startsWith("WARNING: the host was busy before the run (1-minute load average 1.10 " +
            "> half of its 2 CPUs)"), host.warning());
    }

    @Test
    void shouldFallBackToTheJvmWhereProcIsMissing()
    {
        final HostLoad host = HostLoad.parse("", "", "", 8);

        assertFalse(host.busy());
        assertEquals(8, host.onlineCpus());
        assertEquals(8, host.allowedCpus());
        assertTrue(host.describe().startsWith("load average unknown"));
    }
}
