package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLSocket;

import io.kairos.access.ConnectionOrigins;
import io.kairos.access.TlsListenerConfig;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.TestCertificates;
import io.kairos.testsupport.TlsClients;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order-entry TLS front end relaying to a real loopback TCP service in Artio's place: an echo that answers the
 * end of its input with "bye" and closes, so that half-close and close are visible to the client.
 */
class TlsFrontEndTest
{
    @TempDir
    static Path certificates;
    private static TestCertificates ca;
    private static TestCertificates.Leaf server;

    private final ConnectionOrigins origins = new ConnectionOrigins();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<String> originsSeenByTarget = new CopyOnWriteArrayList<>();
    /** What each connection to the target read before the end of its input. */
    private final List<String> endedInputs = new CopyOnWriteArrayList<>();
    private ServerSocket target;
    private TlsFrontEnd frontEnd;

    @BeforeAll
    static void makeCertificates()
    {
        ca = TestCertificates.authority(certificates, "Venue CA");
        server = ca.issue("kairos-fix");
    }

    @BeforeEach
    void start() throws IOException
    {
        target = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final Thread acceptor = new Thread(this::serveEcho, "echo-target");
        acceptor.setDaemon(true);
        acceptor.start();
        frontEnd = TlsFrontEnd.launch(new TlsListenerConfig("fix.", 0, server.certPem(), server.keyPem(), null),
            "127.0.0.1", target.getLocalPort(), origins, registry);
    }

    @AfterEach
    void stop() throws IOException
    {
        frontEnd.close();
        target.close();
    }

    @Test
    void shouldRelayBothWaysAndRecordTheRelayAsTheClientsUntilItCloses() throws IOException
    {
        try (SSLSocket client = TlsClients.connect(frontEnd.port(), ca.trustStore(), null))
        {
            client.getOutputStream().write("8=FIX.4.4".getBytes(StandardCharsets.US_ASCII));
            assertArrayEquals("8=FIX.4.4".getBytes(StandardCharsets.US_ASCII), client.getInputStream().readNBytes(9));
            assertEquals(1, origins.relayCount());
            assertEquals(List.of("true"), originsSeenByTarget);
        }
        Await.until("the relay is forgotten", () -> origins.relayCount() == 0 && frontEnd.connections() == 0);
        assertEquals(1.0, registry.get("kairos_fix_tls_handshakes_total").functionCounter().count());
    }

    @Test
    void shouldCarryMegabytesBothWaysIntactThroughTheBackPressure() throws Exception
    {
        final byte[] payload = new byte[8 * 1024 * 1024];
        new Random(33).nextBytes(payload);
        try (SSLSocket client = TlsClients.connect(frontEnd.port(), ca.trustStore(), null))
        {
            final Thread writer = new Thread(() ->
            {
                try
                {
                    client.getOutputStream().write(payload);
                    client.getOutputStream().flush();
                }
                catch (final IOException e)
                {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            assertArrayEquals(payload, client.getInputStream().readNBytes(payload.length));
            writer.join();
        }
    }

    /**
     * TLS ends with close_notify, after which the engine answers with its own and sends no more (TLS 1.2's rule,
     * which OpenSSL keeps in 1.3): what the client sent before reaches Artio, followed by the end of the stream, and
     * Artio's close then ends the client's connection.
     */
    @Test
    void shouldDeliverTheClientsLastBytesAndItsCloseToArtioAndArtiosCloseBack() throws IOException
    {
        try (SSLSocket client = TlsClients.connect(frontEnd.port(), ca.trustStore(), null))
        {
            client.getOutputStream().write("5=LOGOUT".getBytes(StandardCharsets.US_ASCII));
            client.shutdownOutput();
            Await.until("Artio's side read the bytes, then the end", () -> endedInputs.contains("5=LOGOUT"));
            assertEndOfStream(client.getInputStream());
        }
        Await.until("the relay is forgotten", () -> origins.relayCount() == 0 && frontEnd.connections() == 0);
    }

    @Test
    void shouldCloseTheClientWhenArtioCloses() throws IOException
    {
        try (SSLSocket client = TlsClients.connect(frontEnd.port(), ca.trustStore(), null))
        {
            client.getOutputStream().write("QUIT".getBytes(StandardCharsets.US_ASCII));
            assertEquals("QUITbye", new String(readAll(client.getInputStream()), StandardCharsets.US_ASCII));
        }
        Await.until("the relay is forgotten", () -> origins.relayCount() == 0 && frontEnd.connections() == 0);
    }

    /** The stream ends (EOF, or the TLS engine's report of the peer's close), rather than timing out. */
    private static void assertEndOfStream(final InputStream in) throws IOException
    {
        try
        {
            readAll(in);
        }
        catch (final javax.net.ssl.SSLException closedByPeer)
        {
            assertTrue(!(closedByPeer.getCause() instanceof java.net.SocketTimeoutException), closedByPeer::toString);
        }
    }

    @Test
    void shouldRefuseAPlainTcpLogonWithoutEverConnectingToArtio() throws IOException
    {
        try (Socket plain = new Socket())
        {
            plain.connect(new InetSocketAddress("127.0.0.1", frontEnd.port()));
            plain.setSoTimeout(10_000);
            plain.getOutputStream().write(
                "8=FIX.4.4\u00019=5\u000135=A\u000110=000\u0001".getBytes(StandardCharsets.US_ASCII));
            assertEquals(0, readAll(plain.getInputStream()).length);
        }
        Await.until("the refusal is counted",
            () -> registry.get("kairos_fix_tls_refused_total").functionCounter().count() == 1.0);
        assertEquals(0, accepted.get());
        assertEquals(0L, frontEnd.door().handshakes());
    }

    private static byte[] readAll(final InputStream in) throws IOException
    {
        final ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toByteArray();
    }

    private void serveEcho()
    {
        while (!target.isClosed())
        {
            try
            {
                final Socket connection = target.accept();
                accepted.incrementAndGet();
                originsSeenByTarget.add(String.valueOf(origins.isRelay(String.valueOf(
                    connection.getRemoteSocketAddress()))));
                final Thread echo = new Thread(() -> echo(connection, endedInputs), "echo");
                echo.setDaemon(true);
                echo.start();
            }
            catch (final IOException closed)
            {
                return;
            }
        }
    }

    /** Echoes until the end of the input or a "QUIT", then says "bye" and closes. */
    private static void echo(final Socket connection, final List<String> endedInputs)
    {
        try (connection; InputStream in = connection.getInputStream(); OutputStream out = connection.getOutputStream())
        {
            final ByteArrayOutputStream input = new ByteArrayOutputStream();
            final byte[] buffer = new byte[64 * 1024];
            int read;
            while ((read = in.read(buffer)) > 0)
            {
                input.write(buffer, 0, read);
                out.write(buffer, 0, read);
                if (input.toString(StandardCharsets.US_ASCII).endsWith("QUIT"))
                {
                    break;
                }
            }
            if (read < 0)
            {
                endedInputs.add(input.toString(StandardCharsets.US_ASCII));
            }
            out.write("bye".getBytes(StandardCharsets.US_ASCII));
        }
        catch (final IOException e)
        {
            // the client went: nothing to echo
        }
    }
}
