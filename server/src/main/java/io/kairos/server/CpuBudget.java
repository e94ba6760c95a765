package io.kairos.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPUs this process may use: the CPUs its affinity mask allows (the cgroup's cpuset and any {@code taskset}
 * of the launcher, as {@code Cpus_allowed_list} in {@code /proc/self/status} shows them) and the cgroup's CPU quota
 * (cgroup v2 {@code cpu.max}, or v1 {@code cpu.cfs_quota_us} / {@code cpu.cfs_period_us}). {@code nproc} alone
 * counts the first; a container with a quota of 2 CPUs on a 64-core host sees 64. Immutable.
 *
 * @param allowedCpus the CPU ids the process may run on, ascending
 * @param quotaCpus   the CPU time the cgroup may use, in CPUs (e.g. 2.5); {@link Double#POSITIVE_INFINITY} for none
 */
record CpuBudget(List<Integer> allowedCpus, double quotaCpus)
{
    private static final Path PROC_STATUS = Path.of("/proc/self/status");
    private static final Path CGROUP_V2_CPU_MAX = Path.of("/sys/fs/cgroup/cpu.max");
    private static final Path CGROUP_V1_QUOTA = Path.of("/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
    private static final Path CGROUP_V1_PERIOD = Path.of("/sys/fs/cgroup/cpu/cpu.cfs_period_us");

    CpuBudget
    {
        allowedCpus = List.copyOf(allowedCpus);
        if (allowedCpus.isEmpty() || !(quotaCpus > 0))
        {
            throw new IllegalArgumentException("a CPU budget needs CPUs and a positive quota: " + allowedCpus + ", "
                + quotaCpus);
        }
    }

    /** What this process may use, read from Linux; where a file is missing, what the JVM reports. */
    static CpuBudget ofThisProcess()
    {
        List<Integer> allowed = List.of();
        for (final String line : readLines(PROC_STATUS))
        {
            if (line.startsWith("Cpus_allowed_list:"))
            {
                allowed = parseCpuList(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        if (allowed.isEmpty())
        {
            final List<Integer> all = new ArrayList<>();
            for (int cpu = 0; cpu < Runtime.getRuntime().availableProcessors(); cpu++)
            {
                all.add(cpu);
            }
            allowed = all;
        }
        final List<String> cpuMax = readLines(CGROUP_V2_CPU_MAX);
        final double quota = !cpuMax.isEmpty() ? parseCgroupV2Max(cpuMax.get(0)) :
            parseCgroupV1(readLines(CGROUP_V1_QUOTA), readLines(CGROUP_V1_PERIOD));
        return new CpuBudget(allowed, quota);
    }

    /** Whole CPUs the process may keep busy at once: the allowed CPUs, fewer where the quota is smaller. */
    int wholeCpus()
    {
        return (int)Math.min(allowedCpus.size(), Math.floor(quotaCpus));
    }

    /** As an operator reads it: "16 CPUs (0-15), no CPU quota". */
    String describe()
    {
        return allowedCpus.size() + " CPUs (" + toCpuList(allowedCpus) + "), " + (Double.isInfinite(quotaCpus) ?
            "no CPU quota" : "CPU quota " + quotaCpus + " CPUs");
    }

    /** Parses a Linux CPU list ({@code 0-3,8,10-11}). */
    static List<Integer> parseCpuList(final String list)
    {
        final List<Integer> cpus = new ArrayList<>();
        for (final String part : list.split(","))
        {
            if (part.isBlank())
            {
                continue;
            }
            final int dash = part.indexOf('-');
            final int first = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
            final int last = dash < 0 ? first : Integer.parseInt(part.substring(dash + 1).trim());
            for (int cpu = first; cpu <= last; cpu++)
            {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    /** Writes CPU ids as a Linux CPU list, runs folded ({@code 0-3,8}). */
    static String toCpuList(final List<Integer> cpus)
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < cpus.size(); i++)
        {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1)
            {
                j++;
            }
            text.append(text.isEmpty() ? "" : ",").append(cpus.get(i));
            if (j > i)
            {
                text.append('-').append(cpus.get(j));
            }
            i = j;
        }
        return text.toString();
    }

    /** cgroup v2 {@code cpu.max}: "QUOTA PERIOD" in µs, QUOTA "max" for none. */
    static double parseCgroupV2Max(final String line)
    {
        final String[] fields = line.trim().split("\\s+");
        if (fields.length != 2 || "max".equals(fields[0]))
        {
            return Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(fields[0]) / Double.parseDouble(fields[1]);
    }

    /** cgroup v1: quota -1 for none. */
    static double parseCgroupV1(final List<String> quota, final List<String> period)
    {
        if (quota.isEmpty() || period.isEmpty() || Long.parseLong(quota.get(0).trim()) <= 0)
        {
            return Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(quota.get(0).trim()) / Double.parseDouble(period.get(0).trim());
    }

    private static List<String> readLines(final Path file)
    {
        try
        {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (final IOException | RuntimeException ex)
        {
            return List.of(); // not Linux, or no such cgroup controller: nothing limits us there
        }
    }
}
