package io.kairos.bench.fix;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures the client's own CPU use and hot-thread allocation between {@link #start} and {@link #stop}, through
 * {@code com.sun.management}'s ThreadMXBean and OperatingSystemMXBean. {@link #start} and {@link #stop} allocate
 * (thread listings) but read the hot threads' allocation counters last at the start and first at the stop, so their
 * own garbage stays outside the window. Called by the sender thread (start at the first measured request, stop after
 * the last); not thread-safe.
 */
final class CpuMeter
{
    private static final long MIN_REPORTED_THREAD_CPU_NS = 1_000_000;

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean)ManagementFactory.getOperatingSystemMXBean();
    private final List<Thread> hotThreads = new ArrayList<>();
    private long[] startAllocated = new long[0];
    private Map<Long, Long> startThreadCpu = Map.of();
    private long startProcessCpuNs;
    private long startWallNs;
    private boolean started;

    /** Adds a thread whose allocations are counted (before {@link #start}). */
    CpuMeter hotThread(final Thread thread)
    {
        hotThreads.add(thread);
        return this;
    }

    boolean started()
    {
        return started;
    }

    void start()
    {
        startWallNs = System.nanoTime();
        startProcessCpuNs = os.getProcessCpuTime();
        startThreadCpu = threadCpu();
        startAllocated = new long[hotThreads.size()];
        started = true;
        for (int i = 0; i < startAllocated.length; i++)
        {
            startAllocated[i] = allocated(hotThreads.get(i));
        }
    }

    CpuFigures stop()
    {
        final long[] endAllocated = new long[hotThreads.size()];
        for (int i = 0; i < endAllocated.length; i++)
        {
            endAllocated[i] = allocated(hotThreads.get(i));
        }
        final long wallNs = System.nanoTime() - startWallNs;
        final long processCpuNs = os.getProcessCpuTime() - startProcessCpuNs;
        final Map<Long, Long> endThreadCpu = threadCpu();
        final Map<String, Long> byName = new HashMap<>();
        final long[] ids = endThreadCpu.keySet().stream().mapToLong(Long::longValue).toArray();
        final ThreadInfo[] infos = threads.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++)
        {
            final long usedNs = endThreadCpu.get(ids[i]) - startThreadCpu.getOrDefault(ids[i], 0L);
            if (infos[i] != null && usedNs > 0)
            {
                byName.merge(infos[i].getThreadName(), usedNs, Long::sum);
            }
        }
        final Map<String, Long> threadCpuNs = new LinkedHashMap<>();
        byName.entrySet().stream()
            .filter(entry -> entry.getValue() >= MIN_REPORTED_THREAD_CPU_NS)
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .forEach(entry -> threadCpuNs.put(entry.getKey(), entry.getValue()));
        final Map<String, Long> allocations = new LinkedHashMap<>();
        for (int i = 0; i < endAllocated.length; i++)
        {
            final boolean known = endAllocated[i] >= 0 && startAllocated[i] >= 0;
            allocations.put(hotThreads.get(i).getName(), known ? endAllocated[i] - startAllocated[i] : -1);
        }
        return new CpuFigures(wallNs, processCpuNs, threadCpuNs, allocations);
    }

    private long allocated(final Thread thread)
    {
        return threads.isThreadAllocatedMemorySupported() ? threads.getThreadAllocatedBytes(thread.threadId()) : -1;
    }

    private Map<Long, Long> threadCpu()
    {
        final Map<Long, Long> cpu = new HashMap<>();
        if (!threads.isThreadCpuTimeSupported())
        {
            return cpu;
        }
        for (final long id : threads.getAllThreadIds())
        {
            final long ns = threads.getThreadCpuTime(id);
            if (ns >= 0)
            {
                cpu.put(id, ns);
            }
        }
        return cpu;
    }
}
