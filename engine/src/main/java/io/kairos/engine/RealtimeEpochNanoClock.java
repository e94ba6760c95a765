package io.kairos.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.SystemEpochNanoClock;

/**
 * The system's real-time clock in epoch nanoseconds — the very clock {@link SystemEpochNanoClock} reads (the engine's
 * and order entry's stamps), read without allocating: {@code Instant.now()} is {@code VM.getNanoTimeAdjustment} plus an
 * {@code Instant}, and this calls the former directly. The market-data gateway's SendingTime and the replicated
 * members' cluster clock read it. Agrona's {@code OffsetEpochNanoClock} is another clock: the monotonic clock plus an
 * offset taken from {@code System.currentTimeMillis()}, so 0–1 ms behind the real-time clock from its first sample
 * (measured with Agrona 2.4.1: 146–927 µs behind in eight fresh clocks) and drifting from it as NTP slews it; stamps
 * compared across clocks came out negative (engine-out → gateway-out, and engine-in → engine-out in the cluster).
 * Needs {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} (the venue's launcher and the build set it);
 * without it, it falls back to {@link SystemEpochNanoClock} (same values, one {@code Instant} per call). Stateless but
 * for a cached offset; safe for any thread.
 */
public final class RealtimeEpochNanoClock implements EpochNanoClock
{
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** {@code VM.getNanoTimeAdjustment(offsetSeconds)}: nanoseconds since the offset, or -1 when it is too far. */
    private static final MethodHandle NANO_TIME_ADJUSTMENT = lookupNanoTimeAdjustment();
    private static final SystemEpochNanoClock FALLBACK = new SystemEpochNanoClock();

    private volatile long offsetSeconds = System.currentTimeMillis() / 1000 - 1024;

    /** @return whether the allocation-free path is available (the JDK's {@code jdk.internal.misc} is exported). */
    public static boolean allocationFree()
    {
        return NANO_TIME_ADJUSTMENT != null;
    }

    @Override
    public long nanoTime()
    {
        if (NANO_TIME_ADJUSTMENT == null)
        {
            return FALLBACK.nanoTime();
        }
        final long offset = offsetSeconds;
        final long adjustment = adjustment(offset);
        if (adjustment == -1)
        {
            offsetSeconds = System.currentTimeMillis() / 1000 - 1024;
            return FALLBACK.nanoTime();
        }
        return offset * NANOS_PER_SECOND + adjustment;
    }

    private static long adjustment(final long offset)
    {
        try
        {
            return (long)NANO_TIME_ADJUSTMENT.invokeExact(offset);
        }
        catch (final Throwable t)
        {
            return -1;
        }
    }

    private static MethodHandle lookupNanoTimeAdjustment()
    {
        try
        {
            final Class<?> vm = Class.forName("jdk.internal.misc.VM");
            return MethodHandles.lookup().findStatic(vm, "getNanoTimeAdjustment",
                MethodType.methodType(long.class, long.class));
        }
        catch (final ReflectiveOperationException | RuntimeException | LinkageError e)
        {
            return null;
        }
    }
}
