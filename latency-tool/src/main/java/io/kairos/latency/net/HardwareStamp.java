package io.kairos.latency.net;

/**
 * The plausibility rule every trailer family shares: a stamp is taken only when its nanoseconds are below one second
 * and it lies within a window of the capture host's time for the packet (a tap's clock and the recording host's
 * clock agree to well under a day when both are synchronised; random bytes almost never do). Stateless; thread-safe.
 */
public final class HardwareStamp
{
    /** No stamp: the bytes are not a trailer of the family asked for. */
    public static final long NONE = Long.MIN_VALUE;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private HardwareStamp()
    {
    }

    /** The stamp in ns since the epoch, or {@link #NONE} when implausible. */
    public static long ofSeconds(final long seconds, final long nanoseconds, final long hostNs, final long windowNs)
    {
        if (nanoseconds >= NANOS_PER_SECOND || seconds == 0)
        {
            return NONE;
        }
        final long stamp = seconds * NANOS_PER_SECOND + nanoseconds;
        return Math.abs(stamp - hostNs) <= windowNs ? stamp : NONE;
    }
}
