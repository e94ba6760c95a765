package io.kairos.fix.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import io.kairos.access.ConnectionGate;
import io.kairos.access.ConnectionOrigins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real loopback sockets: what the framer writes through the channel and what the floor then holds. */
class SentSequenceTrackingChannelTest
{
    @TempDir
    Path dir;

    @Test
    void shouldRecordEachNewNumberBeforeWritingAndIgnoreReplays() throws Exception
    {
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, List.of("CLIENT01", "CLIENT02"));
            ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
            SocketChannel peer = SocketChannel.open(server.getLocalAddress());
            SocketChannel accepted = server.accept())
        {
            final CoalescedWrites coalesced = new CoalescedWrites();
            final SentSequenceTrackingChannel channel = new SentSequenceTrackingChannel(accepted, floor,
                new ConnectionGate(1, 1, System::currentTimeMillis, new ConnectionOrigins()), coalesced);
            write(channel, "35=A|34=7|49=KAIROS|56=CLIENT02|98=0|108=30|", 7, false);
            assertEquals(7, floor.lastSent("CLIENT02"));
            write(channel, "35=8|34=8|49=KAIROS|56=CLIENT02|11=B1|", 8, false);
            write(channel, "35=8|34=3|43=Y|49=KAIROS|56=CLIENT02|11=B0|", 3, true);
            assertEquals(8, floor.lastSent("CLIENT02"), "a replayed message reuses an old number");
            write(channel, "35=0|34=5|49=KAIROS|56=CLIENT02|", 5, false);
            assertEquals(8, floor.lastSent("CLIENT02"), "only a reset lowers the mark");
            write(channel, "35=A|34=1|49=KAIROS|56=CLIENT02|98=0|108=30|141=Y|", 1, false);
            assertEquals(1, floor.lastSent("CLIENT02"), "Logon with ResetSeqNumFlag=Y starts again at 1");
            assertEquals(0, floor.lastSent("CLIENT01"));
            coalesced.flush();
            peer.configureBlocking(true);
            assertEquals(true, peer.read(ByteBuffer.allocate(4096)) > 0, "the bytes went out");
        }
    }

    private static void write(final SentSequenceTrackingChannel channel, final String body, final int seqNum,
        final boolean replay)
        throws Exception
    {
        final byte[] bytes = ("8=FIX.4.4|9=99|" + body + "10=000|").replace('|', '\u0001')
            .getBytes(StandardCharsets.US_ASCII);
        final ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
        buffer.put(bytes).flip();
        while (buffer.hasRemaining())
        {
            channel.write(buffer, seqNum, replay);
        }
    }
}
