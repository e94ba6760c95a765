package io.kairos.bench.md;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A market-data subscriber on a plain socket: logs on, subscribes to one symbol's L3 view, waits
 * for the snapshot (35=W), then counts incrementals (35=X) on its own daemon reader thread.
 * Built by the benchmark thread; the counter is read across threads. Allocates (benchmark set-up only).
 */
final class RawSubscriber implements AutoCloseable
{
    private static final byte[] INCREMENTAL = "\u000135=X\u0001".getBytes(StandardCharsets.US_ASCII);

    private final Socket socket = new Socket();
    private final AtomicLong incrementals = new AtomicLong();

    RawSubscriber(final int port, final String compId, final String symbol) throws IOException
    {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(10_000);
        final OutputStream out = socket.getOutputStream();
        out.write(frame("35=A\u000149=" + compId + "\u000156=KAIROS-MD\u000134=1\u000152=20260101-00:00:00\u0001" +
            "98=0\u0001108=30\u0001554=" + compId.toLowerCase() + "pass\u0001"));
        out.write(frame("35=V\u000149=" + compId + "\u000156=KAIROS-MD\u000134=2\u000152=20260101-00:00:00\u0001" +
            "262=B\u0001263=1\u0001264=0\u0001266=N\u0001267=1\u0001269=0\u0001146=1\u000155=" + symbol + "\u0001"));
        out.flush();
        awaitSnapshot(socket.getInputStream());
        socket.setSoTimeout(0);
        final Thread reader = new Thread(this::read, "subscriber-" + compId);
        reader.setDaemon(true);
        reader.start();
    }

    /** Yields until this many incrementals arrived (at most 10 s, or the connection failed). @return the count. */
    long awaitIncrementals(final long count)
    {
        long seen;
        long spins = 0;
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while ((seen = incrementals.get()) < count)
        {
            Thread.yield();
            if ((++spins & 0xFFF) == 0 && System.nanoTime() > deadline)
            {
                throw new IllegalStateException("subscriber received " + seen + " of " + count
                    + " incrementals in 10 s");
            }
        }
        if (seen == Long.MAX_VALUE)
        {
            throw new IllegalStateException("subscriber connection lost");
        }
        return seen;
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }

    private static void awaitSnapshot(final InputStream in) throws IOException
    {
        final StringBuilder seen = new StringBuilder();
        final byte[] buffer = new byte[4096];
        while (seen.indexOf("\u000135=W\u0001") < 0 || seen.charAt(seen.length() - 1) != '\u0001')
        {
            final int n = in.read(buffer);
            if (n < 0)
            {
                throw new IOException("closed before the snapshot: " + seen);
            }
            seen.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
        }
    }

    private void read()
    {
        final byte[] buffer = new byte[1 << 16];
        int matched = 0;
        try
        {
            final InputStream in = socket.getInputStream();
            int n;
            while ((n = in.read(buffer)) > 0)
            {
                long found = 0;
                for (int i = 0; i < n; i++)
                {
                    matched = buffer[i] == INCREMENTAL[matched] ? matched + 1 : buffer[i] == INCREMENTAL[0] ? 1 : 0;
                    if (matched == INCREMENTAL.length)
                    {
                        found++;
                        matched = 0;
                    }
                }
                if (found > 0)
                {
                    incrementals.addAndGet(found);
                }
            }
        }
        catch (final IOException e)
        {
            incrementals.set(Long.MAX_VALUE);
        }
    }

    private static byte[] frame(final String body)
    {
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        return (head + String.format("10=%03d\u0001", sum & 0xFF)).getBytes(StandardCharsets.US_ASCII);
    }
}
