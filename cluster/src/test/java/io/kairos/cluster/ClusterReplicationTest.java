package io.kairos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three members and a gateway's client in this JVM, on loopback: commands are matched by the cluster and every event
 * comes back to the client once, also across the loss of the leader.
 */
class ClusterReplicationTest
{
    private static final int AAPL = 1;
    private static final EngineConfig ENGINE = EngineConfig.defaults(
        List.of(new Instrument("AAPL", AAPL, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 0)));

    @TempDir
    Path dir;

    private final Recorder recorder = new Recorder();
    private InProcessCluster cluster;
    private ClusterEngine client;

    @AfterEach
    void close()
    {
        CloseHelper.close(cluster);
    }

    @ParameterizedTest
    @EnumSource(MemberThreading.class)
    void shouldAcknowledgeEveryOrderOnceAcrossTheLossOfTheLeader(final MemberThreading threading)
    {
        cluster = new InProcessCluster(dir, threading).launch(ENGINE);
        client = cluster.startClient(ENGINE, recorder, true);
        final EngineCommand command = new EngineCommand();
        placeBids(command, 0, 50);
        Await.until("50 acks", () -> recorder.newOrders() == 50);

        cluster.stop(cluster.leader());
        placeBids(command, 50, 100);
        Await.until("100 acks", () -> recorder.newOrders() == 100);

        assertEquals(100, recorder.newOrders());
        assertTrue(recorder.eachClOrdIdOnce(), "no order acknowledged twice: " + recorder.duplicates());
        assertTrue(client.leaderChanges() >= 1, "the client followed a new leader");
    }

    /** An archive that forces keeps a thread of its own; one that never forces runs on the member's thread. */
    @ParameterizedTest(name = "cluster.file-sync={0}")
    @ValueSource(booleans = {true, false})
    void shouldRunACompactMembersDriverConsensusModuleAndANeverForcingArchiveOnOneThreadOfItsOwn(final boolean fileSync)
    {
        cluster = new InProcessCluster(dir, MemberThreading.COMPACT, fileSync).launch(ENGINE);
        client = cluster.startClient(ENGINE, recorder, true);
        final EngineCommand command = new EngineCommand();
        placeBids(command, 0, 10);
        Await.until("10 acks", () -> recorder.newOrders() == 10);

        final java.util.List<String> names = Thread.getAllStackTraces().keySet().stream().map(Thread::getName).toList();
        assertEquals(3, names.stream().filter(n -> n.matches("kairos-member-[0-2]")).count(), names::toString);
        assertEquals(0, names.stream().filter(n -> n.startsWith("consensus-module")).count(),
            "no consensus module thread of Aeron's: " + names);
        assertEquals(fileSync ? 3 : 0, names.stream().filter(n -> n.startsWith("archive-conductor")).count(),
            (fileSync ? "each archive on its own thread: " : "no archive thread: ") + names);
    }

    @Test
    void shouldTradeAndReportBothSides()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        client = cluster.startClient(ENGINE, recorder, true);
        final EngineCommand command = new EngineCommand();
        publish(command.newOrder(1, "S1", AAPL, Side.SELL, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 5));
        publish(command.newOrder(2, "B1", AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.DAY, Prices.parse("100"), 3));
        Await.until("two fills", () -> recorder.fills() == 2);
        assertEquals(1, recorder.bookEvents(BookEvent.Type.ADD), "the sell rested");
        assertEquals(1, recorder.bookEvents(BookEvent.Type.EXECUTE), "and traded 3");
    }

    @Test
    void shouldRestoreTheBooksFromASnapshotAndTheLogWhenTheWholeClusterRestarts()
    {
        final EngineConfig engine = ENGINE.withSnapshotEveryCommands(100);
        cluster = new InProcessCluster(dir).launch(engine);
        client = cluster.startClient(engine, recorder, true);
        final ClusterMember[] members = cluster.members;
        final EngineCommand command = new EngineCommand();
        placeBids(command, 0, 100);
        Await.until("100 acks", () -> recorder.newOrders() == 100);
        Await.until("a snapshot at command 100 on every member", () -> java.util.Arrays.stream(members)
            .allMatch(m -> m.lastSnapshotIndex() == 100));
        placeBids(command, 100, 130); // 30 more, no snapshot due: the log after the snapshot
        Await.until("130 acks", () -> recorder.newOrders() == 130);
        cluster.stopClient();
        cluster.closeMembers();

        cluster.launch(engine);
        final Recorder restarted = new Recorder();
        cluster.startClient(engine, restarted, false);
        assertEquals(130, restarted.bookEvents(BookEvent.Type.ADD), "every resting bid, described at the gateway's " +
            "start from the snapshot and the log after it");
        assertTrue(restarted.allBookEventsRecovered(), "as recovered ADDs");
        Await.until("each member back at the last command", () -> java.util.Arrays.stream(members)
            .allMatch(m -> m.appliedCommands() == 130));
        for (final ClusterMember member : members)
        {
            assertEquals(100, member.lastSnapshotIndex(), "started from the snapshot, then the log after it");
        }
    }

    private void placeBids(final EngineCommand command, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            publish(command.newOrder(1, "B" + i, AAPL, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                Prices.parse("99"), 1));
        }
    }

    private void publish(final EngineCommand command)
    {
        assertEquals(1, client.publish(command), "taken by the client");
    }
}
