package io.kairos.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * JDK TLS clients of a loopback TLS listener, for tests: a socket with the handshake done, and the certificate a
 * listener serves. Trust and key stores are PKCS12 with {@link TestCertificates#PASSWORD}. Stateless.
 */
public final class TlsClients
{
    private static final int TIMEOUT_MS = 10_000;

    private TlsClients()
    {
    }

    /**
     * Connects to 127.0.0.1:{@code port} and completes a TLS handshake, trusting {@code trustStore}'s CAs and
     * presenting {@code keyStore}'s certificate (null: none). @throws IOException when the handshake fails
     */
    public static SSLSocket connect(final int port, final Path trustStore, final Path keyStore) throws IOException
    {
        final SSLSocket socket = (SSLSocket)context(trustStore, keyStore).getSocketFactory().createSocket();
        try
        {
            socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MS);
            socket.setSoTimeout(TIMEOUT_MS);
            socket.startHandshake();
            return socket;
        }
        catch (final IOException e)
        {
            socket.close();
            throw e;
        }
    }

    /** The certificate the listener on 127.0.0.1:{@code port} serves to a new connection (no client certificate). */
    public static X509Certificate servedCertificate(final int port, final Path trustStore)
    {
        return servedCertificate(port, trustStore, null);
    }

    /** As {@link #servedCertificate(int, Path)}, presenting {@code keyStore}'s certificate. */
    public static X509Certificate servedCertificate(final int port, final Path trustStore, final Path keyStore)
    {
        try (SSLSocket socket = connect(port, trustStore, keyStore))
        {
            return (X509Certificate)socket.getSession().getPeerCertificates()[0];
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** An {@link SSLContext} trusting {@code trustStore} and presenting {@code keyStore} (null: nothing). */
    public static SSLContext context(final Path trustStore, final Path keyStore)
    {
        try
        {
            final TrustManagerFactory trust =
                TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(load(trustStore));
            KeyManagerFactory keys = null;
            if (keyStore != null)
            {
                keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(load(keyStore), TestCertificates.PASSWORD.toCharArray());
            }
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        catch (final GeneralSecurityException e)
        {
            throw new IllegalStateException(e);
        }
    }

    private static KeyStore load(final Path file) throws IOException, GeneralSecurityException
    {
        final KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file))
        {
            store.load(in, TestCertificates.PASSWORD.toCharArray());
        }
        return store;
    }
}
