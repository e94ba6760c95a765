package io.kairos.md.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.Side;
import io.kairos.md.MarketDataGateway;
import io.kairos.md.MarketDataGatewayConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * JMH-free harness: fan-out of one book update to N subscribers over loopback. For each sample it
 * hands one event to the gateway as an engine thread would, waits until every subscriber's
 * message was written, and records the gateway's own figure — engine hand-off to the end of the
 * flush of the last subscriber's write — and the time until the last subscriber's socket received
 * its copy. Waiting threads yield rather than spin, to suit small shared machines. Prints median,
 * p90 and p99 in nanoseconds. Run:
 * {@code java -cp <test classpath> io.kairos.md.bench.FanOutBenchmark [subscribers...]}.
 * Single-threaded driver plus one reader thread per subscriber.
 */
public final class FanOutBenchmark
{
    private static final int WARM_UP = 5_000;
    private static final int SAMPLES = 10_000;
    private static final ReferenceData REFERENCE_DATA = new ReferenceData(
        List.of(new Instrument("AAPL", 1, 0, 10_000, 1, 100_000_000, 20)), 1);

    private FanOutBenchmark()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int[] counts = args.length == 0 ? new int[] {1, 10} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println("subscribers  handoff->last-write p50/p90/p99 ns   handoff->last-receive p50/p90/p99 ns");
        for (final int subscribers : counts)
        {
            run(subscribers);
        }
    }

    private static void run(final int subscribers) throws Exception
    {
        final MarketDataGatewayConfig config = MarketDataGatewayConfig.defaults().withPort(0);
        try (MarketDataGateway gateway = MarketDataGateway.launch(config, REFERENCE_DATA, new SimpleMeterRegistry()))
        {
            final List<Subscriber> clients = new ArrayList<>();
            for (int i = 1; i <= subscribers; i++)
            {
                clients.add(new Subscriber(gateway.port(), String.format("MD%02d", i)));
            }
            final BookEvent event = new BookEvent();
            final long[] writeNs = new long[SAMPLES];
            final long[] receiveNs = new long[SAMPLES];
            for (int i = 0; i < WARM_UP + SAMPLES; i++)
            {
                final long before = gateway.messagesOut();
                fill(event, i);
                final long start = System.nanoTime();
                gateway.onBookEvent(event);
                while (gateway.messagesOut() - before < subscribers)
                {
                    Thread.yield();
                }
                long lastReceive = 0;
                for (final Subscriber client : clients)
                {
                    lastReceive = Math.max(lastReceive, client.awaitMessages(i + 1));
                }
                if (i >= WARM_UP)
                {
                    writeNs[i - WARM_UP] = gateway.lastFanOutNs();
                    receiveNs[i - WARM_UP] = lastReceive - start;
                }
            }
            Arrays.sort(writeNs);
            Arrays.sort(receiveNs);
            System.out.printf("%11d  %8d / %8d / %8d            %8d / %8d / %8d%n", subscribers,
                writeNs[SAMPLES / 2], writeNs[SAMPLES * 9 / 10], writeNs[SAMPLES * 99 / 100],
                receiveNs[SAMPLES / 2], receiveNs[SAMPLES * 9 / 10], receiveNs[SAMPLES * 99 / 100]);
            for (final Subscriber client : clients)
            {
                client.close();
            }
        }
    }

    /** Alternating add and delete of one order: every event changes the book and yields one X per subscriber. */
    private static void fill(final BookEvent event, final int i)
    {
        event.type = i % 2 == 0 ? BookEvent.Type.ADD : BookEvent.Type.DELETE;
        event.instrumentId = 1;
        event.sequence = i + 1;
        event.orderId = 1_000_000 + i / 2;
        event.side = Side.BUY;
        event.price = 99_990_000;
        event.quantity = 100;
        event.engineInNs = System.currentTimeMillis() * 1_000_000L;
        event.engineOutNs = event.engineInNs + 1_000;
    }

    /** A raw-socket subscriber that counts X messages (one CheckSum field each) on its own thread. */
    private static final class Subscriber
    {
        private final Socket socket = new Socket();
        private final AtomicLong messages = new AtomicLong();
        private volatile long lastReceiveNanoTime;

        Subscriber(final int port, final String compId) throws IOException
        {
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            socket.setTcpNoDelay(true);
            final OutputStream out = socket.getOutputStream();
            out.write(frame("35=A\u000149=" + compId + "\u000156=KAIROS-MD\u000134=1\u000152=20260101-00:00:00\u0001" +
                "98=0\u0001108=30\u0001554=" + compId.toLowerCase() + "pass\u0001"));
            out.write(frame("35=V\u000149=" + compId + "\u000156=KAIROS-MD\u000134=2\u000152=20260101-00:00:00\u0001" +
                "262=B\u0001263=1\u0001264=0\u0001266=N\u0001267=1\u0001269=0\u0001146=1\u000155=AAPL\u0001"));
            out.flush();
            awaitSnapshot(socket.getInputStream());
            final Thread reader = new Thread(this::read, "subscriber-" + compId);
            reader.setDaemon(true);
            reader.start();
        }

        /** Blocks until the subscription's snapshot (35=W) arrived, so no update is published before it. */
        private static void awaitSnapshot(final InputStream in) throws IOException
        {
            final StringBuilder seen = new StringBuilder();
            final byte[] buffer = new byte[4096];
            while (seen.indexOf("\u000135=W\u0001") < 0 || !seen.toString().endsWith("\u0001"))
            {
                final int n = in.read(buffer);
                if (n < 0)
                {
                    throw new IOException("closed before the snapshot: " + seen);
                }
                seen.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
            }
        }

        /** Spins until this many X messages arrived; @return the nanoTime of the last arrival. */
        long awaitMessages(final long count)
        {
            while (messages.get() < count)
            {
                Thread.yield();
            }
            return lastReceiveNanoTime;
        }

        private void read()
        {
            final byte[] buffer = new byte[1 << 16];
            final byte[] marker = "\u000135=X\u0001".getBytes(StandardCharsets.US_ASCII);
            int matched = 0;
            try
            {
                final InputStream in = socket.getInputStream();
                int n;
                while ((n = in.read(buffer)) > 0)
                {
                    final long now = System.nanoTime();
                    long found = 0;
                    for (int i = 0; i < n; i++)
                    {
                        matched = buffer[i] == marker[matched] ? matched + 1 : buffer[i] == marker[0] ? 1 : 0;
                        if (matched == marker.length)
                        {
                            found++;
                            matched = 0;
                        }
                    }
                    if (found > 0)
                    {
                        lastReceiveNanoTime = now;
                        messages.addAndGet(found);
                    }
                }
            }
            catch (final IOException e)
            {
                messages.set(Long.MAX_VALUE);
            }
        }

        void close() throws IOException
        {
            socket.close();
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
}
