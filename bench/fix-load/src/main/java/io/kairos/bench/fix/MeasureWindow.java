package io.kairos.bench.fix;

/**
 * The measured part of a load run on the receiver's clock ({@link System#nanoTime()}): opened by the sender thread
 * as it reaches the first measured request, closed when it has sent the last one. The receiver thread asks per
 * message whether the message falls in it, so that market-data rates and reject counts leave the logon, prefill and
 * warm-up out. Written by the sender thread, read by the receiver thread (volatile fields; two reads per message,
 * no allocation).
 */
final class MeasureWindow
{
    private static final long UNSET = Long.MIN_VALUE;

    /** Whether everything counts: sessions used outside a load run (tests). */
    private final boolean always;
    private volatile long startNs = UNSET;
    private volatile long endNs = UNSET;

    MeasureWindow()
    {
        this(false);
    }

    private MeasureWindow(final boolean always)
    {
        this.always = always;
    }

    /** A window that holds every message: for sessions used outside a load run (tests). */
    static MeasureWindow always()
    {
        return new MeasureWindow(true);
    }

    /** The measured part starts now ({@code nowNs}); called once. */
    void open(final long nowNs)
    {
        startNs = nowNs;
    }

    /** The measured part ended at {@code nowNs} (the sender's last measured send); called once, after open. */
    void close(final long nowNs)
    {
        endNs = nowNs;
    }

    /** Whether a message received at {@code receivedNs} came after the start of the measured part. */
    boolean started(final long receivedNs)
    {
        if (always)
        {
            return true;
        }
        final long start = startNs;
        return start != UNSET && receivedNs - start >= 0;
    }

    /** Whether a message received at {@code receivedNs} came within the measured part (not after its end). */
    boolean contains(final long receivedNs)
    {
        if (!started(receivedNs))
        {
            return false;
        }
        final long end = endNs;
        return end == UNSET || receivedNs - end < 0;
    }

    /** The measured part's length in nanoseconds, once closed; 0 before. */
    long lengthNs()
    {
        final long start = startNs;
        final long end = endNs;
        return start == UNSET || end == UNSET ? 0 : end - start;
    }
}
