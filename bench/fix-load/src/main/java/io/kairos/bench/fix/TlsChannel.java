package io.kairos.bench.fix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.locks.LockSupport;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS around one lean-client socket, with the JDK's {@link SSLEngine}: {@link #handshake} on the still-blocking
 * channel, then non-blocking {@link #write} (encrypt, then write all of it, backing off while the socket is full, as
 * {@link LeanSession} does for plain bytes) and {@link #read} (read what the socket has, decrypt into a buffer of its
 * own, hand over what fits; {@link #hasBuffered} says whether more is waiting without a socket event). The venue's
 * certificate is checked against the trust store and the host name (HTTPS rule). TLS 1.2 and 1.3.
 *
 * <p>Threads: {@link #write} (sender or receiver thread) and the answers to post-handshake messages wrap under this
 * object's monitor, {@link #read} unwraps on the receiver thread only: the JDK's engine allows one wrap and one unwrap
 * at once. Allocates only in the handshake and when a
 * TLS record larger than the buffers arrives (never: they are sized for the largest).
 */
final class TlsChannel implements ByteChannel
{
    private static final long WRITE_BACKOFF_NS = 20_000;

    private final SocketChannel channel;
    private final SSLEngine engine;
    private final ByteBuffer netIn;
    private final ByteBuffer netOut;
    private final ByteBuffer appIn;
    private final ByteBuffer empty = ByteBuffer.allocate(0);
    /** The last read left whole records in {@link #netIn} for want of room: the next read decrypts them. */
    private boolean overflowed;

    private TlsChannel(final SocketChannel channel, final SSLEngine engine)
    {
        this.channel = channel;
        this.engine = engine;
        netIn = ByteBuffer.allocateDirect(engine.getSession().getPacketBufferSize());
        netOut = ByteBuffer.allocateDirect(engine.getSession().getPacketBufferSize());
        appIn = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
        netIn.flip(); // both empty, ready to be read from
        appIn.flip();
    }

    /** A client context trusting the CAs of the PKCS12 {@code trustStore}. */
    static SSLContext clientContext(final Path trustStore, final String password)
    {
        try (InputStream in = Files.newInputStream(trustStore))
        {
            final KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            final TrustManagerFactory trust =
                TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        }
        catch (final IOException | GeneralSecurityException ex)
        {
            throw new LoadException("cannot read the TLS trust store " + trustStore + ": " + ex.getMessage());
        }
    }

    /**
     * Completes a TLS handshake with {@code host}:{@code port} over {@code channel}, which must be connected and still
     * blocking. @throws IOException when the handshake fails
     */
    static TlsChannel handshake(final SocketChannel channel, final SSLContext context, final String host,
        final int port) throws IOException
    {
        final SSLEngine engine = context.createSSLEngine(host, port);
        engine.setUseClientMode(true);
        final SSLParameters parameters = engine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        parameters.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        engine.setSSLParameters(parameters);
        final TlsChannel tls = new TlsChannel(channel, engine);
        engine.beginHandshake();
        tls.runHandshake();
        return tls;
    }

    private void runHandshake() throws IOException
    {
        SSLEngineResult.HandshakeStatus status = engine.getHandshakeStatus();
        while (status != SSLEngineResult.HandshakeStatus.FINISHED &&
            status != SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING)
        {
            switch (status)
            {
                case NEED_WRAP ->
                {
                    netOut.clear();
                    final SSLEngineResult result = engine.wrap(empty, netOut);
                    netOut.flip();
                    writeAll();
                    status = result.getHandshakeStatus();
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN ->
                {
                    final SSLEngineResult result = unwrapOnce();
                    if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW)
                    {
                        netIn.compact();
                        final int read = channel.read(netIn);
                        netIn.flip();
                        if (read < 0)
                        {
                            throw new SSLException("the venue closed the connection during the TLS handshake");
                        }
                    }
                    status = result.getStatus() == SSLEngineResult.Status.CLOSED ?
                        SSLEngineResult.HandshakeStatus.FINISHED : engine.getHandshakeStatus();
                }
                case NEED_TASK ->
                {
                    Runnable task;
                    while ((task = engine.getDelegatedTask()) != null)
                    {
                        task.run();
                    }
                    status = engine.getHandshakeStatus();
                }
                default -> throw new SSLException("unexpected TLS handshake status " + status);
            }
        }
    }

    /** Encrypts {@code source} and writes all of it; returns the plain bytes consumed. */
    @Override
    public synchronized int write(final ByteBuffer source) throws IOException
    {
        int consumed = 0;
        while (source.hasRemaining())
        {
            netOut.clear();
            final SSLEngineResult result = engine.wrap(source, netOut);
            netOut.flip();
            writeAll();
            if (result.getStatus() == SSLEngineResult.Status.CLOSED)
            {
                throw new SSLException("TLS closed");
            }
            consumed += result.bytesConsumed();
        }
        return consumed;
    }

    /**
     * Hands over decrypted bytes: first those already decrypted, else what the socket has now (0 when a record is
     * still incomplete); -1 once the venue closed.
     */
    @Override
    public int read(final ByteBuffer destination) throws IOException
    {
        if (!appIn.hasRemaining())
        {
            netIn.compact();
            final int read = channel.read(netIn);
            netIn.flip();
            appIn.clear();
            boolean closed = read < 0;
            overflowed = false;
            while (netIn.hasRemaining())
            {
                final SSLEngineResult result = engine.unwrap(netIn, appIn);
                if (result.getStatus() == SSLEngineResult.Status.CLOSED)
                {
                    closed = true;
                    break;
                }
                if (result.getStatus() != SSLEngineResult.Status.OK)
                {
                    // underflow: the rest of the record is not here yet; overflow: hand over what is decrypted first
                    overflowed = result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW;
                    break;
                }
                if (result.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP)
                {
                    answerPostHandshake();
                }
            }
            appIn.flip();
            if (closed && !appIn.hasRemaining())
            {
                return -1;
            }
        }
        return copy(destination);
    }

    /** Whether {@link #read} has bytes to hand over without a socket event: decrypted, or records left undecrypted. */
    boolean hasBuffered()
    {
        return appIn.hasRemaining() || overflowed;
    }

    @Override
    public boolean isOpen()
    {
        return channel.isOpen();
    }

    @Override
    public void close() throws IOException
    {
        channel.close();
    }

    private int copy(final ByteBuffer destination)
    {
        final int count = Math.min(appIn.remaining(), destination.remaining());
        final int limit = appIn.limit();
        appIn.limit(appIn.position() + count);
        destination.put(appIn);
        appIn.limit(limit);
        return count;
    }

    /** A TLS 1.3 key update asks for an answer: wrapped under this object's monitor, as {@link #write} does. */
    private void answerPostHandshake() throws IOException
    {
        synchronized (this)
        {
            netOut.clear();
            engine.wrap(empty, netOut);
            netOut.flip();
            writeAll();
        }
    }

    private SSLEngineResult unwrapOnce() throws SSLException
    {
        appIn.compact();
        try
        {
            return engine.unwrap(netIn, appIn);
        }
        finally
        {
            appIn.flip();
        }
    }

    private void writeAll() throws IOException
    {
        while (netOut.hasRemaining())
        {
            if (channel.write(netOut) == 0)
            {
                LockSupport.parkNanos(WRITE_BACKOFF_NS);
            }
        }
    }
}
