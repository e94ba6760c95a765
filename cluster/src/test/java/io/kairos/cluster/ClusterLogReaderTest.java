package io.kairos.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.kairos.engine.CommandCodec;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stopped member's consensus log read back offline gives exactly the commands the service applied, in order, once
 * each — also across the loss of the leader with orders in flight, after which the gateway resends what was
 * unanswered and the log holds some twice — with their log times; the old leader's log gives a prefix of the same.
 */
class ClusterLogReaderTest
{
    private static final EngineConfig ENGINE = EngineConfig.defaults(
        List.of(new Instrument("AAPL", 1, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 0)));

    @TempDir
    Path dir;

    private InProcessCluster cluster;

    @AfterEach
    void close()
    {
        CloseHelper.close(cluster);
    }

    private record Read(long index, long timeNs, String clOrdId)
    {
    }

    @Test
    void shouldReadEveryAppliedCommandOnceInLogOrderFromEachMembersLog()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        final Recorder recorder = new Recorder();
        final ClusterEngine client = cluster.startClient(ENGINE, recorder, true);
        final EngineCommand command = new EngineCommand();
        place(client, command, 0, 40);
        Await.until("the first acks", () -> recorder.newOrders() >= 10);
        final int leader = cluster.leader();
        cluster.stop(leader); // with orders in flight: the client resends them to the next leader
        place(client, command, 40, 80);
        Await.until("80 acks", () -> recorder.newOrders() == 80);
        final int newLeader = cluster.leader();
        final long applied = cluster.members[newLeader].appliedCommands();
        cluster.close();

        for (int m = 0; m < 3; m++)
        {
            final List<Read> commands = read(dir.resolve("m" + m));
            if (m != leader)
            {
                assertEquals(applied, commands.size(), "member " + m + " applied " + applied);
            }
            for (int i = 0; i < commands.size(); i++)
            {
                assertEquals(i + 1, commands.get(i).index(), "command indexes from 1, no gaps");
                assertEquals("B" + i, commands.get(i).clOrdId(), "each order once, in the order sent");
                assertTrue(i == 0 || commands.get(i).timeNs() >= commands.get(i - 1).timeNs(), "log times rise");
            }
        }
        assertEquals(80, applied, "the resends after the leader change were dropped, as the service drops them");
    }

    @Test
    void shouldReadACommandThatTheLogHoldsTwiceOnceAsTheServiceAppliedIt()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        final int leader = cluster.leader();
        final UnsafeBuffer message = new UnsafeBuffer(new byte[ClusterProtocol.MAX_COMMAND_LENGTH]);
        try (MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .threadingMode(ThreadingMode.SHARED).aeronDirectoryName(dir.resolve("raw-aeron").toString())
                .dirDeleteOnStart(true).dirDeleteOnShutdown(true));
            AeronCluster gateway = AeronCluster.connect(new AeronCluster.Context()
                .aeronDirectoryName(driver.aeronDirectoryName()).ingressChannel("aeron:udp")
                .ingressEndpoints(cluster.config(ClusterConfig.NOT_A_MEMBER, dir).ingressEndpoints())
                .egressChannel("aeron:udp?endpoint=127.0.0.1:0")
                .credentialsSupplier(new GatewayCredentials(ClusterSecret.of(InProcessCluster.CLIENT_SECRET)))))
        {
            final long[][] sent = {{1, 0}, {1, 0}, {2, 1}}; // (sequence, order number): the first one resent
            for (final long[] command : sent)
            {
                message.putByte(ClusterProtocol.TYPE_OFFSET, ClusterProtocol.COMMAND);
                message.putLong(ClusterProtocol.COMMAND_INSTANCE_OFFSET, 7);
                message.putLong(ClusterProtocol.COMMAND_SEQUENCE_OFFSET, command[0]);
                final int length = ClusterProtocol.COMMAND_PAYLOAD_OFFSET + CommandCodec.encode(new EngineCommand()
                    .newOrder(1, "B" + command[1], 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("99"),
                    1), message, ClusterProtocol.COMMAND_PAYLOAD_OFFSET);
                Await.until("the command offered", () -> gateway.offer(message, 0, length) > 0);
            }
            Await.until("two commands applied on every member", () -> java.util.Arrays.stream(cluster.members)
                .allMatch(member -> member.appliedCommands() == 2));
        }
        cluster.close();

        final List<Read> commands = read(dir.resolve("m" + leader));
        assertEquals(List.of("B0", "B1"), commands.stream().map(Read::clOrdId).toList(), "the resend dropped");
        assertEquals(2, commands.get(1).index());
    }

    @Test
    void shouldRefuseADirectoryThatHoldsNoMembersLog()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> new ClusterLogReader(dir).read((index, time, command) -> true));
        assertTrue(refused.getMessage().contains("is not a cluster member's directory"), refused.getMessage());
    }

    private static List<Read> read(final Path memberDir)
    {
        final List<Read> commands = new ArrayList<>();
        new ClusterLogReader(memberDir).read((index, timeNs, command) ->
            commands.add(new Read(index, timeNs, command.clOrdId.toString())));
        return commands;
    }

    private static void place(final ClusterEngine client, final EngineCommand command, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            assertEquals(1, client.publish(command.newOrder(1, "B" + i, 1, Side.BUY, OrderType.LIMIT,
                TimeInForce.DAY, Prices.parse("99"), 1)));
        }
    }
}
