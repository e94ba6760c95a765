package io.kairos.bench.fix;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What one small TCP message costs in CPU on this machine's loopback, for the sender and for the receiver: the
 * unit behind every fan-out figure of the venue (each market-data flush is one send per subscriber, each report a
 * send to its session). A sender writes {@link Config#messages} messages round-robin to {@link Config#connections}
 * connections (blocking, TCP_NODELAY, one {@code write} per message, optionally paced); one receiver thread reads
 * them all through a selector, as the lean client's receiver does. CPU is each thread's own ({@link ThreadMXBean});
 * a paced run subtracts the CPU of the same pacing loop without the writes, measured first.
 *
 * <p>Threads: {@link #measure} runs the sender on the calling thread and starts one receiver thread, joined
 * (bounded) before it returns. Not a hot path: it allocates freely outside the timed loops.
 */
final class LoopbackCost
{
    /** The receiver gives up (and the measurement fails) when the bytes have not all arrived by then. */
    static final long RECEIVE_DEADLINE_SECONDS = 120;

    /**
     * @param connections  TCP connections the messages are spread over (the subscribers of a fan-out).
     * @param messageBytes bytes per message (a market-data incremental is ~150–400).
     * @param messages     messages in all.
     * @param paceNs       the sender's pause between two messages; 0 sends back to back.
     */
    record Config(int connections, int messageBytes, long messages, long paceNs)
    {
        Config
        {
            if (connections < 1 || connections > 1_000)
            {
                throw new IllegalArgumentException("connections must be in [1, 1000], was " + connections);
            }
            if (messageBytes < 1 || messageBytes > 65_536)
            {
                throw new IllegalArgumentException("message bytes must be in [1, 65536], was " + messageBytes);
            }
            if (messages < 1)
            {
                throw new IllegalArgumentException("messages must be at least 1, was " + messages);
            }
            if (paceNs < 0)
            {
                throw new IllegalArgumentException("pace must not be negative, was " + paceNs + " ns");
            }
        }

        long bytes()
        {
            return messages * messageBytes;
        }
    }

    /**
     * @param sendCpuNs    the sender thread's CPU over the writes (pacing subtracted).
     * @param receiveCpuNs the receiver thread's CPU from before the first byte to the last.
     * @param reads        {@code read} calls that returned bytes.
     */
    record Result(Config config, long bytesReceived, long reads, long sendCpuNs, long receiveCpuNs,
        long wallNs)
    {
        double sendCpuMicrosPerMessage()
        {
            return sendCpuNs / 1_000.0 / config.messages();
        }

        double receiveCpuMicrosPerMessage()
        {
            return receiveCpuNs / 1_000.0 / config.messages();
        }

        double readsPerMessage()
        {
            return (double)reads / config.messages();
        }

        /** Cores that {@code messagesPerSecond} such messages take, sender and receiver together. */
        double coresAt(final double messagesPerSecond)
        {
            return messagesPerSecond * (sendCpuMicrosPerMessage() + receiveCpuMicrosPerMessage()) / 1_000_000.0;
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private LoopbackCost()
    {
    }

    static Result measure(final Config config) throws IOException, InterruptedException
    {
        if (!THREADS.isCurrentThreadCpuTimeSupported())
        {
            throw new IllegalStateException("this JVM cannot measure thread CPU time");
        }
        final long pacingCpuNs = config.paceNs() == 0 ? 0 : pacingCpuNs(config);
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocketChannel server = ServerSocketChannel.open();
            Selector selector = Selector.open())
        {
            server.bind(new InetSocketAddress(loopback, 0), config.connections());
            final List<SocketChannel> senders = new ArrayList<>();
            try
            {
                for (int i = 0; i < config.connections(); i++)
                {
                    final SocketChannel sender = SocketChannel.open(server.getLocalAddress());
                    sender.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    senders.add(sender);
                    final SocketChannel accepted = server.accept();
                    accepted.configureBlocking(false);
                    accepted.register(selector, SelectionKey.OP_READ);
                }
                final Receiver receiver = new Receiver(selector, config.bytes());
                final Thread receiverThread = new Thread(receiver, "loopback-receiver");
                receiverThread.setDaemon(true); // a failed measurement must not keep the JVM up until its deadline
                receiverThread.start();
                receiver.started.join();

                final ByteBuffer message = ByteBuffer.allocateDirect(config.messageBytes());
                final long wallStartNs = System.nanoTime();
                final long cpuStartNs = THREADS.getCurrentThreadCpuTime();
                for (long m = 0; m < config.messages(); m++)
                {
                    final SocketChannel sender = senders.get((int)(m % senders.size()));
                    sender.write(message.clear()); // blocking: returns once the whole message is written
                    if (config.paceNs() > 0)
                    {
                        ConstantRateSchedule.awaitDue(System.nanoTime() + config.paceNs(), 0);
                    }
                }
                final long sendCpuNs = THREADS.getCurrentThreadCpuTime() - cpuStartNs - pacingCpuNs;
                final ReceiveFigures received = receiver.finished(receiverThread);
                return new Result(config, received.bytes, received.reads, Math.max(0, sendCpuNs),
                    received.cpuNs, System.nanoTime() - wallStartNs);
            }
            finally
            {
                for (final SocketChannel sender : senders)
                {
                    sender.close();
                }
            }
        }
    }

    /** The sender's pacing loop alone, as many turns as the measurement will make: its CPU is not the sends'. */
    private static long pacingCpuNs(final Config config)
    {
        final long startNs = THREADS.getCurrentThreadCpuTime();
        for (long m = 0; m < config.messages(); m++)
        {
            ConstantRateSchedule.awaitDue(System.nanoTime() + config.paceNs(), 0);
        }
        return THREADS.getCurrentThreadCpuTime() - startNs;
    }

    private record ReceiveFigures(long bytes, long reads, long cpuNs)
    {
    }

    /** Reads every connection until the expected bytes arrived; owned by the receiver thread. */
    private static final class Receiver implements Runnable
    {
        final CompletableFuture<Void> started = new CompletableFuture<>();
        private final CompletableFuture<ReceiveFigures> done = new CompletableFuture<>();
        private final Selector selector;
        private final long expectedBytes;

        Receiver(final Selector selector, final long expectedBytes)
        {
            this.selector = selector;
            this.expectedBytes = expectedBytes;
        }

        public void run()
        {
            final ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
            final long cpuStartNs = THREADS.getCurrentThreadCpuTime();
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(RECEIVE_DEADLINE_SECONDS);
            long bytes = 0;
            long reads = 0;
            started.complete(null);
            try
            {
                while (bytes < expectedBytes && System.nanoTime() < deadlineNs)
                {
                    selector.select(100);
                    for (final SelectionKey key : selector.selectedKeys())
                    {
                        int read;
                        while ((read = ((SocketChannel)key.channel()).read(buffer.clear())) > 0)
                        {
                            bytes += read;
                            reads++;
                        }
                    }
                    selector.selectedKeys().clear();
                }
                done.complete(new ReceiveFigures(bytes, reads, THREADS.getCurrentThreadCpuTime() - cpuStartNs));
            }
            catch (final IOException | RuntimeException ex)
            {
                done.completeExceptionally(ex);
            }
        }

        ReceiveFigures finished(final Thread thread) throws IOException, InterruptedException
        {
            try
            {
                final ReceiveFigures figures = done.get(RECEIVE_DEADLINE_SECONDS + 10, TimeUnit.SECONDS);
                thread.join(TimeUnit.SECONDS.toMillis(10));
                if (figures.bytes != expectedBytes)
                {
                    throw new IOException("the receiver got " + figures.bytes + " of " + expectedBytes
                        + " bytes within " + RECEIVE_DEADLINE_SECONDS + " s");
                }
                return figures;
            }
            catch (final ExecutionException ex)
            {
                throw new IOException("the receiver failed", ex.getCause());
            }
            catch (final TimeoutException ex)
            {
                thread.interrupt();
                throw new IOException("the receiver did not finish", ex);
            }
        }
    }
}
