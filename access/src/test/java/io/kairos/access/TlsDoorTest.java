package io.kairos.access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.net.ssl.SSLSocket;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.TestCertificates;
import io.kairos.testsupport.TlsClients;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A TLS door on a real loopback listener (an echo service behind it) and JDK TLS clients. */
class TlsDoorTest
{
    @TempDir
    static Path certificates;
    private static TestCertificates venueCa;
    private static TestCertificates otherCa;
    private static TestCertificates.Leaf first;
    private static TestCertificates.Leaf second;
    private static TestCertificates.Leaf client;
    private static TestCertificates.Leaf stranger;

    @TempDir
    Path served;
    private EventLoopGroup group;
    private Channel server;
    private TlsDoor door;

    @BeforeAll
    static void makeCertificates()
    {
        venueCa = TestCertificates.authority(certificates.resolve("venue"), "Venue CA");
        otherCa = TestCertificates.authority(certificates.resolve("other"), "Other CA");
        first = venueCa.issue("venue-1");
        second = venueCa.issue("venue-2");
        client = venueCa.issue("member-1");
        stranger = otherCa.issue("member-1");
    }

    @AfterEach
    void stop() throws InterruptedException
    {
        if (server != null)
        {
            server.close().sync();
        }
        if (group != null)
        {
            group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
        }
        if (door != null)
        {
            door.close();
        }
    }

    @Test
    void shouldServeTheCertificateOnDiskAndARotatedOneToTheNextConnection() throws Exception
    {
        final int port = start(false);
        assertEquals(first.serial(), TlsClients.servedCertificate(port, venueCa.trustStore()).getSerialNumber());

        second.installAs(served.resolve("tls.crt"), served.resolve("tls.key"));

        assertEquals(second.serial(), TlsClients.servedCertificate(port, venueCa.trustStore()).getSerialNumber());
        assertEquals(1, door.contexts().reloads());
        assertEquals(2, door.handshakes());
    }

    @Test
    void shouldRelayBytesOnlyAfterTheHandshake() throws Exception
    {
        final int port = start(false);
        try (SSLSocket socket = TlsClients.connect(port, venueCa.trustStore(), null))
        {
            socket.getOutputStream().write("8=FIX.4.4".getBytes(StandardCharsets.US_ASCII));
            assertArrayEquals("8=FIX.4.4".getBytes(StandardCharsets.US_ASCII),
                socket.getInputStream().readNBytes(9));
        }
    }

    @Test
    void shouldKeepServingTheOldCertificateWhenTheChangedFilesDoNotDecode() throws Exception
    {
        final int port = start(false);
        Files.writeString(served.resolve("tls.key"), "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n");

        assertEquals(first.serial(), TlsClients.servedCertificate(port, venueCa.trustStore()).getSerialNumber());
        assertEquals(1, door.contexts().reloadFailures());

        second.installAs(served.resolve("tls.crt"), served.resolve("tls.key"));
        assertEquals(second.serial(), TlsClients.servedCertificate(port, venueCa.trustStore()).getSerialNumber());
    }

    @Test
    void shouldRefuseACertificateWhoseKeyIsAnotherOnes()
    {
        final TlsListenerConfig mismatched = new TlsListenerConfig("md.", 0, first.certPem(), second.keyPem(), null);

        final IllegalArgumentException refusal =
            assertThrows(IllegalArgumentException.class, () -> new TlsContextSource("test", mismatched));
        assertTrue(refusal.getMessage().startsWith("md.tls.key-file "), refusal.getMessage());
        assertTrue(refusal.getMessage().contains("is not the private key"), refusal.getMessage());
    }

    @Test
    void shouldRefuseAPlainTcpHelloAndCountItOnce() throws Exception
    {
        final int port = start(false);
        try (Socket plain = new Socket())
        {
            plain.connect(new InetSocketAddress("127.0.0.1", port));
            plain.setSoTimeout(10_000);
            plain.getOutputStream().write(
                "8=FIX.4.4\u00019=5\u000135=A\u000110=000\u0001".getBytes(StandardCharsets.US_ASCII));
            assertEquals(-1, readUntilClosed(plain.getInputStream()));
        }
        Await.until("the refusal is counted", () -> door.refusals() == 1);
        assertEquals(0, door.handshakes());
        assertEquals(first.serial(), TlsClients.servedCertificate(port, venueCa.trustStore()).getSerialNumber());
    }

    @Test
    void shouldAcceptAClientCertificateOfTheConfiguredCaAndRefuseOthersWhenMutual() throws Exception
    {
        final int port = start(true);
        assertEquals(first.serial(),
            TlsClients.servedCertificate(port, venueCa.trustStore(), client.keyStore()).getSerialNumber());

        assertThrows(IOException.class, () -> handshakeAndRead(port, stranger.keyStore()));
        assertThrows(IOException.class, () -> handshakeAndRead(port, null));

        Await.until("both refusals are counted", () -> door.refusals() == 2);
        assertEquals(1, door.handshakes());
    }

    /** TLS 1.3 reports a refused client certificate after the client's handshake: a read shows it. */
    private void handshakeAndRead(final int port, final Path keyStore) throws IOException
    {
        try (SSLSocket socket = TlsClients.connect(port, venueCa.trustStore(), keyStore))
        {
            socket.getOutputStream().write('x');
            if (socket.getInputStream().read() < 0)
            {
                throw new IOException("closed");
            }
        }
    }

    private static int readUntilClosed(final InputStream in) throws IOException
    {
        int read;
        do
        {
            read = in.read();
        }
        while (read >= 0);
        return read;
    }

    private int start(final boolean mutual) throws InterruptedException
    {
        first.installAs(served.resolve("tls.crt"), served.resolve("tls.key"));
        door = new TlsDoor("test", new TlsListenerConfig("md.", 0, served.resolve("tls.crt"),
            served.resolve("tls.key"), mutual ? venueCa.caPem() : null));
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
            .childHandler(new ChannelInitializer<SocketChannel>()
            {
                @Override
                protected void initChannel(final SocketChannel channel)
                {
                    door.install(channel.pipeline());
                    channel.pipeline().addLast(new ChannelInboundHandlerAdapter()
                    {
                        @Override
                        public void channelRead(final ChannelHandlerContext ctx, final Object msg)
                        {
                            ctx.writeAndFlush(msg);
                        }
                    });
                }
            })
            .bind("127.0.0.1", 0).sync().channel();
        return ((InetSocketAddress)server.localAddress()).getPort();
    }
}
