package io.kairos.fix.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import io.kairos.access.ConnectionGate;
import io.kairos.access.ConnectionOrigins;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real loopback sockets: the messages the framer hands a connection in one duty cycle reach its socket together at
 * the flush, in order and complete, whatever the socket takes at a time.
 */
class CoalescedWritesTest
{
    private static final long WAIT_MS = 10_000;

    @TempDir
    Path dir;

    private SentSequenceFloor floor;
    private ServerSocketChannel server;
    private SocketChannel peer;
    private SocketChannel accepted;
    private final CoalescedWrites coalesced = new CoalescedWrites();
    private SentSequenceTrackingChannel channel;

    @BeforeEach
    void connect() throws IOException
    {
        floor = SentSequenceFloor.open(dir, List.of("CLIENT01"));
        server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        peer = SocketChannel.open(server.getLocalAddress());
        accepted = server.accept();
        accepted.configureBlocking(false);
        peer.configureBlocking(false);
        channel = new SentSequenceTrackingChannel(accepted, floor,
            new ConnectionGate(1, 1, System::currentTimeMillis, new ConnectionOrigins()), coalesced);
    }

    @AfterEach
    void close() throws IOException
    {
        channel.close();
        peer.close();
        server.close();
        floor.close();
    }

    @Test
    void shouldHoldTheMessagesOfADutyCycleUntilTheFlushThenWriteThemInOrder() throws IOException
    {
        final byte[] first = message(2, "11=A1|");
        final byte[] second = message(3, "11=A2|");
        assertEquals(first.length, channel.write(direct(first), 2, false));
        assertEquals(second.length, channel.write(direct(second), 3, false));
        assertEquals(3, floor.lastSent("CLIENT01"), "each number is recorded when the framer hands it over");
        assertEquals(0, peer.read(ByteBuffer.allocate(64)), "nothing on the socket before the flush");

        assertEquals(first.length + second.length, coalesced.flush());
        assertTrue(coalesced.isEmpty());
        assertArrayEquals(concat(first, second), readExactly(first.length + second.length));
    }

    @Test
    void shouldFlushWhatIsPendingBeforeTheNextRead() throws IOException
    {
        final byte[] ack = message(2, "11=A1|");
        channel.write(direct(ack), 2, false);

        peer.write(ByteBuffer.wrap("8=FIX.4.4".getBytes(StandardCharsets.US_ASCII)));
        final ByteBuffer in = ByteBuffer.allocate(64);
        final long deadline = System.currentTimeMillis() + WAIT_MS;
        while (in.position() == 0 && System.currentTimeMillis() < deadline)
        {
            channel.read(in);
        }
        assertTrue(coalesced.isEmpty(), "the read wrote the pending answer first");
        assertArrayEquals(ack, readExactly(ack.length));
    }

    @Test
    void shouldWriteAMessageLargerThanTheBufferStraightThrough() throws IOException
    {
        final byte[] small = message(2, "11=A1|");
        final byte[] large = message(3, "58=" + "x".repeat(SentSequenceTrackingChannel.PENDING_BYTES) + "|");
        channel.write(direct(small), 2, false);
        final ByteBuffer largeBuffer = direct(large);
        int handedOver = 0;
        final long deadline = System.currentTimeMillis() + WAIT_MS;
        while (largeBuffer.hasRemaining() && System.currentTimeMillis() < deadline)
        {
            handedOver += channel.write(largeBuffer, 3, false);
            drainInto(new ByteArrayOutputStream(), 0);
        }
        assertEquals(large.length, handedOver);
    }

    @Test
    void shouldAcceptOnlyWhatFitsWhileTheSocketIsFullAndLoseNothing() throws IOException
    {
        accepted.setOption(StandardSocketOptions.SO_SNDBUF, 4096);
        peer.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
        final ByteArrayOutputStream expected = new ByteArrayOutputStream();
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        int refused = 0;
        for (int seqNum = 2; seqNum < 400; seqNum++)
        {
            final byte[] bytes = message(seqNum, "11=ORDER" + seqNum + "|58=" + "y".repeat(200) + "|");
            final ByteBuffer buffer = direct(bytes);
            final int accepted = channel.write(buffer, seqNum, false);
            expected.write(bytes, 0, accepted);
            if (accepted < bytes.length)
            {
                refused++;
                // as Artio's framer does with a partial write: it retries the rest later, after the peer reads
                final long deadline = System.currentTimeMillis() + WAIT_MS;
                while (buffer.hasRemaining() && System.currentTimeMillis() < deadline)
                {
                    drainInto(received, 0);
                    coalesced.flush();
                    final int from = buffer.position();
                    final int more = channel.write(buffer, seqNum, false);
                    expected.write(bytes, from, more);
                }
            }
            if (seqNum % 50 == 0)
            {
                coalesced.flush();
            }
        }
        assertTrue(refused > 0, "the socket filled up at least once");
        final long deadline = System.currentTimeMillis() + WAIT_MS;
        while (received.size() < expected.size() && System.currentTimeMillis() < deadline)
        {
            coalesced.flush();
            drainInto(received, 1);
        }
        assertArrayEquals(expected.toByteArray(), received.toByteArray());
    }

    @Test
    void shouldReportAFailedSocketWriteAtTheNextWrite() throws IOException
    {
        peer.setOption(StandardSocketOptions.SO_LINGER, 0);
        peer.close(); // a reset: the venue's writes now fail
        final long deadline = System.currentTimeMillis() + WAIT_MS;
        boolean failed = false;
        for (int seqNum = 2; !failed && System.currentTimeMillis() < deadline; seqNum++)
        {
            try
            {
                channel.write(direct(message(seqNum, "11=A" + seqNum + "|")), seqNum, false);
                coalesced.flush();
            }
            catch (final IOException expected)
            {
                failed = true;
            }
        }
        assertTrue(failed, "a write after the failed flush throws, so that Artio disconnects the session");
        assertThrows(IOException.class, () -> channel.write(direct(message(9, "11=Z|")), 9, false));
    }

    @Test
    void shouldWritePendingBytesWhenClosed() throws IOException
    {
        final byte[] logout = message(2, "58=bye|");
        channel.write(direct(logout), 2, false);
        channel.close();
        assertTrue(coalesced.isEmpty(), "a closed connection is no longer listed");
        assertArrayEquals(logout, readExactly(logout.length));
    }

    private byte[] readExactly(final int length) throws IOException
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final long deadline = System.currentTimeMillis() + WAIT_MS;
        while (out.size() < length && System.currentTimeMillis() < deadline)
        {
            drainInto(out, 1);
        }
        return out.toByteArray();
    }

    private void drainInto(final ByteArrayOutputStream out, final long pauseMs) throws IOException
    {
        final ByteBuffer in = ByteBuffer.allocate(8192);
        final int read = peer.read(in);
        if (read > 0)
        {
            out.write(in.array(), 0, read);
        }
        else if (pauseMs > 0)
        {
            try
            {
                Thread.sleep(pauseMs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static byte[] message(final int seqNum, final String fields)
    {
        return ("8=FIX.4.4|9=99|35=8|34=" + seqNum + "|49=KAIROS|56=CLIENT01|" + fields + "10=000|")
            .replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
    }

    private static ByteBuffer direct(final byte[] bytes)
    {
        final ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
        buffer.put(bytes).flip();
        return buffer;
    }

    private static byte[] concat(final byte[] a, final byte[] b)
    {
        final byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
