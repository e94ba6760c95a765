package io.kairos.fix;

import java.util.concurrent.TimeUnit;

/**
 * Whether a session's resend (an Artio replay) has been in flight too long. While Artio replays, the connection's
 * sender queues every new message of the session until the replay completes ({@code FixSenderEndPoint}), and that
 * queue does not count towards Artio's slow-consumer limit: a replay that never completes silences the session
 * without a disconnect. {@link ReplayIndexTrim} removes the one cause seen (a replay index reaching past the archive
 * after a crash); this bound makes any other end visibly (the session calls it, logs out, disconnects and counts it).
 * Owned by the library thread; allocation-free.
 */
final class ReplayWatch
{
    /** Far longer than any replay of a day's messages takes; short enough for an operator to see it at once. */
    static final long STALL_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long IDLE = Long.MIN_VALUE;

    private final long stallNs;
    private long replayingSinceNs = IDLE;
    private boolean reported;

    ReplayWatch(final long stallNs)
    {
        this.stallNs = stallNs;
    }

    /** The session is not replaying: the next replay is timed afresh. */
    void onIdle()
    {
        replayingSinceNs = IDLE;
        reported = false;
    }

    /** @return true while the session has been replaying for {@link #STALL_NS} or more and this is not yet reported */
    boolean isStalled(final long nowNs)
    {
        if (replayingSinceNs == IDLE)
        {
            replayingSinceNs = nowNs;
            return false;
        }
        return !reported && nowNs - replayingSinceNs >= stallNs;
    }

    /** The stall was reported (the disconnect request went out). */
    void onReported()
    {
        reported = true;
    }
}
