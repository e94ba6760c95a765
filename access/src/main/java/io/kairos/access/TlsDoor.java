package io.kairos.access;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.AsyncMapping;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

/**
 * What a door's TLS listener puts first in each of its connections' pipelines: a handler that waits for the client's
 * hello, asks {@link TlsContextSource} for the context of the moment on a thread of its own (reading the PEM files
 * never stalls the event loop that serves the door's traffic) and replaces itself with the {@code SslHandler} of that
 * context; behind it a {@link TlsOutcomeHandler} that counts and logs, once, each connection refused (a plain-TCP
 * hello, a failed handshake, a client certificate that does not chain to the configured CAs) and closes it. Traffic
 * reaches the handlers behind both only once the handshake succeeded.
 *
 * <p>Thread-safety: {@link #install} is called on the door's event loop for each new channel; the counters are read
 * from any thread; {@link #close} once, by the owner.
 */
public final class TlsDoor implements AutoCloseable
{
    /** A client has this long from its TCP connect to a finished handshake. */
    public static final long HANDSHAKE_TIMEOUT_MS = 10_000;

    private final String name;
    private final TlsContextSource contexts;
    private final ExecutorService files;
    private final AtomicLong handshakes = new AtomicLong();
    private final AtomicLong refusals = new AtomicLong();
    private final AsyncMapping<String, SslContext> lookup = this::lookup;

    /**
     * Loads the key material (throws, naming the key and file, if it cannot) and starts the file thread
     * {@code <name>-tls-files}.
     *
     * @param name the door, for log lines and the thread's name ({@code kairos-md-gateway}, {@code kairos-fix-tls})
     */
    public TlsDoor(final String name, final TlsListenerConfig config)
    {
        this.name = name;
        contexts = new TlsContextSource(name, config);
        files = Executors.newSingleThreadExecutor(task ->
        {
            final Thread thread = new Thread(task, name + "-tls-files");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Adds the TLS handlers at the end of {@code pipeline}: call before adding the connection's own handlers. */
    public void install(final ChannelPipeline pipeline)
    {
        pipeline.addLast("tls", new SniHandler(lookup, HANDSHAKE_TIMEOUT_MS));
        pipeline.addLast("tls-outcome", new TlsOutcomeHandler(this));
    }

    /** The door's name, for log lines. */
    public String name()
    {
        return name;
    }

    /** The context source (its reload counters, the certificate it serves). */
    public TlsContextSource contexts()
    {
        return contexts;
    }

    /** Handshakes completed since start. */
    public long handshakes()
    {
        return handshakes.get();
    }

    /** Connections refused before or during the handshake since start (plain-TCP hello, bad certificate, timeout). */
    public long refusals()
    {
        return refusals.get();
    }

    void onHandshake()
    {
        handshakes.incrementAndGet();
    }

    void onRefusal()
    {
        refusals.incrementAndGet();
    }

    @Override
    public void close()
    {
        files.shutdownNow();
    }

    private Future<SslContext> lookup(final String hostname, final Promise<SslContext> promise)
    {
        try
        {
            files.execute(() ->
            {
                try
                {
                    promise.trySuccess(contexts.current());
                }
                catch (final RuntimeException e)
                {
                    promise.tryFailure(e);
                }
            });
        }
        catch (final RejectedExecutionException closing)
        {
            promise.tryFailure(closing);
        }
        return promise;
    }
}
