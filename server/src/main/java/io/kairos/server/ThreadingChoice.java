package io.kairos.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.kairos.engine.EngineConfig;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.md.MarketDataGatewayConfig;

/**
 * Which threading layout the venue runs and why ({@code server.threading}). {@code compact} and {@code dedicated}
 * are taken as written; {@code auto} (the default) picks {@link Threading#DEDICATED} when the process may keep
 * every hot thread busy on a whole CPU of its own and still have {@link #CPUS_FOR_THE_REST} for everything else
 * (force threads, Aeron's archive and conductors, the JIT and GC, the kernel's network work), and
 * {@link Threading#COMPACT} otherwise. Whole CPUs are counted from the affinity mask and the cgroup's CPU quota
 * ({@link CpuBudget}), not from {@code nproc} alone. Immutable.
 *
 * <p>What {@code auto} sets when it picks dedicated threads — busy-spin for the hot threads, each pinned to a CPU
 * of its own, the other threads on the CPUs left — are defaults beneath the operator's: a key the operator sets
 * (in the file or the environment) wins.
 *
 * @param layout       the layout chosen
 * @param auto         whether {@code auto} chose it (else the operator did)
 * @param reason       why, for the banner and {@code --check-config}
 * @param autoDefaults the settings {@code auto} adds beneath the operator's, empty otherwise
 */
record ThreadingChoice(Threading layout, boolean auto, String reason, Map<String, String> autoDefaults)
{
    /** CPUs left for the threads that do not spin, besides one per hot thread. */
    static final int CPUS_FOR_THE_REST = 2;

    ThreadingChoice
    {
        autoDefaults = Map.copyOf(autoDefaults);
    }

    /** {@code server.threading=compact} or {@code dedicated}, as written. */
    static ThreadingChoice explicit(final Threading layout)
    {
        return new ThreadingChoice(layout, false,
            ConfigKeys.THREADING + "=" + layout.name().toLowerCase(Locale.ROOT), Map.of());
    }

    /**
     * {@code server.threading=auto}.
     *
     * @param hotThreads the kernel-name prefixes of the threads that busy-spin in the dedicated layout, one entry per
     *                   thread (a prefix repeated for threads that share it, e.g. the matchers)
     */
    static ThreadingChoice auto(final CpuBudget budget, final List<String> hotThreads)
    {
        final int needed = hotThreads.size() + CPUS_FOR_THE_REST;
        final int whole = budget.wholeCpus();
        final String counted = "auto: " + budget.describe() + " = " + whole + " whole CPUs; dedicated threads need " +
            needed + " (" + hotThreads.size() + " busy-spinning hot threads on a CPU each + " + CPUS_FOR_THE_REST +
            " for the rest)";
        if (whole < needed)
        {
            return new ThreadingChoice(Threading.COMPACT, true, counted + ", so compact", Map.of());
        }
        final Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put(FixGatewayConfig.IDLE_STRATEGY_PROP_NAME, "busy-spin");
        defaults.put(EngineConfig.WAIT_STRATEGY_PROP_NAME, "busy-spin");
        defaults.put(MarketDataGatewayConfig.IDLE_STRATEGY_PROP_NAME, "busy-spin");
        defaults.put(ConfigKeys.CPU_AFFINITY, pinning(usableCpus(budget, whole), hotThreads));
        return new ThreadingChoice(Threading.DEDICATED, true, counted + ", so dedicated", defaults);
    }

    /** The lowest {@code whole} of the allowed CPUs: with a quota below the cpuset, only as many are used. */
    private static List<Integer> usableCpus(final CpuBudget budget, final int whole)
    {
        return budget.allowedCpus().subList(0, whole);
    }

    /**
     * The hot threads take the highest CPUs, one each in the order given (threads sharing a prefix get one CPU each
     * through one rule of as many CPUs), every other thread the CPUs below them.
     */
    private static String pinning(final List<Integer> cpus, final List<String> hotThreads)
    {
        final Map<String, List<Integer>> byPrefix = new LinkedHashMap<>();
        int next = cpus.size() - 1;
        for (final String prefix : hotThreads)
        {
            byPrefix.computeIfAbsent(prefix, p -> new ArrayList<>()).add(0, cpus.get(next--));
        }
        final StringBuilder rules = new StringBuilder();
        byPrefix.forEach((prefix, assigned) ->
            rules.append(prefix).append('=').append(CpuBudget.toCpuList(assigned)).append(' '));
        rules.append(ThreadPinning.OTHERS).append('=').append(CpuBudget.toCpuList(cpus.subList(0, next + 1)));
        return rules.toString();
    }
}
