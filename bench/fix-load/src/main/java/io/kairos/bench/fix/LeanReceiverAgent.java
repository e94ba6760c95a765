package io.kairos.bench.fix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.kairos.fix.wire.FixFieldIndex;

/**
 * The lean client's one receiver thread: a {@link Selector} over every session's socket (order entry and market
 * data), blocking in epoll until one is readable (no spinning: the machine's cores belong to the venue), then each
 * readable session reads and handles its frames; once a second it lets idle sessions send their Heartbeat. Uses
 * {@link Selector#select(Consumer, long)}, which hands over ready keys without building a selected-key set, so the
 * loop allocates nothing. Owns its thread; {@link #close} may be called from any thread.
 */
final class LeanReceiverAgent implements Runnable
{
    private static final long SELECT_TIMEOUT_MS = 100;
    private static final long HEARTBEAT_CHECK_NS = TimeUnit.SECONDS.toNanos(1);

    private final Selector selector;
    private final LeanSession[] sessions;
    private final FixFieldIndex fields;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private volatile boolean running = true;
    private volatile Throwable failure;
    private long nextHeartbeatCheckNs;

    /**
     * @param selector  every session's channel registered for reads with the session as attachment
     * @param maxFields fields indexed per frame (a book snapshot can have thousands)
     */
    LeanReceiverAgent(final Selector selector, final List<LeanSession> sessions, final int maxFields)
    {
        this.selector = selector;
        this.sessions = sessions.toArray(new LeanSession[0]);
        this.fields = new FixFieldIndex(maxFields);
    }

    public void run()
    {
        try
        {
            while (running)
            {
                doWork();
            }
        }
        catch (final RuntimeException | Error ex)
        {
            failure = ex;
        }
    }

    /** One duty cycle: waits up to the select timeout for readable sockets and handles them; returns how many. */
    int doWork()
    {
        final int ready;
        try
        {
            ready = selector.select(onReady, SELECT_TIMEOUT_MS);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        final long nowNs = System.nanoTime();
        if (nowNs - nextHeartbeatCheckNs >= 0)
        {
            nextHeartbeatCheckNs = nowNs + HEARTBEAT_CHECK_NS;
            for (final LeanSession session : sessions)
            {
                session.heartbeatIfIdle(nowNs);
            }
        }
        return ready;
    }

    private void onReady(final SelectionKey key)
    {
        final LeanSession session = (LeanSession)key.attachment();
        if (!session.onReadable(fields))
        {
            key.cancel();
        }
    }

    /** Why the thread ended early, or null. */
    Throwable failure()
    {
        return failure;
    }

    void close()
    {
        running = false;
        selector.wakeup();
    }
}
