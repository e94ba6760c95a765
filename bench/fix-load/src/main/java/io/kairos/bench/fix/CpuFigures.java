package io.kairos.bench.fix;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The load generator's own cost over the measured part of a run: wall time, the process's CPU time, the CPU time of
 * each thread that used any, and the bytes allocated by the client's hot threads (sender, receiver). Immutable.
 *
 * @param wallNs               wall time of the window
 * @param processCpuNs         CPU time of the whole JVM in the window (every thread, GC and JIT included)
 * @param threadCpuNs          CPU time per thread name in the window, largest first (threads under 1 ms left out)
 * @param hotThreadAllocations bytes allocated in the window per hot thread name (-1 when the JVM cannot tell)
 */
public record CpuFigures(long wallNs, long processCpuNs, Map<String, Long> threadCpuNs,
    Map<String, Long> hotThreadAllocations)
{
    public CpuFigures
    {
        threadCpuNs = Collections.unmodifiableMap(new LinkedHashMap<>(threadCpuNs));
        hotThreadAllocations = Collections.unmodifiableMap(new LinkedHashMap<>(hotThreadAllocations));
    }

    /** Process CPU per 1,000 requests, in milliseconds; NaN without requests. */
    public double cpuMsPerThousandRequests(final long requests)
    {
        return requests <= 0 ? Double.NaN : processCpuNs / 1e6 * 1000.0 / requests;
    }
}
