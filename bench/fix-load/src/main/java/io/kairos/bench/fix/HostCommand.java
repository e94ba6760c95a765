package io.kairos.bench.fix;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

/**
 * {@code fix-load host}: prints the host's load average and CPU counts ({@link HostLoad}) and, when the host is
 * busy, a warning. {@code bench/bin/scenario} runs it (unpinned) before it starts anything. Exit status 0 either way:
 * a busy host is worth a warning, not a refusal.
 */
@Command(
    name = "host",
    mixinStandardHelpOptions = true,
    description = "Prints the load average (1/5/15 min) and CPU counts (online, nproc, JVM availableProcessors), and " +
        "a warning when the 1-minute load average is above half the CPUs.")
public final class HostCommand implements Callable<Integer>
{
    public Integer call()
    {
        final HostLoad host = HostLoad.sample();
        System.out.println(host.describe());
        if (host.busy())
        {
            System.out.println(host.warning());
        }
        return 0;
    }
}
