package io.kairos.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadFactory;

/**
 * A thread's timer slack: how much later than asked Linux may end the thread's timed sleeps, so that it can wake
 * several at once. The default slack, 50 µs, makes every short park long: {@code LockSupport.parkNanos(1_000)} lasts
 * about the slack, not a microsecond (measured in bench/fix-load/README.md, "The hot thread parks at once"). A
 * polling thread that backs off with short parks (the compact mode's hot thread, {@code HotPathIdleStrategy}) then
 * notices new work when its park was meant to end, not up to 50 µs later.
 *
 * <p>A thread may set its own slack without privileges ({@code /proc/<tid>/timerslack_ns}, Linux 4.6 and later);
 * another thread's needs {@code CAP_SYS_NICE}. So the setting is made by the thread itself, first thing, through
 * {@link #threadFactory}. Where it cannot be set (not Linux, no {@code /proc}) nothing changes and the thread runs
 * as before: the slack is a latency refinement, never a condition of correctness.
 *
 * <p>Stateless; any thread. Reads and writes small {@code /proc} files (allocates): at thread start only.
 */
public final class TimerSlack
{
    /** The slack of the threads a request waits for: the parks of their idle strategies last what they ask. */
    public static final long HOT_PATH_NS = 1_000;

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private TimerSlack()
    {
    }

    /** @return a factory of plain threads that run with the {@link #HOT_PATH_NS} slack: the venue's hot threads */
    public static ThreadFactory hotPathThreadFactory()
    {
        return threadFactory(HOT_PATH_NS, Thread::new);
    }

    /**
     * A factory whose threads first set their own timer slack to {@code slackNs}, then run their task.
     *
     * @param slackNs  nanoseconds, > 0
     * @param delegate makes the threads (names, daemon flag)
     */
    public static ThreadFactory threadFactory(final long slackNs, final ThreadFactory delegate)
    {
        if (slackNs <= 0)
        {
            throw new IllegalArgumentException("timer slack must be > 0 ns, was " + slackNs);
        }
        return task -> delegate.newThread(() ->
        {
            setForCurrentThread(slackNs);
            task.run();
        });
    }

    /** @return true when the calling thread's timer slack is now {@code slackNs}; false where it cannot be set. */
    public static boolean setForCurrentThread(final long slackNs)
    {
        try
        {
            Files.writeString(currentThreadFile(), Long.toString(slackNs));
            return true;
        }
        catch (final IOException | UnsupportedOperationException | SecurityException ex)
        {
            return false;
        }
    }

    /** @return the calling thread's timer slack in ns, or -1 where it cannot be read. */
    public static long ofCurrentThread()
    {
        try
        {
            return Long.parseLong(Files.readString(currentThreadFile()).strip());
        }
        catch (final IOException | NumberFormatException | UnsupportedOperationException | SecurityException ex)
        {
            return -1;
        }
    }

    /**
     * {@code /proc/<tid>/timerslack_ns} of the calling thread: {@code /proc/thread-self} names the thread
     * ({@code <pid>/task/<tid>}), and {@code /proc/<tid>} is that thread's view (the task directory has no such file;
     * {@code /proc/self} would be the process's first thread, which this one may not change).
     */
    private static Path currentThreadFile() throws IOException
    {
        final String tid = Files.readSymbolicLink(THREAD_SELF).getFileName().toString();
        return Path.of("/proc", tid, "timerslack_ns");
    }
}
