package io.kairos.md;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A subscriber that logs on and subscribes with {@link RawFixClient}, then drains its socket on a
 * background thread, counting the bytes it receives. Test-only.
 */
final class SinkClient implements AutoCloseable
{
    private final RawFixClient client;
    private final Thread reader;
    final AtomicLong bytes = new AtomicLong();
    private volatile boolean running = true;

    SinkClient(final int port, final String compId, final String symbol, final int depth, final String aggregated)
        throws IOException
    {
        this(port, compId, List.of(symbol), depth, aggregated);
    }

    /** Subscribes to the same view of each of {@code symbols}, one MDReqID each. */
    SinkClient(final int port, final String compId, final List<String> symbols, final int depth,
        final String aggregated) throws IOException
    {
        client = new RawFixClient(port, compId);
        client.logon();
        for (final String symbol : symbols)
        {
            client.subscribe("SINK-" + symbol, symbol, depth, aggregated);
            if (client.readUntil("W", 5_000) == null)
            {
                throw new IOException("no snapshot of " + symbol + " for " + compId);
            }
        }
        final Socket socket = client.socket();
        reader = new Thread(() -> drain(socket), "sink-" + compId);
        reader.setDaemon(true);
        reader.start();
    }

    private void drain(final Socket socket)
    {
        final byte[] buffer = new byte[256 * 1024];
        try
        {
            socket.setSoTimeout(0);
            final InputStream in = socket.getInputStream();
            int n;
            while (running && (n = in.read(buffer)) > 0)
            {
                bytes.addAndGet(n);
            }
        }
        catch (final IOException e)
        {
            running = false;
        }
    }

    @Override
    public void close() throws IOException
    {
        running = false;
        client.close();
    }
}
