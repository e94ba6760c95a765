package io.kairos.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Pins the venue's threads to CPUs by name ({@code server.cpu-affinity}): each rule is a thread-name prefix and a
 * Linux CPU list ({@code kairos-hot=2 kairos-matcher=3-4}); every thread of this process whose name starts with a
 * prefix is bound to its list with {@code taskset -p -c LIST TID} (util-linux) — or, when the list has exactly as
 * many CPUs as threads match the rule, each of those threads to one CPU of its own, in thread-id order (the kernel
 * keeps 15 characters of a name, so {@code kairos-matcher-p0} and {@code -p1} can only be told apart so). The prefix
 * {@code *} matches every thread no other rule matches. Run once, after the venue has started all its threads, on
 * the lifecycle thread.
 *
 * <p>Why by name after start rather than a pinning {@code ThreadFactory}: the hot threads are made by five
 * libraries' own factories (Artio's framer and archiver, Aeron's driver and archive, Netty's event loop, the
 * engine's matchers), each configured in a different place; the kernel's per-thread name (the first 15
 * characters of the Java name) reaches all of them at once. A rule that matches no thread stops the start,
 * so a typo is not silently ignored.
 */
final class ThreadPinning
{
    private static final Pattern CPU_LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");
    /** The rule for every thread that no other rule matches. */
    static final String OTHERS = "*";
    /** Linux keeps this many characters of a thread's name. */
    private static final int KERNEL_NAME_LENGTH = 15;
    private static final long TASKSET_TIMEOUT_S = 10;

    private final Map<String, String> cpusByPrefix;

    private ThreadPinning(final Map<String, String> cpusByPrefix)
    {
        this.cpusByPrefix = cpusByPrefix;
    }

    /** Parses {@code prefix=cpus} rules separated by spaces; empty text: no pinning. Throws on bad syntax. */
    static ThreadPinning parse(final String rules)
    {
        final Map<String, String> cpusByPrefix = new LinkedHashMap<>();
        for (final String rule : rules.trim().split("\\s+"))
        {
            if (rule.isEmpty())
            {
                continue;
            }
            final int eq = rule.indexOf('=');
            final String prefix = eq > 0 ? rule.substring(0, eq) : "";
            final String cpus = eq > 0 ? rule.substring(eq + 1) : "";
            if (prefix.isEmpty() || !CPU_LIST.matcher(cpus).matches())
            {
                throw new IllegalArgumentException("'" + rule +
                    "' is not THREAD-NAME-PREFIX=CPU-LIST (e.g. kairos-hot=2 or kairos-matcher=3-4,6)");
            }
            if (cpusByPrefix.put(prefix, cpus) != null)
            {
                throw new IllegalArgumentException("names the thread prefix " + prefix + " twice");
            }
        }
        return new ThreadPinning(java.util.Collections.unmodifiableMap(cpusByPrefix));
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder();
        cpusByPrefix.forEach((prefix, cpus) ->
            text.append(text.isEmpty() ? "" : " ").append(prefix).append('=').append(cpus));
        return text.toString();
    }

    boolean isEmpty()
    {
        return cpusByPrefix.isEmpty();
    }

    /**
     * Pins every matching thread of this process. @return one line per pinned thread ({@code name tid -> cpus}), and
     * one for all those the {@code *} rule pinned.
     * Throws when a rule matches no thread or {@code taskset} refuses (e.g. a CPU outside the process's set).
     */
    List<String> apply()
    {
        final Map<String, List<String[]>> matches = new LinkedHashMap<>(); // rule -> {tid, name} in tid order
        cpusByPrefix.keySet().forEach(prefix -> matches.put(prefix, new ArrayList<>()));
        for (final Path task : tasks())
        {
            final String name = read(task.resolve("comm")).strip();
            final String prefix = ruleFor(name);
            if (prefix != null)
            {
                matches.get(prefix).add(new String[] {task.getFileName().toString(), name});
            }
        }
        final List<String> pinned = new ArrayList<>();
        matches.forEach((prefix, threads) ->
        {
            if (threads.isEmpty())
            {
                throw new IllegalStateException("server.cpu-affinity: no thread's name starts with " + prefix);
            }
            threads.sort(java.util.Comparator.comparingLong(thread -> Long.parseLong(thread[0])));
            final List<Integer> cpus = CpuBudget.parseCpuList(cpusByPrefix.get(prefix));
            final boolean oneEach = !OTHERS.equals(prefix) && cpus.size() == threads.size();
            for (int i = 0; i < threads.size(); i++)
            {
                final String target = oneEach ? Integer.toString(cpus.get(i)) : cpusByPrefix.get(prefix);
                taskset(target, threads.get(i)[0], threads.get(i)[1]);
                if (!OTHERS.equals(prefix))
                {
                    pinned.add(threads.get(i)[1] + " (tid " + threads.get(i)[0] + ") -> CPUs " + target);
                }
            }
            if (OTHERS.equals(prefix))
            {
                pinned.add("every other thread (" + threads.size() + ") -> CPUs " + cpusByPrefix.get(prefix));
            }
        });
        return pinned;
    }

    private String ruleFor(final String kernelName)
    {
        for (final String prefix : cpusByPrefix.keySet())
        {
            if (OTHERS.equals(prefix))
            {
                continue;
            }
            final String kernelPrefix = prefix.length() > KERNEL_NAME_LENGTH ?
                prefix.substring(0, KERNEL_NAME_LENGTH) : prefix;
            if (kernelName.startsWith(kernelPrefix))
            {
                return prefix;
            }
        }
        return cpusByPrefix.containsKey(OTHERS) ? OTHERS : null;
    }

    private static List<Path> tasks()
    {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task")))
        {
            return tasks.toList();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ConfigKeys.CPU_AFFINITY + " needs Linux's /proc/self/task", ex);
        }
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return ""; // the thread ended meanwhile
        }
    }

    private static void taskset(final String cpus, final String tid, final String name)
    {
        try
        {
            final Process process = new ProcessBuilder("taskset", "-p", "-c", cpus, tid).redirectErrorStream(true)
                .start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!process.waitFor(TASKSET_TIMEOUT_S, TimeUnit.SECONDS) || process.exitValue() != 0)
            {
                throw new IllegalStateException(ConfigKeys.CPU_AFFINITY + ": cannot pin " + name + " (tid " + tid +
                    ") to CPUs " + cpus + ": taskset says " + output);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ConfigKeys.CPU_AFFINITY + " needs taskset (util-linux) on the PATH", ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pinning " + name, ex);
        }
    }
}
