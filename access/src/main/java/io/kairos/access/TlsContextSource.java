package io.kairos.access;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.ssl.SSLException;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;

/**
 * The server {@link SslContext} of one TLS listener, built from its PEM files and rebuilt when their bytes change:
 * each {@link #current()} (one per new connection, called off the door's event loop) reads the files — a few KB — and
 * compares them with those of the context in use, so the connection after a rotation on disk (a cert-manager renewal,
 * a Kubernetes Secret update) is served the new certificate, without a restart and without a timer. Files that do not
 * decode, or a key that does not match the certificate, keep the context in use, with one log line per distinct
 * failure. OpenSSL (netty-tcnative) where it loads, the JDK's engine otherwise; TLS 1.2 and 1.3 only.
 *
 * <p>Thread-safety: {@link #current()} is synchronized (the door's one file thread calls it; tests may too).
 */
public final class TlsContextSource
{
    /** What the JDK's engine offers. */
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    /**
     * What OpenSSL offers: TLS 1.2 only. With OpenSSL (netty-tcnative 2.0.84, Netty 4.2.18) and TLS 1.3, a QuickFIX/J
     * 3.0.0 initiator (MINA's SSL filter over the JDK's engine) now and then had its first connection ended with
     * bad_record_mac right after a successful handshake (3-4 of 60 logons on the NIO transport, 0 of 100 on epoll),
     * never with TLS 1.2 (0 of 50) or with the JDK's engine (0 of 80); access/README.md "TLS 1.3 and OpenSSL".
     */
    static final String[] OPENSSL_PROTOCOLS = {"TLSv1.2"};

    private final String name;
    private final TlsListenerConfig config;
    private final SslProvider provider;
    private final AtomicLong reloads = new AtomicLong();
    private final AtomicLong reloadFailures = new AtomicLong();
    private byte[][] loadedBytes;
    private SslContext context;
    private TlsMaterial material;
    private String lastFailure;

    /**
     * Reads the files and builds the first context. @throws IllegalArgumentException naming the key and the file
     * when they cannot be read or decoded (the door must not start without a certificate)
     *
     * @param name the door, for log lines ({@code kairos-md-gateway}, {@code kairos-fix-tls})
     */
    public TlsContextSource(final String name, final TlsListenerConfig config)
    {
        if (!config.enabled())
        {
            throw new IllegalArgumentException(config.keyPrefix() + "tls-port is off: no TLS material to load");
        }
        this.name = name;
        this.config = config;
        provider = OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        final byte[][] bytes = read();
        load(bytes);
        System.out.println(name + " TLS: " + providerDescription() + ", TLS 1.2/1.3, " +
            (config.mutual() ? "client certificates required (CAs from " + config.clientCaFile() + ")" :
            "no client certificate asked for") + "; serving " + material.describe() + " from " + config.certFile());
    }

    /**
     * The context a new connection is to use: the current one, rebuilt first when the files changed on disk.
     * Reads files: never call it on an event loop that serves traffic.
     */
    public synchronized SslContext current()
    {
        final byte[][] bytes;
        try
        {
            bytes = read();
        }
        catch (final IllegalArgumentException e)
        {
            onReloadFailure(e.getMessage());
            return context;
        }
        if (!Arrays.deepEquals(bytes, loadedBytes))
        {
            try
            {
                load(bytes);
                reloads.incrementAndGet();
                lastFailure = null;
                System.out.println(name + " TLS: files changed on disk; new connections are served " +
                    material.describe());
            }
            catch (final IllegalArgumentException e)
            {
                onReloadFailure(e.getMessage());
            }
        }
        return context;
    }

    /** The certificate now served (tests, log lines). */
    public synchronized String servedCertificate()
    {
        return material.describe();
    }

    /** Whether OpenSSL (netty-tcnative) does the TLS, rather than the JDK's engine. */
    public boolean openSsl()
    {
        return provider == SslProvider.OPENSSL;
    }

    /** Contexts rebuilt after the files changed. */
    public long reloads()
    {
        return reloads.get();
    }

    /** Changed files that could not be loaded (the previous context stayed in use). */
    public long reloadFailures()
    {
        return reloadFailures.get();
    }

    private String providerDescription()
    {
        return provider == SslProvider.OPENSSL ? "OpenSSL (" + OpenSsl.versionString() + ", netty-tcnative)" :
            "the JDK's TLS engine (netty-tcnative not available: " + OpenSsl.unavailabilityCause() + ")";
    }

    private void onReloadFailure(final String message)
    {
        reloadFailures.incrementAndGet();
        if (!message.equals(lastFailure))
        {
            lastFailure = message;
            System.err.println(name + " TLS: cannot load the changed files, still serving " + material.describe() +
                ": " + message);
        }
    }

    private byte[][] read()
    {
        final Path ca = config.clientCaFile();
        return new byte[][] {
            read(config.certFile(), "tls.cert-file"),
            read(config.keyFile(), "tls.key-file"),
            ca == null ? null : read(ca, "tls.client-ca-file")};
    }

    private byte[] read(final Path file, final String key)
    {
        try
        {
            return Files.readAllBytes(file);
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException(config.keyPrefix() + key + " " + file + " cannot be read: " + e, e);
        }
    }

    private void load(final byte[][] bytes)
    {
        final Path ca = config.clientCaFile();
        final TlsMaterial decoded = TlsMaterial.decode(
            config.keyPrefix() + "tls.cert-file " + config.certFile(), bytes[0],
            config.keyPrefix() + "tls.key-file " + config.keyFile(), bytes[1],
            ca == null ? null : config.keyPrefix() + "tls.client-ca-file " + ca, bytes[2]);
        final SslContextBuilder builder = SslContextBuilder
            .forServer(decoded.key(), decoded.chain().toArray(new java.security.cert.X509Certificate[0]))
            .sslProvider(provider)
            .protocols(provider == SslProvider.OPENSSL ? OPENSSL_PROTOCOLS : PROTOCOLS);
        if (config.mutual())
        {
            builder.trustManager(decoded.clientCas().toArray(new java.security.cert.X509Certificate[0]))
                .clientAuth(ClientAuth.REQUIRE);
        }
        try
        {
            context = builder.build();
        }
        catch (final SSLException e)
        {
            throw new IllegalArgumentException(config.keyPrefix() + "tls.cert-file " + config.certFile() +
                " and its key do not make a TLS context: " + e.getMessage(), e);
        }
        material = decoded;
        loadedBytes = bytes;
    }
}
