package io.kairos.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Plain sockets to a door on 127.0.0.1 from a chosen local address (on Linux any of 127/8 is local, so 127.0.0.2 is
 * another client address), and what a door answers on them before any session exists. Stateless; for tests.
 */
public final class LoopbackSockets
{
    private static final int CONNECT_TIMEOUT_MS = 10_000;

    private LoopbackSockets()
    {
    }

    /** A connection to {@code port} on 127.0.0.1 from {@code fromAddress}. */
    public static Socket connect(final int port, final String fromAddress) throws IOException
    {
        final Socket socket = new Socket();
        socket.bind(new InetSocketAddress(fromAddress, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), CONNECT_TIMEOUT_MS);
        return socket;
    }

    /** Everything the peer sends until it closes, waiting at most {@code timeoutMs} for each read. */
    public static String readUntilClosed(final Socket socket, final int timeoutMs) throws IOException
    {
        socket.setSoTimeout(timeoutMs);
        return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    }

    /**
     * What arrives within the socket's read timeout, up to a close; empty when nothing does (a connection the door
     * admitted waits for its Logon and sends nothing).
     */
    public static String readOrNothing(final Socket socket) throws IOException
    {
        final InputStream in = socket.getInputStream();
        final StringBuilder read = new StringBuilder();
        try
        {
            int b;
            while ((b = in.read()) >= 0)
            {
                read.append((char)b);
            }
        }
        catch (final SocketTimeoutException timeout)
        {
            // nothing more within the timeout
        }
        return read.toString();
    }
}
