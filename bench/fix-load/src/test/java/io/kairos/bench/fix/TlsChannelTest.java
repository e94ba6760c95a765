package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Random;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import io.kairos.testsupport.TestCertificates;
import io.kairos.testsupport.TlsClients;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lean client's TLS around a non-blocking channel, against a JDK TLS echo server on loopback. */
class TlsChannelTest
{
    @TempDir
    static Path dir;
    private static TestCertificates ca;
    private static TestCertificates.Leaf venue;

    @BeforeAll
    static void makeCertificates()
    {
        ca = TestCertificates.authority(dir.resolve("ca"), "Bench CA");
        venue = ca.issue("venue");
    }

    @Test
    void shouldCarryBytesBothWaysOverANonBlockingChannel() throws Exception
    {
        final byte[] payload = new byte[256 * 1024];
        new Random(7).nextBytes(payload);
        try (SSLServerSocket server = echoServer())
        {
            final SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", server.getLocalPort()));
            final TlsChannel tls = TlsChannel.handshake(channel, TlsChannel.clientContext(ca.trustStore(),
                TestCertificates.PASSWORD), "127.0.0.1", server.getLocalPort());
            channel.configureBlocking(false);
            final Thread writer = Thread.ofPlatform().start(() ->
            {
                try
                {
                    assertEquals(payload.length, tls.write(ByteBuffer.wrap(payload)));
                }
                catch (final IOException e)
                {
                    throw new IllegalStateException(e);
                }
            });
            final ByteBuffer received = ByteBuffer.allocate(payload.length);
            while (received.hasRemaining())
            {
                if (tls.read(received) < 0)
                {
                    throw new IOException("closed early");
                }
            }
            writer.join();
            assertArrayEquals(payload, received.array());
            tls.close();
        }
    }

    @Test
    void shouldRefuseAVenueItsTrustStoreDoesNotVouchFor() throws Exception
    {
        final TestCertificates other = TestCertificates.authority(dir.resolve("other"), "Other CA");
        try (SSLServerSocket server = echoServer())
        {
            final SSLContext strangers = TlsChannel.clientContext(other.trustStore(), TestCertificates.PASSWORD);
            try (SocketChannel channel =
                SocketChannel.open(new InetSocketAddress("127.0.0.1", server.getLocalPort())))
            {
                assertThrows(IOException.class,
                    () -> TlsChannel.handshake(channel, strangers, "127.0.0.1", server.getLocalPort()));
            }
        }
    }

    /** Echoes every connection's bytes until it ends, one thread per connection. */
    private static SSLServerSocket echoServer() throws IOException
    {
        final SSLContext context = TlsClients.context(ca.trustStore(), venue.keyStore());
        final SSLServerSocket server = (SSLServerSocket)context.getServerSocketFactory().createServerSocket(0);
        Thread.ofPlatform().daemon().start(() ->
        {
            while (!server.isClosed())
            {
                try
                {
                    final SSLSocket socket = (SSLSocket)server.accept();
                    Thread.ofPlatform().daemon().start(() -> echo(socket));
                }
                catch (final IOException closed)
                {
                    return;
                }
            }
        });
        return server;
    }

    private static void echo(final SSLSocket socket)
    {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream())
        {
            in.transferTo(out);
        }
        catch (final IOException ended)
        {
            // the client went
        }
    }
}
