package io.kairos.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sets the Linux timer slack of the calling thread, which every thread it starts afterwards inherits.
 *
 * <p>Why: every Kairos thread that has nothing to do parks for a few microseconds at a time (Artio's and
 * Aeron's back-off idle strategies, the engine's parking wait strategy), and the kernel may let such a
 * sleep overrun by the thread's timer slack, 50 µs by default. On the 2-core development VM a
 * {@code LockSupport.parkNanos(1_000)} took 88 µs with the default and 27 µs with a 1 µs slack; each
 * request crosses several such waits on its way through the venue. Written through
 * {@code /proc/<tid>/timerslack_ns} (a thread may always change its own; Java 21 has no stable
 * foreign-function API for {@code prctl(PR_SET_TIMERSLACK)}).
 *
 * <p>Called once from the main thread before the venue starts its threads.
 */
final class TimerSlack
{
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private TimerSlack()
    {
    }

    /** @return null when set, else why not (not Linux, no /proc, refused) — the venue runs either way. */
    static String setForThisThreadAndItsChildren(final long nanos)
    {
        try
        {
            final String tid = Files.readSymbolicLink(THREAD_SELF).getFileName().toString();
            final Path file = Path.of("/proc", tid, "timerslack_ns");
            Files.writeString(file, Long.toString(nanos));
            final long now = Long.parseLong(Files.readString(file).trim());
            return now == nanos ? null : file + " reads " + now + " after writing " + nanos;
        }
        catch (final IOException | UnsupportedOperationException | NumberFormatException ex)
        {
            return "cannot set the timer slack (" + ex + ")";
        }
    }
}
