package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * How busy the host was before a run: the load average (1, 5 and 15 minutes, {@code /proc/loadavg}) and the CPU
 * counts — the machine's online CPUs ({@code /sys/devices/system/cpu/online}), those this process may run on (its
 * affinity, what {@code nproc} prints: {@code Cpus_allowed_list} of {@code /proc/self/status}) and the JVM's
 * {@code availableProcessors()} (affinity and cgroup quota). Figures measured on a busy host are not comparable
 * with others, so every result prints this beside its latencies. Immutable; {@link #sample()} reads files (Linux;
 * elsewhere the load average is unknown and the CPU counts fall back to availableProcessors).
 *
 * @param load1               1-minute load average (NaN when unknown)
 * @param load5               5-minute load average (NaN when unknown)
 * @param load15              15-minute load average (NaN when unknown)
 * @param onlineCpus          CPUs of the machine
 * @param allowedCpus         CPUs this process may run on (nproc)
 * @param availableProcessors the JVM's Runtime.availableProcessors()
 */
public record HostLoad(double load1, double load5, double load15, int onlineCpus, int allowedCpus,
    int availableProcessors)
{
    /** Reads the load average and CPU counts now. */
    public static HostLoad sample()
    {
        final int jvm = Runtime.getRuntime().availableProcessors();
        final String loadavg = read(Path.of("/proc/loadavg"));
        final String status = read(Path.of("/proc/self/status"));
        final String online = read(Path.of("/sys/devices/system/cpu/online"));
        return parse(loadavg, status, online, jvm);
    }

    /** From the texts of /proc/loadavg, /proc/self/status and /sys/devices/system/cpu/online (empty: unknown). */
    static HostLoad parse(final String loadavg, final String status, final String online, final int jvm)
    {
        final String[] fields = loadavg.trim().split("\\s+");
        final double[] load = {Double.NaN, Double.NaN, Double.NaN};
        for (int i = 0; i < load.length && i < fields.length; i++)
        {
            try
            {
                load[i] = Double.parseDouble(fields[i]);
            }
            catch (final NumberFormatException ex)
            {
                load[i] = Double.NaN;
            }
        }
        int allowed = jvm;
        for (final String line : status.split("\n"))
        {
            if (line.startsWith("Cpus_allowed_list:"))
            {
                allowed = countCpus(line.substring("Cpus_allowed_list:".length()), jvm);
            }
        }
        final int machine = countCpus(online, Math.max(allowed, jvm));
        return new HostLoad(load[0], load[1], load[2], machine, allowed, jvm);
    }

    /** Counts a kernel CPU list such as {@code 0-3,8,10-11}; {@code fallback} when it is empty or malformed. */
    static int countCpus(final String list, final int fallback)
    {
        final String text = list.trim();
        if (text.isEmpty())
        {
            return fallback;
        }
        int count = 0;
        try
        {
            for (final String range : text.split(","))
            {
                final int dash = range.indexOf('-');
                count += dash < 0 ? 1 : Integer.parseInt(range.substring(dash + 1).trim()) -
                    Integer.parseInt(range.substring(0, dash).trim()) + 1;
            }
        }
        catch (final NumberFormatException ex)
        {
            return fallback;
        }
        return count > 0 ? count : fallback;
    }

    /**
     * Whether the host was busy: a 1-minute load average above half the machine's CPUs means other work competed
     * for them (a build, another benchmark), so the figures measured now are not comparable.
     */
    public boolean busy()
    {
        return !Double.isNaN(load1) && load1 > onlineCpus / 2.0;
    }

    /** One line, e.g. {@code load average 0.12 / 0.30 / 0.25 (1/5/15 min) before the run; CPUs: 16 online, ...}. */
    public String describe()
    {
        final String average = Double.isNaN(load1) ? "load average unknown (no /proc/loadavg)" :
            String.format(Locale.ROOT, "load average %.2f / %.2f / %.2f (1/5/15 min)", load1, load5, load15);
        return String.format(Locale.ROOT, "%s before the run; CPUs: %d online, nproc %d, JVM availableProcessors %d",
            average, onlineCpus, allowedCpus, availableProcessors);
    }

    /** The warning for a busy host, or an empty string. */
    public String warning()
    {
        return busy() ? String.format(Locale.ROOT, "WARNING: the host was busy before the run (1-minute load average " +
            "%.2f > half of its %d CPUs): figures from a busy host are not comparable; rerun when it is idle",
            load1, onlineCpus) : "";
    }

    /** Adds {@code host.*} keys for summary.properties. */
    void putInto(final Properties summary)
    {
        summary.setProperty("host.load-average", String.format(Locale.ROOT, "%.2f %.2f %.2f", load1, load5, load15));
        summary.setProperty("host.cpus.online", Integer.toString(onlineCpus));
        summary.setProperty("host.cpus.nproc", Integer.toString(allowedCpus));
        summary.setProperty("host.cpus.jvm", Integer.toString(availableProcessors));
        summary.setProperty("host.busy", Boolean.toString(busy()));
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (final IOException | RuntimeException ex)
        {
            return "";
        }
    }
}
