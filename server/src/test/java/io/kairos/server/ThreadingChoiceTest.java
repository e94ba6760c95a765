package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.kairos.engine.WaitStrategyType;
import io.kairos.fix.IdleMode;
import io.kairos.md.MdIdleMode;
import org.junit.jupiter.api.Test;

/** {@code server.threading=auto}: dedicated threads where the CPUs the process may use allow, compact otherwise. */
class ThreadingChoiceTest
{
    private static final double NO_QUOTA = Double.POSITIVE_INFINITY;

    private static CpuBudget cpus(final int count, final double quota)
    {
        return new CpuBudget(IntStream.range(0, count).boxed().toList(), quota);
    }

    @Test
    void shouldChooseCompactOnTwoCpus()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of(), cpus(2, NO_QUOTA));

        assertEquals(Threading.COMPACT, config.threading());
        assertTrue(config.threadingChoice().auto());
        assertEquals("auto: 2 CPUs (0-1), no CPU quota = 2 whole CPUs; dedicated threads need 7 (5 busy-spinning hot "
            + "threads on a CPU each + 2 for the rest), so compact", config.threadingChoice().reason());
        assertEquals(IdleMode.BACKOFF, config.fix().idleMode());
        assertEquals(WaitStrategyType.PARKING, config.engine().waitStrategy());
        assertTrue(config.cpuAffinity().isEmpty());
    }

    @Test
    void shouldChooseDedicatedBusySpinningThreadsEachOnACpuOfItsOwnOnSixteenCpus()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of(), cpus(16, NO_QUOTA));

        assertEquals(Threading.DEDICATED, config.threading());
        assertTrue(config.threadingChoice().reason().endsWith("so dedicated"), config.threadingChoice().reason());
        assertEquals(IdleMode.BUSY_SPIN, config.fix().idleMode());
        assertEquals(WaitStrategyType.BUSY_SPIN, config.engine().waitStrategy());
        assertEquals(MdIdleMode.BUSY_SPIN, config.md().idleMode());
        assertEquals("Framer=15 kairos-fix-gateway=14 kairos-md-gateway=13 kairos-matcher=11-12 *=0-10",
            config.cpuAffinity().toString());
    }

    @Test
    void shouldCountTheCgroupQuotaAndNotOnlyTheCpusetLikeNproc()
    {
        assertEquals(Threading.COMPACT, KairosConfigLoader.load(null, Map.of(), cpus(16, 2.0)).threading());
        assertEquals(Threading.COMPACT, KairosConfigLoader.load(null, Map.of(), cpus(16, 6.9)).threading());
        final KairosConfig sevenCpus = KairosConfigLoader.load(null, Map.of(), cpus(16, 7.0));
        assertEquals(Threading.DEDICATED, sevenCpus.threading());
        assertEquals("Framer=6 kairos-fix-gateway=5 kairos-md-gateway=4 kairos-matcher=2-3 *=0-1",
            sevenCpus.cpuAffinity().toString(), "only as many CPUs as the quota allows are used");
    }

    @Test
    void shouldCountAMatcherPerHostedPartitionAndAJournalThreadEachWhenSeparate()
    {
        final Map<String, String> fourSeparate = Map.of("KAIROS_ENGINE_PARTITION_COUNT", "4",
            "KAIROS_JOURNAL_STAGE", "separate", "KAIROS_ENGINE_HOSTED_PARTITIONS", "0,1,2");
        assertEquals(Threading.COMPACT, KairosConfigLoader.load(null, fourSeparate, cpus(10, NO_QUOTA)).threading(),
            "3 + 3 matchers + 3 journal threads + 2 = 11 CPUs needed");
        assertEquals(Threading.DEDICATED,
            KairosConfigLoader.load(null, fourSeparate, cpus(11, NO_QUOTA)).threading());
    }

    @Test
    void shouldLetWhatTheOperatorSetWinOverWhatAutoChose()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of("KAIROS_FIX_IDLE_STRATEGY", "backoff",
            "KAIROS_SERVER_CPU_AFFINITY", "Framer=3"), cpus(16, NO_QUOTA));

        assertEquals(Threading.DEDICATED, config.threading());
        assertEquals(IdleMode.BACKOFF, config.fix().idleMode());
        assertEquals(WaitStrategyType.BUSY_SPIN, config.engine().waitStrategy());
        assertEquals("Framer=3", config.cpuAffinity().toString());
    }

    @Test
    void shouldTakeCompactAndDedicatedAsWrittenWhateverTheCpus()
    {
        final KairosConfig compact =
            KairosConfigLoader.load(null, Map.of("KAIROS_SERVER_THREADING", "compact"), cpus(64, NO_QUOTA));
        assertEquals(Threading.COMPACT, compact.threading());
        assertEquals("server.threading=compact", compact.threadingChoice().reason());
        final KairosConfig dedicated =
            KairosConfigLoader.load(null, Map.of("KAIROS_SERVER_THREADING", "dedicated"), cpus(2, NO_QUOTA));
        assertEquals(Threading.DEDICATED, dedicated.threading());
        assertEquals(IdleMode.BACKOFF, dedicated.fix().idleMode(), "explicit dedicated keeps the idle strategies");
    }

    @Test
    void shouldReadTheCpuListsAndQuotasLinuxWrites()
    {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuBudget.parseCpuList("0-3,8,10-11"));
        assertEquals("0-3,8,10-11", CpuBudget.toCpuList(List.of(0, 1, 2, 3, 8, 10, 11)));
        assertEquals(NO_QUOTA, CpuBudget.parseCgroupV2Max("max 100000"));
        assertEquals(2.5, CpuBudget.parseCgroupV2Max("250000 100000"));
        assertEquals(NO_QUOTA, CpuBudget.parseCgroupV1(List.of("-1"), List.of("100000")));
        assertEquals(4.0, CpuBudget.parseCgroupV1(List.of("400000"), List.of("100000")));
        assertEquals(List.of(0, 1), cpus(2, 1.5).allowedCpus());
        assertEquals(1, cpus(2, 1.5).wholeCpus());
    }
}
