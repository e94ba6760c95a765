package io.kairos.bench.fix;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;

/**
 * A raw TCP FIX echo server: the floor a FIX venue's round trip is compared with. One acceptor thread, and one
 * blocking thread per connection that reads frames by BodyLength/CheckSum into a preallocated buffer and writes the
 * {@link EchoResponder}'s answer at once (TCP_NODELAY), allocating nothing per message. No session checks, no
 * persistence, no matching: what remains is the kernel's loopback, the JVM's socket path and FIX framing.
 */
public final class FixEchoServer implements AutoCloseable
{
    private static final int BUFFER_BYTES = 1 << 16;
    private static final int MAX_FIELDS = 128;

    private final ServerSocket serverSocket;
    private final PrintStream log;
    private final List<Socket> connections = new CopyOnWriteArrayList<>();
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong badFrames = new AtomicLong();
    private final long epochOffsetNs;
    private final Thread acceptor;
    private volatile boolean running = true;

    public FixEchoServer(final String bindAddress, final int port, final PrintStream log) throws IOException
    {
        this.log = log;
        serverSocket = new ServerSocket();
        serverSocket.setReuseAddress(true);
        serverSocket.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), 256);
        epochOffsetNs = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
        acceptor = Thread.ofPlatform().name("fix-echo-acceptor").daemon(true).start(this::acceptLoop);
    }

    public int port()
    {
        return serverSocket.getLocalPort();
    }

    public long messages()
    {
        return messages.get();
    }

    public long badFrames()
    {
        return badFrames.get();
    }

    private void acceptLoop()
    {
        int connectionNumber = 0;
        while (running)
        {
            try
            {
                final Socket socket = serverSocket.accept();
                socket.setTcpNoDelay(true);
                connections.add(socket);
                Thread.ofPlatform().name("fix-echo-" + ++connectionNumber).daemon(true).start(() -> serve(socket));
            }
            catch (final IOException ex)
            {
                if (running)
                {
                    log.println("fix-echo: accept failed: " + ex);
                }
            }
        }
    }

    private void serve(final Socket socket)
    {
        final byte[] buffer = new byte[BUFFER_BYTES];
        final UnsafeBuffer view = new UnsafeBuffer(buffer);
        final FixFieldIndex fields = new FixFieldIndex(MAX_FIELDS);
        final EchoResponder responder = new EchoResponder(epochOffsetNs);
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream())
        {
            int limit = 0;
            while (running)
            {
                final int read = in.read(buffer, limit, buffer.length - limit);
                if (read < 0)
                {
                    return;
                }
                final long receivedNs = System.nanoTime();
                limit += read;
                int offset = 0;
                while (true)
                {
                    final int length = FixFramer.frameLength(view, offset, limit);
                    if (length == FixFramer.NEED_MORE)
                    {
                        break;
                    }
                    if (length < 0)
                    {
                        badFrames.incrementAndGet();
                        log.println("fix-echo: " + (length == FixFramer.BAD_CHECKSUM ? "bad CheckSum" :
                            "not a FIX frame") + " from " + socket.getRemoteSocketAddress() + "; closing it");
                        return;
                    }
                    messages.incrementAndGet();
                    if (fields.index(view, offset, length) == FixFieldIndex.OK)
                    {
                        final int action = responder.onMessage(fields, receivedNs);
                        if (action != EchoResponder.NONE)
                        {
                            final FixWriter answer = responder.frame();
                            out.write(answer.bytes(), answer.frameStart(), answer.position() - answer.frameStart());
                        }
                        if (action == EchoResponder.RESPOND_AND_CLOSE)
                        {
                            return;
                        }
                    }
                    offset += length;
                }
                if (offset > 0)
                {
                    System.arraycopy(buffer, offset, buffer, 0, limit - offset);
                    limit -= offset;
                }
                if (limit == buffer.length)
                {
                    log.println("fix-echo: a frame longer than " + buffer.length + " bytes; closing the connection");
                    return;
                }
            }
        }
        catch (final IOException ex)
        {
            if (running)
            {
                log.println("fix-echo: connection " + socket.getRemoteSocketAddress() + " ended: " + ex.getMessage());
            }
        }
        finally
        {
            connections.remove(socket);
        }
    }

    public void close() throws IOException
    {
        running = false;
        serverSocket.close();
        for (final Socket socket : connections)
        {
            socket.close();
        }
        try
        {
            acceptor.join(2000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
