package io.kairos.cluster;

import static io.kairos.cluster.ClusterProtocol.*;

import java.util.concurrent.TimeUnit;

import io.aeron.cluster.client.AeronCluster;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The cluster client's ingress: offers the {@link PendingCommands} due, in order, a {@link ClusterProtocol#RESUME}
 * request when one is due (before any command: the resend after a leader change follows the request), and a
 * keep-alive when nothing else went out for a while. Encodes into preallocated buffers: allocation-free. Owned by the
 * thread that runs the client's duty cycle.
 */
final class IngressProxy
{
    private static final long KEEP_ALIVE_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);

    private final PendingCommands pending;
    private final UnsafeBuffer control = new UnsafeBuffer(new byte[RESUME_LENGTH]);
    private long resumeAfter;
    private boolean resumeToSend;
    private long resumeSentNs;
    private long lastIngressNs;
    private volatile long resumes;

    IngressProxy(final PendingCommands pending)
    {
        this.pending = pending;
    }

    /**
     * Asks the cluster (now if it can, else at the next {@link #offer}) for the events after command {@code after};
     * with {@code recovery} (the client starts) the resting orders too.
     */
    void resume(final AeronCluster client, final long after, final boolean recovery, final long nowNs)
    {
        resumeAfter = after;
        resumeToSend = true;
        sendResume(client, recovery, nowNs);
    }

    /**
     * Offers what is due: the resume request (with {@code recovery} as {@link #resume} says), then the pending
     * commands. @return commands offered
     */
    int offer(final AeronCluster client, final boolean recovery, final long nowNs)
    {
        if (resumeToSend)
        {
            sendResume(client, recovery, nowNs);
        }
        if (resumeToSend || client == null)
        {
            return 0;
        }
        int offered = 0;
        while (pending.hasNext() && client.offer(pending.next(), 0, pending.nextLength()) > 0)
        {
            pending.offered();
            offered++;
        }
        if (offered > 0)
        {
            lastIngressNs = System.nanoTime();
        }
        return offered;
    }

    /** Keeps the session alive when nothing went out for a while. */
    void keepAlive(final AeronCluster client, final long nowNs)
    {
        if (nowNs - lastIngressNs > KEEP_ALIVE_INTERVAL_NS && client.sendKeepAlive())
        {
            lastIngressNs = nowNs;
        }
    }

    /** When the last resume request went out. */
    long resumeSentNs()
    {
        return resumeSentNs;
    }

    /** Resume requests sent (any thread). */
    long resumes()
    {
        return resumes;
    }

    private void sendResume(final AeronCluster client, final boolean recovery, final long nowNs)
    {
        control.putByte(TYPE_OFFSET, RESUME);
        control.putByte(RESUME_FLAGS_OFFSET, recovery ? FLAG_RECOVERY : 0);
        control.putLong(RESUME_AFTER_OFFSET, resumeAfter);
        if (client != null && client.offer(control, 0, RESUME_LENGTH) > 0)
        {
            resumeToSend = false;
            resumeSentNs = nowNs;
            lastIngressNs = nowNs;
            resumes++;
        }
    }
}
